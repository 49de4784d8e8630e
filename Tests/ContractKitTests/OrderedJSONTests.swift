import Testing

@testable import ContractKitRuntime

/// A document built with its members in order is spelled as the same value is.
@Suite("Canonical JSON: ordered documents")
struct OrderedJSONTests {
  @Test("an ordered document's bytes are its value's, whatever order its members were given in")
  func sameBytes() {
    let nested: JSONValue = ["z": [1, "two", nil], "a": ["é": true, "e": 1.5], "m": [:]]
    let document = OrderedJSON.object([
      ("zeta", .array([.value(nested), .object([]), .array([])])),
      ("Alpha", .value("A\\\"\n")),
      ("é", .object([("b", .value(2)), ("a", .value(nested))])),
      ("beta", .members([("a", .value(nil)), ("b", .array([.value([])]))])),
    ])
    let bytes = document.canonicalBytes(expectedSize: 16)
    #expect(bytes == CanonicalJSON.encode(document.jsonValue))
    #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("{\n  \"Alpha\" : \"A\\\\\\\"\\n\",\n  \"beta\" : {\n"))
  }
}
