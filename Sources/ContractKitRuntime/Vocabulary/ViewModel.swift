/// A value a server renders and clients of many releases decode: the unit ContractKit guards.
///
/// ```swift
/// struct GreetingViewModel: ViewModel {
///   @LocalizedString var title
///   let vmId = ViewModelId(type: GreetingViewModel.self)
///   static func stub() -> Self { .init() }
/// }
/// ```
public protocol ViewModel: Codable, Sendable, Stubbable, LocalizedPropertyOwner {
  /// The identity SwiftUI and clients use to tell this view model from others.
  var vmId: ViewModelId { get }
}

/// A type that can make a representative instance of itself without a server.
public protocol Stubbable {
  /// The default stub: realistic, fully populated, and the same on every call.
  static func stub() -> Self

  /// Named stub variants beyond the default, such as `empty` or `long-text`.
  ///
  /// Names match `[a-z0-9][a-z0-9-]*`; they name the baseline files
  /// (`<locale>.<variant>.json`).
  static var stubVariants: [StubVariant<Self>] { get }
}

extension Stubbable {
  public static var stubVariants: [StubVariant<Self>] { [] }
}

/// A named way to make a stub, such as `empty` or `long-text`.
public struct StubVariant<Value>: Sendable {
  /// The variant's name, part of its baseline file names.
  public let name: String
  /// Makes a fresh instance: once per case and run, and again where the encoding differs
  /// from its baseline, to tell a stub that is not deterministic from a real change.
  public let make: @Sendable () -> Value

  public init(_ name: String, make: @escaping @Sendable () -> Value) {
    self.name = name
    self.make = make
  }
}

/// A type whose `@LocalizedString` properties take their keys from its own name.
///
/// The localization layer gives it the `LocalizedString` property wrapper.
public protocol LocalizedPropertyOwner {}
