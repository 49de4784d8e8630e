import Foundation
import SampleContracts
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// Each of FOSMVVM's key rules against the replica: the clean app has no finding at all (no
/// `key-unused`: every key is found), and deleting one rule's Spanish text is exactly one
/// finding per place that shows it, naming the key FOSMVVM looked up.
@Suite("FOSMVVM key rules: each one resolves, and a deleted key is one finding per place")
struct FOSMVVMKeyRuleTests {
  typealias Copy = FOSMVVMReplicaTests.Copy

  /// One rule: the Spanish YAML it deletes, and the places and key that lose their text.
  struct Rule: Sendable, CustomTestStringConvertible {
    let name: String
    let deleted: String
    let contract: String
    let places: [String]
    let key: String
    /// `translation-lost`, or `translation-missing` for a text the same in every locale
    /// (never translated: now missing).
    var kind = FindingKind.translationLost

    var testDescription: String { name }
  }

  static let rules = [
    Rule(name: "@LocalizedString: <Type>.<property>",
         deleted: "    pageTitle: \"Bandeja\"\n", contract: "InboxViewModel",
         places: ["default /pageTitle"], key: "InboxViewModel.pageTitle"),
    Rule(name: "@LocalizedString(parentKeys:): <Type>.<parentKeys>.<property>",
         deleted: "      shortTitle: \"Ordenar\"\n", contract: "InboxViewModel",
         places: ["default /shortTitle"], key: "InboxViewModel.sort.shortTitle"),
    Rule(name: "@LocalizedString(propertyName:): <Type>.<propertyName>",
         deleted: "    heading: \"Tus mensajes\"\n", contract: "InboxViewModel",
         places: ["default /title"], key: "InboxViewModel.heading"),
    Rule(name: "@LocalizedString(propertyName:index:): an item of <Type>.<propertyName>",
         deleted: "    hints:\n      - \"Desliza para archivar\"\n      - \"Toca para leer\"\n",
         contract: "InboxViewModel", places: ["default /secondHint"], key: "InboxViewModel.hints"),
    Rule(name: "@LocalizedString(_:messageGroup:messageKey:): <Type>.<property>.<group>.<key>",
         deleted: "    messages:\n      empty:\n        body: \"Nada por aquí\"\n",
         contract: "InboxViewModel", places: ["default /emptyBody"],
         key: "InboxViewModel.messages.empty.body"),
    Rule(name: "@LocalizedStrings: a list at <Type>.<property>",
         deleted: "    tabs:\n      - \"Todos\"\n      - \"No leídos\"\n", contract: "InboxViewModel",
         places: ["default /tabs"], key: "InboxViewModel.tabs"),
    Rule(name: "@LocalizedCompoundString: its pieces, the key of the pieces' property",
         deleted: "    nameParts:\n      - \"Equipo\"\n      - \"Bandeja\"\n",
         contract: "InboxViewModel", places: ["default /fullName/pieces", "default /nameParts"],
         key: "InboxViewModel.nameParts"),
    Rule(name: "@LocalizedCompoundString: its separator, the key of the separator's property",
         deleted: "    separator: \" · \"\n", contract: "InboxViewModel",
         places: ["default /fullName/separator", "default /separator"],
         key: "InboxViewModel.separator", kind: .translationMissing),
    Rule(name: "@LocalizedSubs: <Type>.<property>, its %{…} filled",
         deleted: "    unreadSummary: \"%{unread} sin leer de %{total}\"\n",
         contract: "InboxViewModel", places: ["default /unreadSummary"],
         key: "InboxViewModel.unreadSummary"),
    Rule(name: "a child view model of its own type: <Child>.<property>",
         deleted: "    replyTitle: \"Responder\"\n", contract: "InboxViewModel",
         places: ["default /rows/0/replyTitle"], key: "InboxRowViewModel.replyTitle"),
    Rule(name: "a child view model of a nested type: <Type>.<Nested>.<property>",
         deleted: "      openButtonTitle: \"Abrir\"\n", contract: "JobListViewModel",
         places: ["default /rows/0/openButtonTitle", "default /rows/1/openButtonTitle"],
         key: "JobListViewModel.Row.openButtonTitle"),
    Rule(name: "a child view model named by its singleton vmId",
         deleted: "      heading: \"Hoy\"\n", contract: "JobListViewModel",
         places: ["default /summary/heading", "empty /summary/heading"],
         key: "JobListViewModel.Summary.heading"),
    Rule(name: "an enum's display text beside its value: <Enum>.<case>",
         deleted: "      running: \"En curso\"\n", contract: "JobListViewModel",
         places: ["default /rows/0/stateDisplay"], key: "JobListViewModel.JobState.running"),
  ]

  @Test("the rule's text deleted in Spanish: one finding per place, naming the key",
        arguments: rules)
  func rule(_ rule: Rule) async throws {
    let copy = try Copy()
    _ = try await copy.record()
    try copy.edit("es", rule.deleted, "")
    let report = try await copy.check()
    #expect(FOSMVVMReplicaTests.briefs(report, Set(FindingKind.allCases)) == rule.places.map {
      "error \(rule.kind.rawValue) \(rule.contract) 1.0.0 es \($0)"
    }.sorted())
    // Nothing else in any version: no key-unused, no stale Baselines.md, no other locale.
    #expect(Set(report.findings.map(\.kind)) == [rule.kind])
    #expect(report.findings.allSatisfy { $0.locale == "es" })
    for finding in report.findings {
      #expect(finding.message.contains("key '\(rule.key)'"), "\(finding.message)")
    }
  }

  @Test("each rule's keys are in contract.json, so a diff of trees knows the texts too")
  func keysInMetadata() throws {
    let metadata = try #require(try ContractMetadata.read(
      ContractVersion(contract: "InboxViewModel", version: .v1_0),
      in: BaselineFiles(root: packageRoot.appendingPathComponent(".VersionedTestJSON"))))
    let keys = metadata.annotations.mapValues { list in
      list.flatMap { annotation -> [String] in
        if case .localized(let keys) = annotation { return keys }
        return []
      }
    }.filter { !$0.value.isEmpty }
    #expect(keys == [
      "/emptyBody": ["InboxViewModel.messages.empty.body"],
      "/fullName/pieces/*": ["InboxViewModel.nameParts"],
      "/fullName/separator": ["InboxViewModel.separator"],
      "/longTitle": ["InboxViewModel.sort.longTitle"],
      "/nameParts/*": ["InboxViewModel.nameParts"],
      "/pageTitle": ["InboxViewModel.pageTitle"],
      "/rows/*/replyTitle": ["InboxRowViewModel.replyTitle"],
      "/secondHint": ["InboxViewModel.hints"],
      "/separator": ["InboxViewModel.separator"],
      "/shortTitle": ["InboxViewModel.sort.shortTitle"],
      "/tabs/*": ["InboxViewModel.tabs"],
      "/title": ["InboxViewModel.heading"],
      "/unreadSummary": ["InboxViewModel.unreadSummary"],
    ])
  }

  @Test("@LocalizedSubs: a filled text matches its template, and nothing else does")
  func templates() {
    #expect(FOSMVVMKeys.fills(template: "%{unread} unread of %{total}", text: "3 unread of 1,200"))
    #expect(FOSMVVMKeys.fills(template: "Hello, %{name}!", text: "Hello, Ana!"))
    #expect(!FOSMVVMKeys.fills(template: "Hello, %{name}!", text: "Goodbye, Ana!"))
    #expect(!FOSMVVMKeys.fills(template: "Hello!", text: "Hello!"))
    #expect(!FOSMVVMKeys.fills(template: "%{a} of %{b}", text: "3 von 5"))
  }
}
