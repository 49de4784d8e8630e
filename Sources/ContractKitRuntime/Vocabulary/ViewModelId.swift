import struct Foundation.UUID

/// The identity of a view model on the wire: stable per type, per data row, or (flagged) random.
///
/// ```swift
/// ViewModelId(type: DashboardViewModel.self)   // "DashboardViewModel": one per screen
/// ViewModelId(id: order.id)                    // "ord-1042": one per row, from data
/// ViewModelId()                                // a random UUID: the harness reports it
/// ```
/// It encodes as a single JSON string, the same bytes on every run for the first two forms.
public struct ViewModelId: Sendable, Hashable, CustomStringConvertible {
  /// The identity's wire text.
  public let id: String
  /// Where the identity came from; only `.random` is flagged by the harness.
  public let origin: Origin

  /// How an identity was made.
  public enum Origin: String, Sendable, Hashable {
    /// From the view model's type: a singleton on its screen.
    case type
    /// From data (a database id, a slug): stable per row.
    case data
    /// From `ViewModelId()`: different on every call, never stable across renders.
    case random
  }

  /// A singleton identity named after `type`.
  public init(type: Any.Type) {
    id = contractTypeName(type)
    origin = .type
  }

  /// A per-row identity from a string id.
  public init(id: String) {
    self.id = id
    origin = .data
  }

  /// A per-row identity from an integer id.
  public init<T: BinaryInteger>(id: T) {
    self.id = String(id)
    origin = .data
  }

  /// A per-row identity from a UUID, spelled in upper case as `UUID.uuidString` does.
  public init(id: UUID) {
    self.id = id.uuidString
    origin = .data
  }

  /// A random identity. It changes on every render; the harness reports it as
  /// `identity-nondeterministic`.
  public init() {
    id = UUID().uuidString
    origin = .random
  }

  public var description: String { id }

  public static func == (lhs: ViewModelId, rhs: ViewModelId) -> Bool { lhs.id == rhs.id }
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

// MARK: - Codable

extension ViewModelId: Codable {
  public init(from decoder: any Decoder) throws {
    id = try decoder.singleValueContainer().decode(String.self)
    origin = .data
  }

  public func encode(to encoder: any Encoder) throws {
    encoder.contractRecorder?.noteIdentity(isRandom: origin == .random)
    var container = encoder.singleValueContainer()
    try container.encode(id)
  }
}
