import Foundation

/// The `%{name}` placeholders of a localized template.
package enum Placeholders {
  /// The placeholder names in `text`, in order of appearance, repeats included.
  package static func names(in text: String) -> [String] {
    guard mayContainPlaceholder(text) else { return [] }
    var names: [String] = []
    var rest = text[...]
    while let start = rest.range(of: "%{") {
      let afterOpen = rest[start.upperBound...]
      guard let close = afterOpen.firstIndex(of: "}") else { break }
      let name = afterOpen[..<close]
      if !name.isEmpty, name.allSatisfy(isNameCharacter) { names.append(String(name)) }
      rest = afterOpen[afterOpen.index(after: close)...]
    }
    return names
  }

  /// `text` with every `%{name}` that `values` names replaced; others stay as they are.
  static func substitute(_ values: [String: String], in text: String) -> String {
    guard mayContainPlaceholder(text) else { return text }
    var result = ""
    var rest = text[...]
    while let start = rest.range(of: "%{") {
      result += rest[..<start.lowerBound]
      let afterOpen = rest[start.upperBound...]
      guard let close = afterOpen.firstIndex(of: "}") else {
        rest = rest[start.lowerBound...]
        break
      }
      let name = String(afterOpen[..<close])
      result += values[name] ?? "%{\(name)}"
      rest = afterOpen[afterOpen.index(after: close)...]
    }
    result += rest
    return result
  }

  /// Whether `text` contains `%{`: one pass over its bytes, the answer for nearly every
  /// string, before any search that goes through Foundation.
  package static func mayContainPlaceholder(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes -> Bool in
      guard var cursor = bytes.baseAddress else { return false }
      let end = cursor + bytes.count
      // `memchr` finds each `%` at memory speed; nearly every string has none.
      while cursor < end, let percent = memchr(cursor, Int32(UInt8(ascii: "%")), end - cursor) {
        let next = UnsafePointer(percent.assumingMemoryBound(to: UInt8.self)) + 1
        if next < end, next.pointee == UInt8(ascii: "{") { return true }
        cursor = next
      }
      return false
    }
  }


  private static func isNameCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_" || character == "-"
      || character == "."
  }
}
