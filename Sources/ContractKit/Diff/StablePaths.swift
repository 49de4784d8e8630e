import ContractKitRuntime

/// Names places in one payload so that a row keeps its name when it moves: an array index
/// is replaced by the element's `vmId` where every element has one (the arrays
/// ``ArrayMatching`` matches by identity; the k-th row sharing an identity is named by the
/// identity and k), and kept elsewhere.
///
/// Two versions of a payload, or two locales of one, name the same row the same way, so
/// facts learned in one (this string is localized, this problem was already there) apply to
/// the other whatever the order of its rows.
struct StablePaths {
  private let document: JSONValue
  /// The stable tokens of each array matched by identity and their positions, by the
  /// array's pointer; `nil` for arrays matched by index.
  private var cache: [String: (names: [String], positions: [String: Int])?] = [:]

  init(_ document: JSONValue) { self.document = document }

  /// The stable token of each of `elements`, or `nil` when the array is matched by index.
  ///
  /// Tokens start with U+0001, so they are never an index: the identity, then for the k-th
  /// repeat of an identity (k ≥ 1) U+0001 and k.
  static func identityTokens(_ elements: [JSONValue]) -> [String]? {
    guard let ids = ArrayMatching.allIdentities(elements) else { return nil }
    var seen: [String: Int] = [:]
    return ids.map { id in
      let occurrence = seen[id, default: 0]
      seen[id] = occurrence + 1
      return occurrence == 0 ? "\u{1}" + id : "\u{1}\(id)\u{1}\(occurrence)"
    }
  }

  /// The stable name of `pointer`.
  mutating func path(of pointer: String) -> String {
    var current: JSONValue? = document
    var walked = ""
    var name = ""
    for token in JSONPointer.tokens(of: pointer) {
      var stableToken = token
      switch current {
      case .object(let members)?:
        current = members[token]
      case .array(let elements)?:
        guard let index = Int(token), elements.indices.contains(index) else {
          current = nil
          break
        }
        current = elements[index]
        if let tokens = tokens(of: elements, at: walked) { stableToken = tokens.names[index] }
      default:
        current = nil
      }
      walked = JSONPointer.appending(token, to: walked)
      name = JSONPointer.appending(stableToken, to: name)
    }
    return name
  }

  /// `pointer` with every array index written `*`, as `contract.json` patterns are.
  func pattern(of pointer: String) -> String {
    var current: JSONValue? = document
    var pattern = ""
    for token in JSONPointer.tokens(of: pointer) {
      switch current {
      case .array(let elements)?:
        current = Int(token).flatMap { elements.indices.contains($0) ? elements[$0] : nil }
        pattern = JSONPointer.appending("*", to: pattern)
      case .object(let members)?:
        current = members[token]
        pattern = JSONPointer.appending(token, to: pattern)
      default:
        current = nil
        pattern = JSONPointer.appending(token, to: pattern)
      }
    }
    return pattern
  }

  /// The pointer in this payload of the place `stablePath` names, or `nil` when this payload
  /// has no such place.
  mutating func pointer(of stablePath: String) -> String? {
    var current = document
    var pointer = ""
    for token in JSONPointer.tokens(of: stablePath) {
      switch current {
      case .object(let members):
        guard let member = members[token] else { return nil }
        current = member
        pointer = JSONPointer.appending(token, to: pointer)
      case .array(let elements):
        let index = token.unicodeScalars.first == "\u{1}"
          ? tokens(of: elements, at: pointer)?.positions[token] : Int(token)
        guard let index, elements.indices.contains(index) else { return nil }
        current = elements[index]
        pointer = JSONPointer.appending(index, to: pointer)
      default:
        return nil
      }
    }
    return pointer
  }

  /// The pointers in this payload of every place in `stablePaths` it has.
  mutating func pointers(of stablePaths: Set<String>) -> Set<String> {
    var pointers = Set<String>()
    for path in stablePaths {
      if let pointer = pointer(of: path) { pointers.insert(pointer) }
    }
    return pointers
  }

  /// The stable tokens of the array at `pointer` and the position of each, computed once per
  /// array; `nil` when it is matched by index.
  private mutating func tokens(of elements: [JSONValue], at pointer: String)
    -> (names: [String], positions: [String: Int])?
  {
    if let known = cache[pointer] { return known }
    var result: (names: [String], positions: [String: Int])?
    if let names = Self.identityTokens(elements) {
      result = (names, Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a }))
    }
    cache[pointer] = .some(result)
    return result
  }
}
