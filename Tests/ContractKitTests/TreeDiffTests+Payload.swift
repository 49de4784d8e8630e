import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

@Suite("tree diff: payload changes")
struct TreeDiffPayloadTests {
  /// One English-only file `A/1.0.0/en.json` before and after.
  private func diffOne(_ old: JSONValue, _ new: JSONValue) throws -> DiffRun {
    try runDiff(old: TreeBuilder.contract("A", ["en": old]),
                new: TreeBuilder.contract("A", ["en": new]))
  }

  @Test("a removed field is one field-removed error at its pointer in every locale")
  func fieldRemoved() throws {
    let run = try runDiff(old: Dashboard.tree(), new: Dashboard.tree { _, value in
      value.set("/cards/0/title", to: nil)
    })
    #expect(run.lines == [
      "field-removed error Dashboard 1.0.0 de default /cards/0/title",
      "field-removed error Dashboard 1.0.0 en default /cards/0/title",
      "field-removed error Dashboard 1.0.0 es default /cards/0/title",
    ])
    #expect(run.code == 1)
    #expect(run.summary["gate"] == "fail")
  }

  @Test("an added field is a field-added info and exits 0")
  func fieldAdded() throws {
    let run = try diffOne(["a": 1], ["a": 1, "b": ["c": true]])
    #expect(run.lines == ["field-added info A 1.0.0 en default /b"])
    #expect(run.code == 0)
    #expect(run.summary["requiredBump"] == "minor")
  }

  @Test("a rename is a field-removed saying it looks like a rename, plus a field-added")
  func rename() throws {
    let run = try diffOne(["displayName": "Ana", "age": 3], ["name": "Ana", "age": 3])
    #expect(run.lines == [
      "field-removed error A 1.0.0 en default /displayName",
      "field-added info A 1.0.0 en default /name",
    ])
    #expect(run.messages("field-removed").first?.contains("rename") == true)
    #expect(run.code == 1)
  }

  @Test("a removal with an unrelated addition does not say rename")
  func notRename() throws {
    let run = try diffOne(["old": "x"], ["new": "y"])
    #expect(run.messages("field-removed").first?.contains("rename") == false)
  }

  @Test("an object that became a string is one type-changed, nothing beneath it")
  func typeChangedObject() throws {
    let run = try diffOne(["price": ["amount": 5, "currency": "EUR"]], ["price": "5 EUR"])
    #expect(run.lines == ["type-changed error A 1.0.0 en default /price"])
    #expect(run.code == 1)
  }

  @Test("a number that became a string is one type-changed")
  func typeChangedScalar() throws {
    let run = try diffOne(["total": 12.5], ["total": "12.50"])
    #expect(run.lines == ["type-changed error A 1.0.0 en default /total"])
  }

  @Test("an array that became an object is one type-changed")
  func typeChangedArray() throws {
    let run = try diffOne(["rows": [1, 2, 3]], ["rows": ["count": 3]])
    #expect(run.lines == ["type-changed error A 1.0.0 en default /rows"])
  }

  @Test("a boolean that became a number is one type-changed")
  func typeChangedBool() throws {
    let run = try diffOne(["on": true], ["on": 1])
    #expect(run.lines == ["type-changed error A 1.0.0 en default /on"])
  }

  @Test("the whole document changing type is one type-changed at \"\"")
  func typeChangedDocument() throws {
    let run = try diffOne(["a": 1], [1])
    #expect(run.findings.count == 1)
    #expect(run.findings.first?["path"] == "")
    #expect(run.kinds == ["type-changed"])
  }

  @Test("a value that became null is became-null, an error")
  func becameNull() throws {
    let run = try diffOne(["avatar": ["url": "a.png"]], ["avatar": nil])
    #expect(run.lines == ["became-null error A 1.0.0 en default /avatar"])
    #expect(run.code == 1)
  }

  @Test("a null that became a value is became-non-null, an info")
  func becameNonNull() throws {
    let run = try diffOne(["avatar": nil], ["avatar": ["url": "a.png"]])
    #expect(run.lines == ["became-non-null info A 1.0.0 en default /avatar"])
    #expect(run.code == 0)
    #expect(run.summary["requiredBump"] == "minor")
  }

  @Test("a non-localized scalar changed in every locale is value-changed in each")
  func valueChanged() throws {
    let run = try runDiff(old: Dashboard.tree(), new: Dashboard.tree { _, value in
      value.set("/cards/1/title", to: "Design review (v2)")
      value.set("/count", to: 4)
    })
    #expect(run.lines == [
      "value-changed info Dashboard 1.0.0 de default /cards/1/title",
      "value-changed info Dashboard 1.0.0 de default /count",
      "value-changed info Dashboard 1.0.0 en default /cards/1/title",
      "value-changed info Dashboard 1.0.0 en default /count",
      "value-changed info Dashboard 1.0.0 es default /cards/1/title",
      "value-changed info Dashboard 1.0.0 es default /count",
    ])
    #expect(run.code == 0)
    #expect(run.summary["requiredBump"] == "patch")
  }

  @Test("a changed vmId is identity-changed, an error")
  func identityChanged() throws {
    let run = try runDiff(old: Dashboard.tree(), new: Dashboard.tree { _, value in
      value.set("/vmId", to: "Dashboard-1712345678")
    })
    #expect(run.lines == [
      "identity-changed error Dashboard 1.0.0 de default /vmId",
      "identity-changed error Dashboard 1.0.0 en default /vmId",
      "identity-changed error Dashboard 1.0.0 es default /vmId",
    ])
    #expect(run.code == 1)
  }

  @Test("FOSMVVM id objects: random to stable is identity-stabilized, members are fields, stamps not")
  func identityObjects() throws {
    let random: JSONValue = ["fsh": "2025-05-26T16:59:18.700Z"]
    let stable: JSONValue = ["id": "App.Banner", "fsh": "2026-12-01T08:49:40.570Z"]
    // Random to stable: an improvement, exit 0; the stamps' values are never compared.
    let stabilized = try diffOne(["banner": ["vmId": random]], ["banner": ["vmId": stable]])
    #expect(stabilized.lines == ["identity-stabilized info A 1.0.0 en default /banner/vmId"])
    #expect(stabilized.code == 0)
    #expect(stabilized.summary["requiredBump"] == "patch")
    // Stable to random stays an error.
    let random2 = try diffOne(["vmId": stable], ["vmId": random])
    #expect(random2.lines == ["identity-changed error A 1.0.0 en default /vmId"])
    #expect(random2.messages("identity-changed").first?.contains("became random") == true)
    // FOSMVVM of May 2025's `ts` to 0.13's `fsh`: the decoders of that time require `ts`.
    let renamed = try diffOne(["vmId": ["id": "App.Banner", "ts": 1748278758.7]], ["vmId": stable])
    #expect(renamed.lines == [
      "field-added info A 1.0.0 en default /vmId/fsh",
      "field-removed error A 1.0.0 en default /vmId/ts",
    ])
    #expect(renamed.code == 1)
    // Two stamps of one type differ only in value: nothing.
    #expect(try diffOne(["vmId": random], ["vmId": ["fsh": "2026-12-01T08:49:40.570Z"]])
      .lines.isEmpty)
  }

  @Test("a row whose vmId changed is one identity-changed at that row, not a removal")
  func rowIdentityChanged() throws {
    let run = try diffOne(
      ["rows": [["vmId": "a", "n": 1], ["vmId": "b", "n": 2], ["vmId": "c", "n": 3]]],
      ["rows": [["vmId": "a", "n": 1], ["vmId": "b-2", "n": 2], ["vmId": "c", "n": 3]]])
    #expect(run.lines == ["identity-changed error A 1.0.0 en default /rows/1/vmId"])
  }

  @Test("two rows sharing a vmId in NEW but not OLD is an identity-collision at the array")
  func identityCollision() throws {
    let run = try diffOne(
      ["rows": [["vmId": "a", "n": 1], ["vmId": "b", "n": 2]]],
      ["rows": [["vmId": "a", "n": 1], ["vmId": "a", "n": 2]]])
    #expect(run.lines == ["identity-collision error A 1.0.0 en default /rows"])
    #expect(run.messages("identity-collision").first?.contains("'a'") == true)
    #expect(run.code == 1)
  }

  @Test("a type-based id put on every row is one identity-collision, not a change per row")
  func singletonRowIds() throws {
    let run = try diffOne(
      ["rows": [["vmId": "r1", "n": 1], ["vmId": "r2", "n": 2], ["vmId": "r3", "n": 3]]],
      ["rows": [["vmId": "Row", "n": 1], ["vmId": "Row", "n": 2], ["vmId": "Row", "n": 3]]])
    #expect(run.lines == ["identity-collision error A 1.0.0 en default /rows"])
  }

  @Test("a collision among reordered rows is still one identity-collision")
  func collisionReordered() throws {
    let run = try diffOne(
      ["rows": [["vmId": "a", "n": 1], ["vmId": "b", "n": 2], ["vmId": "c", "n": 3]]],
      ["rows": [["vmId": "c", "n": 3], ["vmId": "a", "n": 1], ["vmId": "a", "n": 2]]])
    #expect(run.lines == ["identity-collision error A 1.0.0 en default /rows"])
  }

  @Test("a row whose vmId changed to a fresh one beside a collision is still identity-changed")
  func collisionAndChange() throws {
    let run = try diffOne(
      ["rows": [["vmId": "a"], ["vmId": "b"], ["vmId": "c"]]],
      ["rows": [["vmId": "a"], ["vmId": "a"], ["vmId": "z"]]])
    #expect(run.lines == [
      "identity-collision error A 1.0.0 en default /rows",
      "identity-changed error A 1.0.0 en default /rows/2/vmId",
    ])
  }

  @Test("a collision already in OLD is not reported again")
  func identityCollisionKept() throws {
    let run = try diffOne(
      ["rows": [["vmId": "a", "n": 1], ["vmId": "a", "n": 2]], "x": 1],
      ["rows": [["vmId": "a", "n": 1], ["vmId": "a", "n": 2]], "x": 2])
    #expect(run.lines == ["value-changed info A 1.0.0 en default /x"])
  }

  @Test("JSON Pointer escaping: 'a/b' is /a~1b and 'm~n' is /m~0n")
  func pointerEscaping() throws {
    let run = try diffOne(["a/b": 1, "m~n": ["~/": true], "keep": 0], ["keep": 0, "m~n": [:]])
    #expect(run.lines == [
      "field-removed error A 1.0.0 en default /a~1b",
      "field-removed error A 1.0.0 en default /m~0n/~0~1",
    ])
  }

  @Test("an empty key is the pointer '/'")
  func emptyKey() throws {
    let run = try diffOne(["": 1, "a": 1], ["a": 1])
    #expect(run.findings.first?["path"] == "/")
  }

  @Test("findings deep inside are at their full pointer")
  func deepPath() throws {
    let run = try diffOne(
      ["a": ["b": [["c": ["d": 1]]]]],
      ["a": ["b": [["c": ["d": 1, "e": 2]]]]])
    #expect(run.lines == ["field-added info A 1.0.0 en default /a/b/0/c/e"])
  }

  @Test("an unresolved placeholder in NEW is placeholder-unresolved, not also a change")
  func placeholderUnresolved() throws {
    let run = try runDiff(old: Dashboard.tree(), new: Dashboard.tree { locale, value in
      if locale == "es" { value.set("/greeting", to: "Hola, %{name}!") }
    })
    #expect(run.lines == ["placeholder-unresolved error Dashboard 1.0.0 es default /greeting"])
    #expect(run.messages("placeholder-unresolved").first?.contains("%{name}") == true)
    #expect(run.code == 1)
  }

  @Test("the same placeholder text in every locale is placeholder-unresolved only")
  func placeholderEverywhere() throws {
    let run = try runDiff(old: Dashboard.tree(), new: Dashboard.tree { _, value in
      value.set("/greeting", to: "Welcome, %{name}!")
    })
    #expect(run.lines == [
      "placeholder-unresolved error Dashboard 1.0.0 de default /greeting",
      "placeholder-unresolved error Dashboard 1.0.0 en default /greeting",
      "placeholder-unresolved error Dashboard 1.0.0 es default /greeting",
    ])
  }

  @Test("a placeholder in a row that moved is not reported again")
  func placeholderMoved() throws {
    let run = try diffOne(
      ["rows": [["vmId": "a", "t": "Hi %{name}"], ["vmId": "b", "t": "x"]]],
      ["rows": [["vmId": "b", "t": "x"], ["vmId": "a", "t": "Hi %{name}"]]])
    #expect(run.lines == [])
  }

  @Test("a placeholder already in OLD is not reported again")
  func placeholderKept() throws {
    let run = try diffOne(["t": "Hi %{name}", "n": 1], ["t": "Hi %{name}", "n": 2])
    #expect(run.lines == ["value-changed info A 1.0.0 en default /n"])
  }

  @Test("deep payloads (1,000 levels) diff without crashing")
  func deep() throws {
    func nest(_ depth: Int, _ leaf: JSONValue) -> JSONValue {
      var value = leaf
      for _ in 0..<depth { value = ["x": value] }
      return value
    }
    let run = try diffOne(nest(1_000, 1), nest(1_000, 2))
    #expect(run.kinds == ["value-changed"])
    #expect(run.findings.first?["path"]?.stringValue?.count == 2_000)
  }
}

@Suite("tree diff: arrays")
struct TreeDiffArrayTests {
  private func diffOne(_ old: JSONValue, _ new: JSONValue) throws -> DiffRun {
    try runDiff(old: TreeBuilder.contract("A", ["en": old]),
                new: TreeBuilder.contract("A", ["en": new]))
  }

  private func rows(_ ids: [String]) -> JSONValue {
    ["rows": .array(ids.map { ["vmId": .string($0), "title": .string("Row \($0)")] })]
  }

  @Test("rows with vmIds reordered are no change")
  func reordered() throws {
    let run = try diffOne(rows(["a", "b", "c", "d"]), rows(["d", "b", "a", "c"]))
    #expect(run.code == 0)
    #expect(run.lines == [])
  }

  @Test("reordered rows in every locale of a tree are no change")
  func reorderedInLocales() throws {
    let run = try runDiff(old: Dashboard.tree(), new: Dashboard.tree { _, value in
      guard case .array(let cards)? = value["cards"] else { return }
      value.set("/cards", to: .array(cards.reversed()))
    })
    #expect(run.lines == [])
  }

  @Test("a reordered and changed row is reported at its new index")
  func reorderedAndChanged() throws {
    var new = rows(["c", "a", "b"])
    new.set("/rows/2/title", to: "Row B!")
    let run = try diffOne(rows(["a", "b", "c"]), new)
    #expect(run.lines == ["value-changed info A 1.0.0 en default /rows/2/title"])
  }

  @Test("one row changed in a 5,000-row array is exactly one finding at that row")
  func largeArray() throws {
    let ids = (0..<5_000).map { "row-\($0)" }
    var new = rows(ids.shuffledDeterministically())
    let index = try #require(JSONPointer.value(at: "/rows", in: new).flatMap { value -> Int? in
      guard case .array(let items) = value else { return nil }
      return items.firstIndex { $0["vmId"] == "row-4321" }
    })
    new.set("/rows/\(index)/title", to: "changed")
    let run = try diffOne(rows(ids), new)
    #expect(run.lines == ["value-changed info A 1.0.0 en default /rows/\(index)/title"])
  }

  @Test("one translation changed among 5,000 rows in three locales is one text-changed")
  func largeLocalizedArray() throws {
    let words = ["en": "Open", "es": "Abrir", "de": "Öffnen"]
    func tree(_ edit: (String, inout JSONValue) -> Void) -> [String: TreeFile] {
      var payloads: [String: JSONValue] = [:]
      for (locale, word) in words {
        var value: JSONValue = ["rows": .array((0..<5_000).map { index in
          ["vmId": .string("r\(index)"), "action": .string(word), "n": .number(JSONNumber(index))]
        })]
        edit(locale, &value)
        payloads[locale] = value
      }
      return TreeBuilder.contract("Big", payloads)
    }
    let run = try runDiff(old: tree { _, _ in }, new: tree { locale, value in
      if locale == "es" { value.set("/rows/4999/action", to: "Abre") }
    })
    #expect(run.lines == ["text-changed info Big 1.0.0 es default /rows/4999/action"])
  }

  @Test("one element changed in a 5,000-element array without vmIds is one finding")
  func largeArrayByIndex() throws {
    let old: JSONValue = ["n": .array((0..<5_000).map { .number(JSONNumber($0)) })]
    var new = old
    new.set("/n/2500", to: -1)
    let run = try diffOne(old, new)
    #expect(run.lines == ["value-changed info A 1.0.0 en default /n/2500"])
  }

  @Test("rows without vmIds are matched by index")
  func byIndex() throws {
    let run = try diffOne(
      ["rows": [["t": "a"], ["t": "b"], ["t": "c"]]],
      ["rows": [["t": "a"], ["t": "B"], ["t": "c"]]])
    #expect(run.lines == ["value-changed info A 1.0.0 en default /rows/1/t"])
  }

  @Test("a field removed in one row without vmIds is field-removed at that index")
  func byIndexRemoved() throws {
    let run = try diffOne(
      ["rows": [["t": "a", "u": 1], ["t": "b", "u": 2]]],
      ["rows": [["t": "a", "u": 1], ["t": "b"]]])
    #expect(run.lines == ["field-removed error A 1.0.0 en default /rows/1/u"])
  }

  @Test("an element added at the end is one finding at its index, not an error")
  func elementAdded() throws {
    let run = try diffOne(rows(["a", "b"]), rows(["a", "b", "c"]))
    #expect(run.findings.count == 1)
    #expect(run.findings.first?["path"] == "/rows/2")
    #expect(run.findings.first?["severity"] == "info")
    #expect(run.code == 0)
  }

  @Test("an element removed from the middle is one finding at its old index, not an error")
  func elementRemoved() throws {
    let run = try diffOne(rows(["a", "b", "c"]), rows(["a", "c"]))
    #expect(run.findings.count == 1)
    #expect(run.findings.first?["path"] == "/rows/1")
    #expect(run.findings.first?["severity"] == "info")
    #expect(run.code == 0)
  }

  @Test("a scalar appended to an array without vmIds is one finding")
  func scalarAppended() throws {
    let run = try diffOne(["tags": ["a", "b"]], ["tags": ["a", "b", "c"]])
    #expect(run.findings.count == 1)
    #expect(run.findings.first?["path"] == "/tags/2")
  }
}

extension Array {
  /// A fixed permutation (reversed halves interleaved), the same on every run.
  func shuffledDeterministically() -> [Element] {
    let half = count / 2
    let front = self[..<half].reversed()
    let back = self[half...]
    var result: [Element] = []
    result.reserveCapacity(count)
    for (a, b) in zip(back, front) { result += [a, b] }
    result += back.dropFirst(front.count)
    return result
  }
}
