/// A raw-value-less enum carried on the wire by case name and shown through localization.
///
/// ```swift
/// enum OrderStatus: ViewModelEnum { case placed, shipped, delivered }
/// OrderStatus.shipped.displayText   // .localized(key: "OrderStatus.shipped")
/// ```
/// On the wire the case encodes as `"shipped"`; `record` lists every case of each version in
/// `contract.json`, so removing one is `enum-case-removed`, and a case a released version's
/// clients do not know is `enum-case-added`. A new case is added safely with
/// ``caseAvailability``: from the unreleased version on, with a case (or nothing) that older
/// wires carry instead.
public protocol ViewModelEnum: Codable, Sendable, Hashable, CaseIterable {
  /// Cases that exist on the wire only from some version on; every other case is on every
  /// version's wire.
  static var caseAvailability: [Self: CaseAvailability<Self>] { get }
}

extension ViewModelEnum {
  public static var caseAvailability: [Self: CaseAvailability<Self>] { [:] }

  /// The case's name as declared: `shipped`.
  public var caseName: String { EnumCaseTable<Self>.shared.name(of: self) }

  /// The localization key of this case's display text: `<EnumType>.<case>`.
  public var localizationKey: String { EnumCaseTable<Self>.shared.key(of: self) }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let name = try container.decode(String.self)
    guard let match = EnumCaseTable<Self>.shared.value(named: name) else {
      throw DecodingError.dataCorruptedError(
        in: container,
        debugDescription: "'\(name)' is not a case of \(contractTypeName(Self.self))")
    }
    self = match
  }

  public func encode(to encoder: any Encoder) throws {
    let table = EnumCaseTable<Self>.shared
    let name: String
    if let recorder = encoder.contractRecorder {
      recorder.annotate(table.annotation(for: recorder.version))
      guard let carried = try table.wireName(of: self, in: recorder.version) else {
        recorder.omit()
        return
      }
      name = carried
    } else {
      name = table.name(of: self)
    }
    var container = encoder.singleValueContainer()
    try container.encode(name)
  }
}
