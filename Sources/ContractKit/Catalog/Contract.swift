import Foundation

/// One registered contract: a name, a way to make each stub variant, and (for `Decodable`
/// types) a way to prove today's type still decodes old baselines.
public struct Contract: Sendable {
  /// The contract's name: its folder in the baseline tree.
  public let name: String
  /// The default stub first, then named variants in registration order.
  public let variants: [Variant]
  /// Where it was registered (`SampleContracts/SampleCatalog.swift:42`).
  public let registeredAt: String
  /// Decodes a payload with today's Swift type; `nil` when the type is not `Decodable`.
  let decode: (@Sendable (Data) throws -> Void)?

  /// One stub variant of a contract.
  public struct Variant: Sendable {
    /// `"default"` for the default stub.
    public let name: String
    /// Makes a fresh stub.
    public let make: @Sendable () -> any Encodable & Sendable
  }

  /// The variant named `name`.
  public func variant(named name: String) -> Variant? {
    variants.first { $0.name == name }
  }
}

extension Contract {
  /// Builds a contract for any `Encodable` type.
  static func make<T: Encodable & Sendable>(
    name: String, type: T.Type, stub: @escaping @Sendable () -> T,
    variants: [StubVariant<T>], registeredAt: String
  ) throws(CatalogError) -> Contract {
    guard BaselineLayout.isValidContractName(name) else {
      throw .invalidName(kind: "contract", name: name, registeredAt: registeredAt,
                         rule: "[A-Za-z0-9_][A-Za-z0-9_.-]* without '..'")
    }
    var seen: Set<String> = []
    for variant in variants {
      guard BaselineLayout.isValidVariant(variant.name) else {
        throw .invalidName(kind: "variant", name: variant.name, registeredAt: registeredAt,
                           rule: "[a-z0-9][a-z0-9-]*, not 'default'")
      }
      guard seen.insert(variant.name).inserted else {
        throw .duplicateVariant(contract: name, variant: variant.name, registeredAt: registeredAt)
      }
    }
    let all = [Variant(name: BaselineLayout.defaultVariant, make: { stub() })]
      + variants.map { variant in Variant(name: variant.name, make: { variant.make() }) }
    return Contract(
      name: name, variants: all, registeredAt: registeredAt,
      decode: Self.decoder(for: type))
  }

  private static func decoder<T>(for type: T.Type) -> (@Sendable (Data) throws -> Void)? {
    guard let decodable = type as? any Decodable.Type else { return nil }
    let box = DecodableType(type: decodable)
    return { data in _ = try BaselineDecoder.decode(box.type, from: data) }
  }
}

/// A mistake in a catalog's declaration, found when it is built.
public enum CatalogError: Error, Sendable, Hashable, CustomStringConvertible {
  case duplicateContract(name: String, first: String, second: String)
  case duplicateVariant(contract: String, variant: String, registeredAt: String)
  case invalidName(kind: String, name: String, registeredAt: String, rule: String)
  case invalidDeclaration(String)

  public var description: String {
    switch self {
    case .duplicateContract(let name, let first, let second):
      "contract '\(name)' is registered twice: at \(first) and at \(second)"
    case .duplicateVariant(let contract, let variant, let registeredAt):
      "contract '\(contract)' declares variant '\(variant)' twice (\(registeredAt))"
    case .invalidName(let kind, let name, let registeredAt, let rule):
      "\(kind) name '\(name)' (\(registeredAt)) is not valid: names must match \(rule)"
    case .invalidDeclaration(let reason):
      reason
    }
  }
}

/// A metatype carried into a `@Sendable` closure; metatypes are immutable, so sharing is safe.
private struct DecodableType: @unchecked Sendable {
  let type: any Decodable.Type
}
