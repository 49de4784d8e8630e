import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// A contract's decoder as data: what `record` keeps in `contract.json` and what `compat`
/// rebuilds inside a release's own package.
@Suite("Producers: the decoder a contract declares")
struct DecoderDeclarationTests {
  struct Order: Codable, Sendable { var totalCents = 1 }

  @Test("a decoder's strategies as data; a custom strategy is named, and said to be not carried")
  func describing() throws {
    #expect(CanonicalJSON.string(DecoderDeclaration(describing: JSONDecoder()).json) == "{}\n")
    let snake = JSONDecoder()
    snake.keyDecodingStrategy = .convertFromSnakeCase
    snake.dateDecodingStrategy = .iso8601
    snake.dataDecodingStrategy = .deferredToData
    snake.nonConformingFloatDecodingStrategy = .convertFromString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    let declaration = DecoderDeclaration(describing: snake)
    #expect(CanonicalJSON.string(declaration.json) == """
      {
        "data" : "deferred",
        "dates" : "iso8601",
        "keys" : "snake-case",
        "nonConformingFloats" : [
          "inf",
          "-inf",
          "nan"
        ]
      }

      """)
    #expect(try DecoderDeclaration(json: declaration.json, file: "contract.json") == declaration)
    #expect(declaration.uncarried.isEmpty)
    let custom = JSONDecoder()
    custom.dateDecodingStrategy = .custom { _ in Date() }
    #expect(DecoderDeclaration(describing: custom).dates == "custom")
    #expect(DecoderDeclaration(describing: custom).uncarried == [
      "its custom date strategy (dates are accepted in ISO 8601, as yyyy-MM-dd, "
        + "yyyy-MM-dd HH:mm:ss or as seconds since 1970)",
    ])
    #expect {
      try DecoderDeclaration(json: JSONValue.object(["keys": .bool(true)]), file: "contract.json")
    } throws: { "\($0)" == "contract.json: expected a string at '/decoder/keys' in contract metadata" }
  }

  @Test("record keeps an app's own decoder in contract.json, and nothing for ContractKit's")
  func recorded() throws {
    let scenario = try Scenario()
    let catalog = try scenario.catalog { catalog in
      try catalog.register(Order.self, named: "Snake", stub: { Order() }, encoder: { _ in
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return encoder
      }, decoder: {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
      })
      try catalog.register(Order.self, named: "Plain", stub: { Order() }, encoder: { _ in JSONEncoder() })
      try catalog.register(Order.self, named: "Vocabulary", stub: { Order() })
    }
    try scenario.record(catalog)
    func decoder(_ contract: String) throws -> JSONValue? {
      try JSONParser.parse(contentsOf: scenario.baselines.path + "/\(contract)/1.0.0/contract.json")["decoder"]
    }
    #expect(try decoder("Snake") == .object(["keys": "snake-case"]))
    #expect(try decoder("Plain") == .object([:]))
    #expect(try decoder("Vocabulary") == nil)
    #expect(try scenario.check(catalog).findings.isEmpty)
  }
}
