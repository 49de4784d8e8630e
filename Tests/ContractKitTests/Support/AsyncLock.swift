/// A lock a task waits for suspended, never blocking a thread: for tests that share one
/// resource for minutes (``QuickStartCopy``) while Swift Testing's two pool threads go on
/// with other tests. Waiters get the lock in the order they asked.
actor AsyncLock {
  private var held = false
  private var waiting: [CheckedContinuation<Void, Never>] = []

  func acquire() async {
    guard held else {
      held = true
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  /// Hands the lock to the first waiter, or frees it.
  func release() {
    if waiting.isEmpty {
      held = false
    } else {
      waiting.removeFirst().resume()
    }
  }
}
