import Foundation
import Testing

@testable import ContractKit
@testable import ContractKitRuntime

/// ``CanonicalFacts`` answers in one pass what searching the bytes for each mark answers:
/// any `%{`, any `""`, and the value after each `"vmId" : `. The searches here are the
/// definition; the one pass must agree with them on every document, real or damaged.
@Suite("What canonical bytes show without a parse")
struct CanonicalFactsTests {
  enum Mark: Sendable { case placeholder, empty, identityObject, repeatedIdentity }

  struct Answer: Equatable, CustomStringConvertible {
    var placeholder, empty, identityObject, repeatedIdentity: Bool
    init(placeholder: Bool, empty: Bool, identityObject: Bool, repeatedIdentity: Bool) {
      (self.placeholder, self.empty, self.identityObject, self.repeatedIdentity) =
        (placeholder, empty, identityObject, repeatedIdentity)
    }

    init(_ facts: CanonicalFacts) {
      self.init(placeholder: facts.hasPlaceholderMark, empty: facts.hasEmptyString,
                identityObject: facts.hasIdentityObject,
                repeatedIdentity: facts.hasRepeatedIdentity)
    }

    init(_ marks: Set<Mark>) {
      self.init(placeholder: marks.contains(.placeholder), empty: marks.contains(.empty),
                identityObject: marks.contains(.identityObject),
                repeatedIdentity: marks.contains(.repeatedIdentity))
    }

    var description: String {
      "placeholder \(placeholder), empty \(empty), identity object \(identityObject), "
        + "repeated identity \(repeatedIdentity)"
    }
  }

  static func facts(_ bytes: [UInt8]) -> Answer { Answer(CanonicalFacts(canonical: bytes)) }

  /// The definition: each mark searched for on its own.
  static func searched(_ bytes: [UInt8]) -> Answer {
    var answer = Answer(
      placeholder: bytes.firstRange(of: Array("%{".utf8)) != nil,
      empty: bytes.firstRange(of: Array("\"\"".utf8)) != nil,
      identityObject: false, repeatedIdentity: false)
    var seen = Set<String>()
    let key = Array("\"vmId\" : ".utf8)
    for range in bytes.ranges(of: key) where range.upperBound < bytes.count {
      switch bytes[range.upperBound] {
      case UInt8(ascii: "{"):
        answer.identityObject = true
      case UInt8(ascii: "\""):
        let rest = bytes[(range.upperBound + 1)...]
        guard let close = rest.firstIndex(of: UInt8(ascii: "\"")),
          !rest[..<close].contains(where: { $0 == UInt8(ascii: "\\") || $0 >= 0x80 })
        else {
          answer.repeatedIdentity = true
          continue
        }
        if !seen.insert(String(decoding: rest[..<close], as: UTF8.self)).inserted {
          answer.repeatedIdentity = true
        }
      default:
        continue
      }
    }
    return answer
  }

  static func expectAgreement(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation)
  {
    let text = String(decoding: bytes.prefix(160), as: UTF8.self)
    #expect(facts(bytes) == searched(bytes), "\(text)", sourceLocation: sourceLocation)
  }

  static let markedDocuments: [(String, Set<Mark>)] = [
    (#"{}"#, []),
    (#"{ "a" : "%{name}" }"#, [.placeholder]),
    (#"%{"#, [.placeholder]),
    (#"{ "a" : "%" }"#, []),
    (#"{ "a" : "" }"#, [.empty]),
    (#"""#, []),
    (#"{ "vmId" : { "fsh" : 1 } }"#, [.identityObject]),
    (#"[ { "vmId" : "a" }, { "vmId" : "b" } ]"#, []),
    (#"[ { "vmId" : "a" }, { "vmId" : "a" } ]"#, [.repeatedIdentity]),
    (#"[ { "vmId" : "a\"b" } ]"#, [.repeatedIdentity]),
    (#"[ { "vmId" : "é" } ]"#, [.repeatedIdentity]),
    (#"[ { "vmId" : "" }, { "vmId" : "" } ]"#, [.empty, .repeatedIdentity]),
    (#"{ "vmId" : "%{x}" }"#, [.placeholder]),
    (#"{ "vmId" : 7, "x" : "vmId" }"#, []),
    (#"{ "vmId" : "#, []),
    (#"{ "vmId" : "open"#, [.repeatedIdentity]),
  ]

  @Test("each mark, alone and together, at the edges of the bytes", arguments: markedDocuments)
  func marks(_ document: String, _ marks: Set<Mark>) {
    let bytes = Array(document.utf8)
    #expect(Self.facts(bytes) == Answer(marks))
    Self.expectAgreement(bytes)
  }

  @Test("every committed baseline of the sample catalog, and FOSMVVM's real payloads")
  func realPayloads() throws {
    var roots = [committedBaselines]
    if FOSMVVMWire.isPresent { roots.append(FOSMVVMWire.root) }
    var checked = 0
    for root in roots {
      for file in try FileManager.default.subpathsOfDirectory(atPath: root.path)
      where file.hasSuffix(".json") {
        let raw = [UInt8](try Data(contentsOf: root.appendingPathComponent(file)))
        guard let canonical = JSONParser.canonicalBytes(of: raw) else { continue }
        Self.expectAgreement(canonical)
        Self.expectTokensAgree(raw)
        checked += 1
      }
    }
    #expect(checked > 600)
  }

  /// The facts an app's payload gets from its tokens (``CanonicalFacts/init(canonical:tokens:)``)
  /// are the searches' on its canonical bytes, but for the `""` that ends a text ending in
  /// `\"`, which the tokens know is no empty string.
  static func expectTokensAgree(_ raw: [UInt8], sourceLocation: SourceLocation = #_sourceLocation)
  {
    guard let (canonical, tokens) = JSONParser.canonicalDocument(of: raw) else { return }
    var expected = searched(canonical)
    expected.empty =
      searched(canonical.replacing(Array(#"\""#.utf8), with: Array(#"\u0022"#.utf8))).empty
    let text = String(decoding: canonical.prefix(160), as: UTF8.self)
    #expect(Answer(CanonicalFacts(canonical: canonical, tokens: tokens)) == expected, "\(text)",
            sourceLocation: sourceLocation)
  }

  static let appDocuments: [(String, Set<Mark>)] = [
    (#"{}"#, []),
    (#"{"a":"%{name}"}"#, [.placeholder]),
    (#"{"a":"%\u007bname}"}"#, [.placeholder]),
    (#"{"a":"","b":1}"#, [.empty]),
    (#"{"":1}"#, [.empty]),
    (#"{"a":"x\""}"#, []),
    (#"{"vmId":{"fsh":1}}"#, [.identityObject]),
    (#"[{"vmId":"a"},{"vmId":"b"}]"#, []),
    (#"[{"vmId":"a"},{"vmId":"\u0061"}]"#, [.repeatedIdentity]),
    (#"[{"vmId":"a\u007f"}]"#, [.repeatedIdentity]),
    (#"[{"vmId":"a\tb"}]"#, [.repeatedIdentity]),
    (#"[{"vmId":"é"}]"#, [.repeatedIdentity]),
    (#"{"x":{"vmId":7},"y":"vmId","vmIds":{"a":1}}"#, []),
    (#"{"list":[{"rows":[{"vmId":"r"}]},{"rows":[{"vmId":"r"}]}]}"#, [.repeatedIdentity]),
    // "vmId" as an element or a value is no key, and a member before a nested one is found
    // either way.
    (#"["vmId",{"k":"vmId"},{"vmId" :"a"},{"vmId": "a"}]"#, [.repeatedIdentity]),
    (#"[ "vmId" , { "k" : "vmId" } , { "vmId" : "a" } ]"#, []),
    (#"{"a":{"vmId":"x"},"vmId":"x"}"#, [.repeatedIdentity]),
  ]

  @Test("an app's payload: the facts its tokens give", arguments: appDocuments)
  func tokens(_ document: String, _ marks: Set<Mark>) throws {
    let raw = Array(document.utf8)
    let (canonical, tokens) = try #require(JSONParser.canonicalDocument(of: raw))
    #expect(Answer(CanonicalFacts(canonical: canonical, tokens: tokens)) == Answer(marks))
    Self.expectTokensAgree(raw)
  }

  @Test("seeded damage to real payloads never makes the pass and the searches disagree")
  func mutations() throws {
    let files = try FileManager.default.subpathsOfDirectory(atPath: committedBaselines.path)
      .filter { $0.hasSuffix(".json") }.sorted().prefix(40)
    var state: UInt64 = 0xFAC7
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(truncatingIfNeeded: state >> 33)
    }
    let pieces = ["%{", "\"\"", "\"vmId\" : ", "\"vmId\" : {", "\"vmId\" : \"a\"", "\\", "é", "\""]
      .map { Array($0.utf8) }
    for file in files {
      let original = [UInt8](try Data(contentsOf: committedBaselines.appendingPathComponent(file)))
      for _ in 0..<25 {
        var bytes = original
        for _ in 0..<(1 + next() % 3) {
          let index = next() % (bytes.count + 1)
          if next() % 2 == 0 {
            bytes.insert(contentsOf: pieces[next() % pieces.count], at: index)
          } else if index < bytes.count {
            bytes.removeSubrange(index..<min(bytes.count, index + 1 + next() % 12))
          }
        }
        Self.expectAgreement(bytes)
      }
    }
  }
}
