import Foundation
import Synchronization

/// A value computed once on a thread of its own, started when it is made, which a task
/// awaits (suspended) and a plain thread waits for (blocked): neither kind of waiter needs
/// a thread of Swift's cooperative pool to be free for the value to arrive.
package final class BackgroundValue<Value: Sendable>: Sendable {
  private let value = Mutex<Value?>(nil)
  private let done = DispatchGroup()

  package init(_ compute: @escaping @Sendable () -> Value) {
    done.enter()
    let thread = Thread { [self] in
      let result = compute()
      value.withLock { $0 = result }
      done.leave()
    }
    thread.stackSize = WorkerPool.stackSize
    thread.start()
  }

  /// The value, once computed; the calling task is suspended meanwhile.
  package func get() async -> Value {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      done.notify(queue: .global()) { continuation.resume() }
    }
    return current()
  }

  /// The value, once computed; the calling thread waits.
  package func wait() -> Value {
    done.wait()
    return current()
  }

  private func current() -> Value {
    guard let value = value.withLock({ $0 }) else {
      preconditionFailure("a background value read before it was computed")
    }
    return value
  }
}
