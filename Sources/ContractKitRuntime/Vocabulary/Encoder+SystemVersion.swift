extension Encoder {
  /// The system version being encoded when ContractKit's localizing encoder runs; `nil`
  /// under other encoders.
  ///
  /// For the rare field whose wire type changes between versions, a custom `encode(to:)`
  /// can branch on it; a field that only comes or goes uses `@Versioned` instead.
  /// ```swift
  /// if let version = encoder.systemVersion, version < .init(2, 0, 0) {
  ///   try container.encode(legacyText, forKey: .estimatedDelivery)
  /// } else {
  ///   try container.encode(estimatedDelivery, forKey: .estimatedDelivery)
  /// }
  /// ```
  /// Public: an app's own `encode(to:)` reads it, in the app's module.
  public var systemVersion: SystemVersion? {
    contractRecorder?.version
  }
}
