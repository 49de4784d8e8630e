import Foundation
import ContractKitRuntime

/// One registered contract: a name, a way to produce each stub variant's payload, and (for
/// `Decodable` types) a way to prove today's type still decodes old baselines.
package struct Contract: Sendable {
  /// The contract's name: its folder in the baseline tree.
  package let name: String
  /// The default stub first, then named variants in registration order.
  package let variants: [Variant]
  /// Where it was registered (`SampleContracts/SampleCatalog.swift:42`).
  package let registeredAt: String
  /// The `Decodable` Swift type it decodes as, spelled `Module.Type`
  /// (`String(reflecting:)`), or `nil` when none is given: what `compat` asks a release's
  /// own module to decode.
  package let swiftType: String?
  /// Decodes a payload with today's Swift type, returning the value; `nil` when no
  /// `Decodable` type is given.
  let decode: (@Sendable (Data) throws -> Any)?
  /// Makes the decoder the app's clients use; `nil` for ContractKit's wire decoder
  /// (``BaselineDecoder``).
  let makeDecoder: (@Sendable () -> JSONDecoder)?
  /// What the registration says about paths (wire contracts' hints), by pattern.
  var hintedAnnotations: [String: [PathAnnotation]]
  /// The values baselines hold placeholders for.
  let redactor: Redactor
  /// Identities declared random by design (a transient banner's `ViewModelId()`).
  let randomIdentities: [Redaction]
  /// The app's type whose FOSMVVM keys name this wire contract's translations
  /// (``FOSMVVMKeys``), when its registration gives one.
  let keyType: String?
  /// Every path the registration's hints, redactions and random identities name: each must
  /// still describe some payload (``HintCoverage``).
  var declarations: [PathDeclaration]
  /// Whether this contract's producer already failed to return (wire contracts).
  let stall = ProducerStall()

  /// One stub variant of a contract.
  package struct Variant: Sendable {
    /// `"default"` for the default stub.
    package let name: String
    /// How its payload is made.
    let source: Source
  }

  /// How a variant's payload is made.
  enum Source: Sendable {
    /// A fresh stub, encoded by ContractKit's localizing encoder.
    case stub(@Sendable () -> any Encodable & Sendable)
    /// The app's own bytes for a request (a wire contract), run by ``ProducerCall``.
    case wire(@Sendable (WireRequest) throws -> [UInt8])
    /// The app's own bytes for a request, made by an `async` producer (a FOSMVVM factory).
    case wireAsync(@Sendable (WireRequest) async throws -> [UInt8])
  }

  /// Whether the app's own encoder produces this contract's payloads.
  package var isWire: Bool {
    switch variants.first?.source {
    case .wire?, .wireAsync?: return true
    case .stub?, nil: return false
    }
  }

  /// The pointers of `pointers` (random identities an encoding made) that no declaration
  /// says are random by design: each is `identity-nondeterministic`.
  func undeclaredRandomIdentities(_ pointers: [String]) -> [String] {
    guard !randomIdentities.isEmpty else { return pointers }
    return pointers.filter { pointer in
      let tokens = JSONPointer.tokens(of: pointer)[...]
      return !randomIdentities.contains { $0.matches(tokens) }
    }
  }

  /// The variant named `name`.
  package func variant(named name: String) -> Variant? {
    variants.first { $0.name == name }
  }

  /// How the contract's clients configure their decoder, read off the decoder it declares
  /// (ContractKit's own when it declares none); `nil` for a contract without a `Decodable`
  /// type.
  var decoderDeclaration: DecoderDeclaration? {
    guard decode != nil else { return nil }
    return makeDecoder.map { DecoderDeclaration(describing: $0()) } ?? .contractKit
  }
}

extension Contract {
  /// Builds a contract, validating its names.
  /// - Parameters:
  ///   - variants: Named variants beyond the default, with their sources.
  ///   - swiftType: The type baselines are decoded with, when it is `Decodable`.
  ///   - decoder: Makes the app's decoder; `nil` for ContractKit's wire decoder.
  static func make(
    name: String, source: Source, variants: [(name: String, source: Source)],
    decoding swiftType: Any.Type?, decoder: (@Sendable () -> JSONDecoder)?,
    hints: [WireHint], redactsFreshness: Bool, registeredAt: String,
    randomIdentities: [String] = [], keyType: String? = nil
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
    var annotations: [String: [PathAnnotation]] = [:]
    var redactions: [Redaction] = []
    var declarations: [PathDeclaration] = []
    func redaction(_ pattern: String, as what: String) throws(CatalogError) -> Redaction {
      do {
        return try Redaction(pattern)
      } catch {
        throw .invalidDeclaration(
          "contract '\(name)' (\(registeredAt)) \(what) '\(pattern)', which is not a path "
            + "pattern: \(error.description)")
      }
    }
    func declare(_ kind: PathDeclaration.Kind, _ pattern: Redaction) {
      let declaration = PathDeclaration(kind: kind, pattern: pattern)
      if !declarations.contains(declaration) { declarations.append(declaration) }
    }
    for hint in hints {
      switch hint.fact {
      case .annotation(let pattern, let annotation):
        guard pattern.isEmpty || pattern.hasPrefix("/"), !pattern.contains("**") else {
          throw .invalidDeclaration(
            "contract '\(name)' (\(registeredAt)) hints at '\(pattern)', which is not a path "
              + "pattern: use a JSON Pointer with '*' for any one index or key")
        }
        annotations[pattern, default: []].append(annotation)
        declare(.hint, try redaction(pattern, as: "hints at"))
      case .redaction(let pattern):
        redactions.append(try redaction(pattern, as: "redacts"))
        declare(.redaction, redactions[redactions.count - 1])
      }
    }
    // A random-by-design identity, at one place (`/banner/vmId`, `/rows/*/vmId`) or at any
    // depth (`**/vmId`): accepted there, its string value redacted, its identity object kept
    // with its shape (``Redactor``).
    var random: [Redaction] = []
    for pattern in randomIdentities {
      let declared = try redaction(pattern, as: "declares a random identity at")
      random.append(declared)
      declare(.randomIdentity, declared)
      annotations[declared.pattern, default: []].append(.randomIdentity)
    }
    let all = [Variant(name: BaselineLayout.defaultVariant, source: source)]
      + variants.map { Variant(name: $0.name, source: $0.source) }
    let decodable = swiftType as? any Decodable.Type
    return Contract(
      name: name, variants: all, registeredAt: registeredAt,
      swiftType: decodable.map { String(reflecting: $0) },
      decode: decodable.map { Self.decoder(forType: $0, using: decoder) },
      makeDecoder: decoder,
      hintedAnnotations: annotations,
      redactor: Redactor(redactions: redactions, randomIdentities: random,
                         redactsFreshness: redactsFreshness),
      randomIdentities: random, keyType: keyType, declarations: declarations)
  }

  /// A decoder of baselines with `decodable`.
  /// - Parameter decoder: Makes the app's configured decoder; `nil` uses ContractKit's wire
  ///   spelling of dates (ISO 8601, UTC) and Foundation's defaults otherwise.
  static func decoder(forType decodable: any Decodable.Type,
                      using decoder: (@Sendable () -> JSONDecoder)?)
    -> (@Sendable (Data) throws -> Any)
  {
    let box = DecodableType(type: decodable)
    if let decoder {
      return { data in try decoder().decode(box.type, from: data) }
    }
    return { data in try BaselineDecoder.decode(box.type, from: data) }
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
