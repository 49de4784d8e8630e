import Foundation

extension WorkerPool {
  /// `body`'s result, computed on a thread of its own with a deep stack while the calling
  /// task is suspended: no thread of Swift's cooperative pool waits for it, so the tasks it
  /// starts (an app's `async` producers) have the whole pool.
  package static func value<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
    await withCheckedContinuation { continuation in
      let thread = Thread { continuation.resume(returning: body()) }
      thread.stackSize = stackSize
      thread.start()
    }
  }
}
