import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// Where the encoder says a value is: the pointer of every lookup, the pattern of every
/// annotation and the coding path a type's `encode(to:)` sees, whether or not the encoding
/// records annotations, at every depth of objects and arrays, with encoders reused for
/// sibling after sibling.
@Suite("Encoding: where each value is")
struct EncodingPathTests {
  /// Records the coding path it is encoded at, as a pointer, and encodes as that text.
  struct Where: Encodable {
    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode("/" + encoder.codingPath.map(\.stringValue).joined(separator: "/"))
    }
  }

  struct Cell: Encodable {
    let text: LocalizableString
    let at = Where()
    let count: LocalizableInt
  }

  struct Row: Encodable {
    let cells: [Cell]
    let grid: [[Where]]
    let title: LocalizableString
    let kind: Kind
    let note: String?
  }

  enum Kind: ViewModelEnum { case plain, fancy }

  struct Screen: Encodable {
    let rows: [Row]
    let at = Where()
    let heading: LocalizableString

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(rows, forKey: .rows)
      try container.encode(at, forKey: .at)
      try container.encode(heading, forKey: .heading)
      var nested = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .nested)
      try nested.encode(Where(), forKey: .at)
      var list = container.nestedUnkeyedContainer(forKey: .list)
      try list.encode(Where())
      var inner = list.nestedUnkeyedContainer()
      try inner.encode(Where())
      try inner.encode(LocalizableString.localized(key: "S.deep"))
    }

    enum CodingKeys: String, CodingKey { case rows, at, heading, nested, list }
  }

  static let screen = Screen(
    rows: (0..<3).map { row in
      Row(cells: (0..<2).map { cell in
            Cell(text: .localized(key: "S.cell\(row)\(cell)"), count: LocalizableInt(value: row))
          },
          grid: [[Where(), Where()], [Where()]],
          title: .localized(key: "S.row\(row)"), kind: row == 1 ? .fancy : .plain,
          note: row == 2 ? "n" : nil)
    },
    heading: .localized(key: "S.heading"))

  static let expectedLookups = [
    "/rows/0/cells/0/text", "/rows/0/cells/1/text", "/rows/0/title",
    "/rows/1/cells/0/text", "/rows/1/cells/1/text", "/rows/1/title",
    "/rows/2/cells/0/text", "/rows/2/cells/1/text", "/rows/2/title",
    "/heading", "/list/1/1",
  ]

  @Test("lookups, annotations and coding paths name each value's place", arguments: [true, false])
  func places(collectsAnnotations: Bool) throws {
    let store = try makeStore("en:\n  S:\n    heading: \"H\"\n")
    var encoder = LocalizingEncoder(locale: "en", store: store, version: .init(1, 0, 0))
    encoder.collectsAnnotations = collectsAnnotations
    let payload = try encoder.encode(Self.screen)
    #expect(payload.lookups.map(\.pointer) == Self.expectedLookups)
    // Each `Where` spelled the coding path it saw where it stands.
    func wheres(_ value: JSONValue, at pointer: String, into found: inout [String: String]) {
      switch value {
      case .object(let members):
        for (key, member) in members { wheres(member, at: pointer + "/" + key, into: &found) }
      case .array(let elements):
        for (index, element) in elements.enumerated() {
          wheres(element, at: pointer + "/\(index)", into: &found)
        }
      case .string(let text) where text.hasPrefix("/"): found[pointer] = text
      default: break
      }
    }
    var found: [String: String] = [:]
    wheres(payload.value, at: "", into: &found)
    #expect(found.count == 3 * (2 + 3) + 4)
    for (pointer, seen) in found { #expect(seen == pointer) }
    if collectsAnnotations {
      #expect(payload.annotations["/rows/*/cells/*/text"] != nil)
      #expect(payload.annotations["/rows/*/cells/*/count"] == [.localizedNumber])
      #expect(payload.annotations["/rows/*/kind"]
        == [.enumeration(type: "EncodingPathTests.Kind", cases: ["plain", "fancy"])])
      #expect(payload.annotations["/rows/*/note"] == [.optional])
      #expect(payload.annotations["/list/*/*"] != nil)
    } else {
      #expect(payload.annotations.isEmpty)
    }
  }
}
