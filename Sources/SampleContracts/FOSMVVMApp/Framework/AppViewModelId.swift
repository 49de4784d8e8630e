import Foundation

/// The sample app's view model identity, on the wire as FOSMVVM's `ViewModelId` is:
/// `{"id": "SampleContracts.AccountBannerViewModel", "fsh": "2026-12-01T08:49:40.570Z"}`.
///
/// `fsh` (freshness) is the moment the id was made, so every `stub()` call stamps a new
/// one; a random id has no `id` at all. ContractKit redacts `fsh` without being told and
/// compares only `id`.
public struct AppViewModelId: Codable, Sendable, Hashable {
  /// The identity, `nil` for a random one.
  public let id: String?
  /// When the id was made.
  public let freshness: Date

  /// A singleton identity: the type's name with its module, as `String(reflecting:)` spells
  /// it (renaming the module changes every singleton identity).
  public init(type: Any.Type) {
    id = String(reflecting: type)
    freshness = Date()
  }

  /// A per-row identity from data; integers become strings, UUIDs upper case.
  public init(id: String) {
    self.id = id
    freshness = Date()
  }

  public init(id: Int) { self.init(id: String(id)) }

  public init(id: UUID) { self.init(id: id.uuidString) }

  /// A random identity: new on every render, which ContractKit reports.
  public init() {
    id = nil
    freshness = Date()
  }

  private enum CodingKeys: String, CodingKey {
    case id
    case freshness = "fsh"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decodeIfPresent(String.self, forKey: .id)
    let stamp = try container.decode(String.self, forKey: .freshness)
    guard let date = AppWire.timeStamp(from: stamp) else {
      throw DecodingError.dataCorruptedError(
        forKey: .freshness, in: container, debugDescription: "'\(stamp)' is not a time stamp")
    }
    freshness = date
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(id, forKey: .id)
    try container.encode(AppWire.timeStamp(freshness), forKey: .freshness)
  }
}
