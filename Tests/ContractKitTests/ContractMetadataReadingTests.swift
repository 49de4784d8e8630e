import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// `contract.json` is read from its tokens where they say all the parser would, and from the
/// parsed value where only the parser can: the same metadata, and the same message for what
/// is wrong, either way.
@Suite("Baselines: reading contract.json")
struct ContractMetadataReadingTests {
  /// The metadata from the parsed value: the reading the tokens' must equal.
  private static func parsedReading(_ text: String) throws -> ContractMetadata {
    try ContractMetadata(json: JSONParser.parse(Array(text.utf8), file: "contract.json"),
                         file: "contract.json")
  }

  private static func reading(_ text: String) throws -> ContractMetadata {
    try ContractMetadata(bytes: Array(text.utf8), file: "contract.json")
  }

  /// A document with every member `contract.json` may have, each annotation kind once.
  private static let everything = """
    {"contract": "Orders", "version": "2.0.0", "baseLocale": "en", "locales": ["en", "de"],
     "variants": ["default", "empty"], "redactions": ["/serverTime"],
     "decoder": {"keys": "snake-case", "dates": "iso8601", "allowsJSON5": true,
                 "nonConformingFloats": ["inf", "-inf", "nan"]},
     "staleTranslations": [{"locale": "de", "variant": "default", "path": "/title",
                            "base": "Sign out", "translation": {"text": "Abmelden", "n": 1.50}}],
     "paths": {
       "/title": [{"kind": "localized", "keys": ["Orders.title", "Orders.\\u00e9t\\"e"]}],
       "/status": [{"kind": "enum", "type": "Status", "cases": ["open", "closed"]}],
       "/promo": [{"kind": "versioned", "since": "2.0.0", "until": null}, {"kind": "optional"}],
       "/vmId": [{"kind": "identity"}], "/banner/vmId": [{"kind": "random-identity"}],
       "/at": [{"kind": "date"}], "/when": [{"kind": "localized-date"}],
       "/n": [{"kind": "localized-number"}], "/name": [{"kind": "text"}]
     }}
    """

  @Test("every committed contract.json reads from its tokens as from its parsed value")
  func committedTrees() throws {
    let manager = FileManager.default
    var read = 0
    for root in [committedBaselines,
                 packageRoot.appendingPathComponent("Examples/QuickStart/.VersionedTestJSON")] {
      guard let walker = manager.enumerator(atPath: root.path) else { continue }
      for case let path as String in walker where path.hasSuffix("/contract.json") {
        let bytes = try #require(manager.contents(atPath: root.appendingPathComponent(path).path))
        #expect(JSONTokens.document(Array(bytes)) != nil, "\(path) is read from its tokens")
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(try Self.reading(text) == Self.parsedReading(text), "\(path)")
        read += 1
      }
    }
    #expect(read >= 40, "the sample's and the quick start's trees hold dozens")
  }

  @Test("written back, a read contract.json is its canonical spelling, annotations in spelling order")
  func writtenBack() throws {
    let metadata = try Self.reading(Self.everything)
    let parsed = try JSONParser.parse(Array(Self.everything.utf8), file: "contract.json")
    // "/promo" lists versioned before optional; optional's spelling comes first.
    guard case .object(var document) = parsed, case .object(var paths)? = document["paths"],
      case .array(let promo)? = paths["/promo"]
    else {
      Issue.record("the document has no /paths//promo array")
      return
    }
    paths["/promo"] = .array(promo.reversed())
    document["paths"] = .object(paths)
    #expect(metadata.canonicalBytes == CanonicalJSON.encode(.object(document)))
    #expect(metadata.canonicalBytes == CanonicalJSON.encode(metadata.json))
  }

  @Test("contract.json's exact bytes: members, patterns and annotations in code-point order")
  func exactBytes() {
    let metadata = ContractMetadata(
      contract: "A", version: "1.0.0", baseLocale: "en", locales: ["en", "de"],
      variants: ["default"],
      annotations: ["/b": [.identity],
                    "/a": [.versioned(since: .init(1, 0, 0), until: nil), .localized(keys: ["A.a"])]])
    #expect(String(decoding: metadata.canonicalBytes, as: UTF8.self) == """
      {
        "baseLocale" : "en",
        "contract" : "A",
        "locales" : [
          "en",
          "de"
        ],
        "paths" : {
          "/a" : [
            {
              "keys" : [
                "A.a"
              ],
              "kind" : "localized"
            },
            {
              "kind" : "versioned",
              "since" : "1.0.0",
              "until" : null
            }
          ],
          "/b" : [
            {
              "kind" : "identity"
            }
          ]
        },
        "variants" : [
          "default"
        ],
        "version" : "1.0.0"
      }

      """)
  }

  @Test("each member and annotation kind, escapes in values included, reads alike")
  func everyMember() throws {
    #expect(JSONTokens.document(Array(Self.everything.utf8)) != nil)
    let metadata = try Self.reading(Self.everything)
    #expect(metadata == (try Self.parsedReading(Self.everything)))
    #expect(metadata.annotations["/title"] == [.localized(keys: ["Orders.title", "Orders.ét\"e"])])
    #expect(metadata.annotations["/promo"]
      == [.versioned(since: SystemVersion(2, 0, 0), until: nil), .optional])
    #expect(metadata.decoder?.allowsJSON5 == true)
    #expect(metadata.translationSources.first?.translation["text"] == "Abmelden")
  }

  @Test("a key twice is the parser's error, even where no reader looks",
        arguments: [
          ("\"/name\": [{\"kind\": \"text\", \"kind\": \"text\"}]", 4, 28),
          ("\"/name\": [{\"kind\": \"text\", \"extra\": {\"a\": 1, \"a\": 2}}]", 4, 46),
        ])
  func keyTwice(member: String, line: Int, column: Int) throws {
    let text = "{\"contract\": \"A\", \"version\": \"1.0.0\", \"baseLocale\": \"en\",\n"
      + "\"locales\": [\"en\"],\n\"variants\": [\"default\"], \"paths\": {\n" + member + "}}"
    #expect(JSONTokens.document(Array(text.utf8)) == nil)
    #expect { _ = try Self.reading(text) } throws: {
      "\($0)".hasPrefix("contract.json:\(line):\(column): duplicate key")
    }
  }

  @Test("a key beyond plain ASCII is read from the parsed value, alike")
  func unicodeKey() throws {
    let text = Self.everything.replacingOccurrences(of: "\"/at\"", with: "\"/\\u00e0\"")
    #expect(JSONTokens.document(Array(text.utf8)) == nil)
    #expect(try Self.reading(text).annotations["/à"] == [.date])
  }

  @Test("what is wrong is named alike from the tokens and from the parsed value",
        arguments: [
          ("\"contract\": \"Orders\"", "\"contract\": 3",
           "expected a string at '/contract' in contract metadata"),
          ("\"locales\": [\"en\", \"de\"]", "\"locales\": [\"en\", null]",
           "expected an array of strings at '/locales' in contract metadata"),
          ("\"redactions\": [\"/serverTime\"]", "\"redactions\": {}",
           "expected an array of strings at '/redactions' in contract metadata"),
          ("\"/n\": [{\"kind\": \"localized-number\"}]", "\"/n\": {\"kind\": \"text\"}",
           "expected an array at '/paths/~1n' in contract metadata"),
          ("{\"kind\": \"text\"}", "{\"kind\": \"texts\"}",
           "expected a known annotation at '/paths/~1name' in contract metadata"),
          ("\"since\": \"2.0.0\"", "\"since\": 2",
           "expected a known annotation at '/paths/~1promo' in contract metadata"),
          ("\"cases\": [\"open\", \"closed\"]", "\"cases\": [\"open\", false]",
           "expected a known annotation at '/paths/~1status' in contract metadata"),
          ("\"keys\": \"snake-case\"", "\"keys\": true",
           "expected a string at '/decoder/keys' in contract metadata"),
          ("\"nonConformingFloats\": [\"inf\", \"-inf\", \"nan\"]", "\"nonConformingFloats\": [\"inf\"]",
           "expected three strings at '/decoder/nonConformingFloats' in contract metadata"),
          ("\"locale\": \"de\", ", "",
           "expected locale, variant, path, base and translation at '/staleTranslations/0' in "
             + "contract metadata"),
        ])
  func sameMessage(original: String, damaged: String, message: String) throws {
    let text = Self.everything.replacingOccurrences(of: original, with: damaged)
    #expect(text != Self.everything)
    #expect(JSONTokens.document(Array(text.utf8)) != nil)
    for read in [Self.reading, Self.parsedReading] {
      #expect { _ = try read(text) } throws: { "\($0)" == "contract.json: \(message)" }
    }
  }
}
