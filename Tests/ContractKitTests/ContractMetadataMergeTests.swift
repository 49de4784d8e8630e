import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// What every encoding of a contract's version learned about its paths, merged into its
/// `contract.json`: each annotation once, the keys of every `localized` unioned.
@Suite("Baselines: merging annotations into contract.json")
struct ContractMetadataMergeTests {
  private static func metadata(_ annotations: [String: [PathAnnotation]]) -> ContractMetadata {
    ContractMetadata(contract: "Orders", version: "1.0.0", baseLocale: "en", locales: ["en"],
                     variants: ["default"], annotations: annotations)
  }

  private static func merged(_ first: [String: [PathAnnotation]],
                             _ rest: [String: [PathAnnotation]]...) -> [String: [PathAnnotation]] {
    var metadata = metadata([:])
    metadata.merge(first)
    for other in rest { metadata.merge(other) }
    return metadata.annotations
  }

  @Test("an encoding's own lists are taken as they are, an empty list too")
  func firstEncoding() {
    let annotations: [String: [PathAnnotation]] = [
      "/title": [.localized(keys: ["Orders.title", "Orders.a"]), .versioned(since: nil, until: nil)],
      "/vmId": [.identity], "/note": [.optional, .text], "/none": [],
    ]
    #expect(Self.merged(annotations) == annotations)
  }

  @Test("a second localized unions its keys in code-point order; an annotation twice is kept once")
  func unionAndRepeat() {
    #expect(Self.merged(["/t": [.localized(keys: ["b", "é"]), .optional, .localized(keys: ["a", "b"])]])
      == ["/t": [.localized(keys: ["a", "b", "é"]), .optional]])
    #expect(Self.merged(["/v": [.identity, .date, .identity]]) == ["/v": [.identity, .date]])
  }

  @Test("later encodings add to the lists already merged")
  func laterEncodings() {
    let result = Self.merged(
      ["/t": [.localized(keys: ["x"])], "/v": [.identity]],
      ["/t": [.localized(keys: ["a"]), .optional], "/v": [.identity], "/n": []],
      ["/t": [.optional, .localized(keys: ["x", "m"])]])
    #expect(result == ["/t": [.localized(keys: ["a", "m", "x"]), .optional],
                       "/v": [.identity], "/n": []])
  }

  @Test("random lists merge as adding their annotations one by one does")
  func randomLists() {
    let pool: [PathAnnotation] = [
      .localized(keys: ["k1"]), .localized(keys: ["k2", "k0"]), .identity, .optional, .text,
      .enumeration(type: "Status", cases: ["a", "b"]), .versioned(since: .init(1, 0, 0), until: nil),
    ]
    var random = SystemRandomNumberGenerator()
    for _ in 0..<300 {
      var encodings: [[String: [PathAnnotation]]] = []
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        var annotations: [String: [PathAnnotation]] = [:]
        for pattern in ["/a", "/b", "/c"] where Bool.random(using: &random) {
          annotations[pattern] = (0..<Int.random(in: 0...3, using: &random)).map { _ in
            pool.randomElement(using: &random)!
          }
        }
        encodings.append(annotations)
      }
      var expected: [String: [PathAnnotation]] = [:]
      for annotations in encodings {
        for (pattern, list) in annotations {
          var lists = expected[pattern] ?? []
          for annotation in list { Self.addOneByOne(annotation, to: &lists) }
          expected[pattern] = lists
        }
      }
      var metadata = Self.metadata([:])
      for annotations in encodings { metadata.merge(annotations) }
      #expect(metadata.annotations == expected, "\(encodings)")
    }
  }

  /// The rule, one annotation at a time.
  private static func addOneByOne(_ annotation: PathAnnotation, to list: inout [PathAnnotation]) {
    if case .localized(let keys) = annotation,
      let index = list.firstIndex(where: { if case .localized = $0 { true } else { false } }),
      case .localized(let existing) = list[index]
    {
      list[index] = .localized(keys: Set(existing + keys).sorted(by: codePointOrder))
    } else if !list.contains(annotation) {
      list.append(annotation)
    }
  }
}
