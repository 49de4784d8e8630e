import ContractKitRuntime
/// Escaping for the HTML report: every piece of data reaches the page through here.
///
/// Contract names, paths, messages and JSON values come from users' code, YAML files and
/// committed baselines; a value holding `<script>alert(1)</script>` must be shown, never run.
/// Text and attribute values escape the five characters HTML gives meaning to, and control
/// characters are spelled out as text output spells them (``DisplayText``), so no byte of the
/// data can open a tag, close an attribute or hide in an invisible character.
///
/// ```swift
/// HTMLText.escaped("<b title=\"x\">")   // "&lt;b title=&quot;x&quot;&gt;"
/// ```
enum HTMLText {
  /// `text` safe as element content or as a quoted attribute value.
  static func escaped(_ text: String) -> String {
    let spelled = DisplayText.escaped(text)
    guard spelled.utf8.contains(where: { _needsEscape[Int($0)] }) else { return spelled }
    var result = ""
    result.reserveCapacity(spelled.utf8.count + 16)
    for scalar in spelled.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Multi-line text (a JSON excerpt, a diff line) escaped the same way, its line breaks kept.
  static func escapedLines(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { escaped(String($0)) }.joined(separator: "\n")
  }

  /// An element `<name class="…">content</name>`; `content` must already be HTML.
  static func element(_ name: String, class className: String? = nil, _ content: String)
    -> String
  {
    let attribute = className.map { " class=\"\(escaped($0))\"" } ?? ""
    return "<\(name)\(attribute)>\(content)</\(name)>"
  }

  /// `<code>…</code>` around escaped `text`.
  static func code(_ text: String) -> String { element("code", escaped(text)) }

  /// Which ASCII bytes ``escaped(_:)`` replaces.
  private static let _needsEscape: [Bool] = (0..<256).map {
    [UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""),
     UInt8(ascii: "'")].contains(UInt8($0))
  }
}
