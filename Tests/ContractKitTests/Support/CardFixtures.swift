import Foundation

@testable import ContractKit
@testable import ContractKitRuntime

/// Small test-only contracts and purpose-made changes of them, shared by the suites that
/// provoke wire-shape findings: the card as released, with a field renamed, and with a field
/// retyped, a field nulled and its identity changed; a counter before and after harmless
/// changes.
enum CardFixtures {
  /// The card as its baselines record it.
  struct Card: Codable, Sendable, LocalizedPropertyOwner {
    var title: LocalizableString = .localized(key: "Card.title")
    var count = 3
    var note: String? = "kept"
    var legacyTitle = "Weekly"
    var vmId = ViewModelId(id: "card-1")
  }

  /// `legacyTitle` renamed to `headline`: the old name is gone, a new one appears.
  struct CardRenamed: Codable, Sendable {
    var title: LocalizableString = .localized(key: "Card.title")
    var count = 3
    var note: String? = "kept"
    var headline = "Weekly"
    var vmId = ViewModelId(id: "card-1")
  }

  /// `count` a string, `note` null rather than absent, and a new identity.
  struct CardRetyped: Codable, Sendable {
    var title: LocalizableString = .localized(key: "Card.title")
    var count = "3"
    var note: String?
    var legacyTitle = "Weekly"
    var vmId = ViewModelId(id: "card-2")

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(title, forKey: .title)
      try container.encode(count, forKey: .count)
      try container.encode(note, forKey: .note)  // null, not absent
      try container.encode(legacyTitle, forKey: .legacyTitle)
      try container.encode(vmId, forKey: .vmId)
    }
  }

  /// A counter whose `note` is written as null, then with `count` changed and `note` set:
  /// harmless changes only (`became-non-null`, `value-changed`).
  struct CounterBefore: Codable, Sendable {
    var count = 3
    var note: String?
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(count, forKey: .count)
      try container.encode(note, forKey: .note)
    }
  }

  struct CounterAfter: Codable, Sendable {
    var count = 4
    var note: String? = "now"
  }
}
