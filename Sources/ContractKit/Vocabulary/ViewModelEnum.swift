/// A raw-value-less enum carried on the wire by case name and shown through localization.
///
/// ```swift
/// enum OrderStatus: ViewModelEnum { case placed, shipped, delivered }
/// OrderStatus.shipped.displayText   // .localized(key: "OrderStatus.shipped")
/// ```
/// On the wire the case encodes as `"shipped"`; `record` lists every case in
/// `contract.json`, so removing one is reported as `enum-case-removed`.
public protocol ViewModelEnum: Codable, Sendable, Hashable, CaseIterable {}

extension ViewModelEnum {
  /// The case's name as declared: `shipped`.
  public var caseName: String { EnumCaseTable<Self>.shared.name(of: self) }

  /// The localization key of this case's display text: `<EnumType>.<case>`.
  public var localizationKey: String {
    let table = EnumCaseTable<Self>.shared
    return "\(table.typeName).\(table.name(of: self))"
  }

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
    encoder.contractRecorder?.annotate(table.annotation)
    var container = encoder.singleValueContainer()
    try container.encode(table.name(of: self))
  }
}
