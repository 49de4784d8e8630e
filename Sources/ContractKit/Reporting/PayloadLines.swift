import ContractKitRuntime
/// Where a JSON Pointer's value starts in a payload file written as canonical JSON, so an
/// annotation can point at its line.
///
/// Canonical JSON puts every member and element on its own line (``CanonicalJSON``), so the
/// line follows from the document alone. A pointer the document lacks (an added field) is
/// placed at its nearest existing parent.
enum PayloadLines {
  /// The 1-based line of `pointer` in `document`'s canonical spelling.
  static func line(of pointer: String, in document: JSONValue) -> Int {
    var line = 1
    var value = document
    for token in JSONPointer.tokens(of: pointer) {
      switch value {
      case .object(let members):
        guard let target = members[token] else { return line }
        line += 1
        for key in members.keys.sorted(by: codePointOrder) where key != token {
          if codePointOrder(token, key) { break }
          line += height(members[key] ?? .null)
        }
        value = target
      case .array(let elements):
        guard let index = Int(token), elements.indices.contains(index) else { return line }
        line += 1
        for element in elements[..<index] { line += height(element) }
        value = elements[index]
      default:
        return line
      }
    }
    return line
  }

  /// How many lines `value` takes: one for a scalar or an empty container, else its opening
  /// and closing lines around its members'.
  static func height(_ value: JSONValue) -> Int {
    // Iterative: payloads may nest 1,000 levels deep.
    var lines = 0
    var pending = [value]
    while let next = pending.popLast() {
      switch next {
      case .object(let members) where !members.isEmpty:
        lines += 2
        pending += members.values
      case .array(let elements) where !elements.isEmpty:
        lines += 2
        pending += elements
      default:
        lines += 1
      }
    }
    return lines
  }
}
