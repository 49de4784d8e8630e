/// A mistake in how a type declares its contract (an enum's case availabilities that form a
/// cycle, a `@Versioned` range that is empty or reversed), found when a value of it is
/// encoded: the type and field are named, and the run stops with exit 2 rather than trap.
package struct DeclarationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong, naming the type or field and how to fix it.
  package let description: String

  init(_ description: String) { self.description = description }
}
