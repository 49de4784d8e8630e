import Foundation
import ContractKitRuntime

/// Contracts whose payloads the app's own code produces: FOSMVVM's localizing encoder, or
/// a `JSONEncoder` configured as the app sends its DTOs. ContractKit guards those bytes,
/// not a re-encoding in its own vocabulary: it parses and canonicalizes them, probes their
/// determinism by producing them twice, and classifies changes with the shape rules and the
/// registration's hints.
///
/// Every producer runs with the process time zone pinned to UTC (FOSMVVM formats dates in
/// the process's time zone), so a baseline recorded in New York checks clean on CI.
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
  ///   - produce: The app's bytes for a request; called twice per case to probe
  ///     determinism. An error it throws names the contract, version, locale and variant.
  public mutating func register(
    wire name: String, variants: [String] = [], decoding type: (any Decodable.Type)? = nil,
    decoder: (@Sendable () -> JSONDecoder)? = nil, hints: [WireHint] = [],
    fileID: String = #fileID, line: Int = #line,
    produce: @escaping @Sendable (WireRequest) throws -> Data
  ) throws(CatalogError) {
    let source = Contract.Source.wire { request in [UInt8](try produce(request)) }
    try add(Contract.make(
      name: name, source: source, variants: variants.map { ($0, source) },
      decode: type.flatMap { Contract.decoder(forType: $0, using: decoder) }, decodes: type,
      hints: hints, redactsFreshness: true, registeredAt: "\(fileID):\(line)"))
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
    fileID: String = #fileID, line: Int = #line
  ) throws(CatalogError) {
    func source(_ make: @escaping @Sendable () -> T) -> Contract.Source {
      .wire { request in [UInt8](try encoder(request).encode(make())) }
    }
    try add(Contract.make(
      name: name ?? contractTypeName(type), source: source(stub),
      variants: variants.map { ($0.name, source($0.make)) },
      decode: Contract.decoder(for: type, using: decoder ?? { JSONDecoder() }), decodes: type,
      hints: hints, redactsFreshness: true, registeredAt: "\(fileID):\(line)"))
  }
}
