import Foundation
import ContractKitRuntime

/// Contracts whose payloads the app's own code produces: FOSMVVM's localizing encoder, or
/// a `JSONEncoder` configured as the app sends its DTOs. ContractKit guards those bytes,
/// not a re-encoding in its own vocabulary: it parses and canonicalizes them, probes their
/// determinism by producing them again where they differ from the baseline, and classifies
/// changes with the shape rules and the registration's hints.
///
/// Producers may be `async`: each runs as a task while one of ContractKit's own threads
/// waits for it, never a thread of the cooperative pool, so a FOSMVVM factory can await
/// freely, in the command line and in `swift test` alike. They run concurrently, and build
/// what depends on the client's version from `request.version`, never from a global. A
/// producer that throws, or does not return within ``producerTimeLimit``, is one
/// `encoding-failed` finding for its case; every other case is still checked.
///
/// ContractKit changes no process-wide state: FOSMVVM's `LocalizableDate` text, which
/// FOSMVVM formats in the process's time zone, is spelled in UTC by ContractKit when the
/// process runs elsewhere (see ``ZoneNeutralDates``).
extension Catalog {
  /// Registers a contract whose JSON bytes `produce` returns for each request (locale,
  /// system version, variant).
  ///
  /// ```swift
  /// try catalog.register(wire: "AccountBannerViewModel", variants: ["empty"],
  ///                      decoding: AccountBannerViewModel.self,
  ///                      hints: [.localized("/headline"), .redacted("/serverTime")]) { request in
  ///   try AppEncoding.encode(AccountBannerViewModel.stub(request.variant), for: request)
  /// }
  /// ```
  /// - Parameters:
  ///   - variants: Named variants beyond `default`; `request.variant` says which to make.
  ///   - decoding: The app's `Decodable` type, so old baselines are proven to decode.
  ///   - decoder: Makes the decoder the app's clients use (key and date strategies).
  ///   - hints: What the paths mean (``WireHint``), written into `contract.json`.
  ///   - randomIdentities: Identities random by design (a transient banner's
  ///     `ViewModelId()`), written into `contract.json` for review: one place
  ///     (`/banner/vmId`, `/rows/*/vmId`) or any depth (`**/vmId`). Accepted there while
  ///     random, their identity objects kept with their shape; an identity anywhere else
  ///     that is random is still `identity-nondeterministic`, and a declaration no payload
  ///     needs (no such path, or stable everywhere) is `declaration-unused`.
  ///   - produce: The app's bytes for a request; called once per case and run, and again
  ///     where the bytes differ from the baseline (or none is committed) to probe
  ///     determinism. It may be `async` (a FOSMVVM factory); what it throws is the case's
  ///     `encoding-failed` finding.
  public mutating func register(
    wire name: String, variants: [String] = [], decoding type: (any Decodable.Type)? = nil,
    decoder: (@Sendable () -> JSONDecoder)? = nil, hints: [WireHint] = [],
    randomIdentities: [String] = [], fileID: String = #fileID, line: Int = #line,
    produce: @escaping @Sendable (WireRequest) async throws -> Data
  ) throws(CatalogError) {
    try register(
      wire: name, source: .wireAsync { request in [UInt8](try await produce(request)) },
      variants: variants, decoding: type, decoder: decoder, hints: hints,
      randomIdentities: randomIdentities, registeredAt: "\(fileID):\(line)")
  }

  /// ``register(wire:variants:decoding:decoder:hints:randomIdentities:fileID:line:produce:)``
  /// with a synchronous producer.
  public mutating func register(
    wire name: String, variants: [String] = [], decoding type: (any Decodable.Type)? = nil,
    decoder: (@Sendable () -> JSONDecoder)? = nil, hints: [WireHint] = [],
    randomIdentities: [String] = [], fileID: String = #fileID, line: Int = #line,
    produce: @escaping @Sendable (WireRequest) throws -> Data
  ) throws(CatalogError) {
    try register(
      wire: name, source: .wire { request in [UInt8](try produce(request)) },
      variants: variants, decoding: type, decoder: decoder, hints: hints,
      randomIdentities: randomIdentities, registeredAt: "\(fileID):\(line)")
  }

  private mutating func register(
    wire name: String, source: Contract.Source, variants: [String],
    decoding type: (any Decodable.Type)?, decoder: (@Sendable () -> JSONDecoder)?,
    hints: [WireHint], randomIdentities: [String], registeredAt: String
  ) throws(CatalogError) {
    try add(Contract.make(
      name: name, source: source, variants: variants.map { ($0, source) },
      decoding: type, decoder: decoder,
      hints: hints, redactsFreshness: true, registeredAt: registeredAt,
      randomIdentities: randomIdentities, keyType: type.map { contractTypeName($0) }))
  }

  /// Registers a type whose value an `async` factory builds per request (FOSMVVM's
  /// `@VersionedFactory`, `model(context:)`), encoded by the app's own configured encoder.
  ///
  /// ```swift
  /// try catalog.register(MemberProfileViewModel.self, variants: [], encoder: { request in
  ///   AppWire.localizingEncoder(locale: request.locale, translations: translations)
  /// }) { request in
  ///   try await MemberProfileViewModel.model(for: request.version)
  /// }
  /// ```
  /// - Parameters:
  ///   - variants: Named variants beyond `default`; `request.variant` says which to build.
  ///   - build: Builds the value for a request, from `request.version`, never a global.
  public mutating func register<T: Encodable & Sendable>(
    _ type: T.Type, named name: String? = nil, variants: [String] = [],
    encoder: @escaping @Sendable (WireRequest) -> JSONEncoder,
    decoder: (@Sendable () -> JSONDecoder)? = nil, hints: [WireHint] = [],
    randomIdentities: [String] = [], fileID: String = #fileID, line: Int = #line,
    build: @escaping @Sendable (WireRequest) async throws -> T
  ) throws(CatalogError) {
    let source = Contract.Source.wireAsync { request in
      [UInt8](try encoder(request).encode(try await build(request)))
    }
    try add(Contract.make(
      name: name ?? contractTypeName(type), source: source, variants: variants.map { ($0, source) },
      decoding: type, decoder: decoder ?? { JSONDecoder() },
      hints: hints, redactsFreshness: true, registeredAt: "\(fileID):\(line)",
      randomIdentities: randomIdentities, keyType: contractTypeName(type)))
  }

  /// Registers an `Encodable` stub encoded by the app's own configured `JSONEncoder`, such as
  /// one with `.convertToSnakeCase` and `.iso8601`.
  ///
  /// ```swift
  /// try catalog.register(OrderExportDTO.self, stub: { .sample }, encoder: { _ in
  ///   let encoder = JSONEncoder()
  ///   encoder.keyEncodingStrategy = .convertToSnakeCase
  ///   encoder.dateEncodingStrategy = .iso8601
  ///   return encoder
  /// })
  /// ```
  /// When `T` is `Decodable`, baselines are decoded with it and `decoder` (Foundation's
  /// default decoder when `nil`).
  public mutating func register<T: Encodable & Sendable>(
    _ type: T.Type, named name: String? = nil, stub: @escaping @Sendable () -> T,
    variants: [StubVariant<T>] = [],
    encoder: @escaping @Sendable (WireRequest) -> JSONEncoder,
    decoder: (@Sendable () -> JSONDecoder)? = nil, hints: [WireHint] = [],
    randomIdentities: [String] = [], fileID: String = #fileID, line: Int = #line
  ) throws(CatalogError) {
    func source(_ make: @escaping @Sendable () -> T) -> Contract.Source {
      .wire { request in [UInt8](try encoder(request).encode(make())) }
    }
    try add(Contract.make(
      name: name ?? contractTypeName(type), source: source(stub),
      variants: variants.map { ($0.name, source($0.make)) },
      decoding: type, decoder: decoder ?? { JSONDecoder() },
      hints: hints, redactsFreshness: true, registeredAt: "\(fileID):\(line)",
      randomIdentities: randomIdentities, keyType: contractTypeName(type)))
  }
}
