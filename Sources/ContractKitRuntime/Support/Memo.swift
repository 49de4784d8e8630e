import Synchronization

/// A value worked out the first time it is asked for, then kept: for work that most runs
/// never need (the shape rule's localized pointers, asked only for a changed path that no
/// metadata describes).
package final class Memo<Value: Sendable>: Sendable {
  private let state: Mutex<(value: Value?, make: (@Sendable () -> Value)?)>

  /// A value known already.
  package init(_ value: Value) { state = Mutex((value, nil)) }

  /// A value `make` gives when first asked for.
  package init(_ make: @escaping @Sendable () -> Value) { state = Mutex((nil, make)) }

  package var value: Value {
    state.withLock { state in
      if let value = state.value { return value }
      let value = state.make!()
      state = (value, nil)
      return value
    }
  }
}
