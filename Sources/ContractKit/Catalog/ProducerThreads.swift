import ContractKitRuntime
import Foundation
import Synchronization

/// Threads of ContractKit's own that run the app's synchronous producers called outside a
/// check's jobs (which run them on their own threads, ``JobWatch``), so that a producer that
/// never returns can be given up on: the caller waits with a time limit, and a thread that
/// did not come back within it is left to its producer, never reused.
///
/// Idle threads are kept for the next call.
enum ProducerThreads {
  /// `job`'s result, or `nil` when it did not finish within `limit`.
  static func run<Result: Sendable>(
    within limit: DispatchTime, _ job: @escaping @Sendable () -> Result
  ) -> Result? {
    let outcome = Mutex<Result?>(nil)
    let finished = DispatchSemaphore(value: 0)
    let worker = idle.withLock { $0.popLast() } ?? Worker()
    worker.start {
      let result = job()
      outcome.withLock { $0 = result }
      finished.signal()
    }
    guard finished.wait(timeout: limit) == .success else { return nil }
    idle.withLock { $0.append(worker) }
    return outcome.withLock { $0 }
  }

  private static let idle = Mutex<[Worker]>([])

  /// One thread with a deep stack (encoders recurse once per nesting level), waiting for
  /// its next job.
  private final class Worker: Sendable {
    private let job = Mutex<(@Sendable () -> Void)?>(nil)
    private let ready = DispatchSemaphore(value: 0)

    init() {
      let thread = Thread { [self] in
        while true {
          ready.wait()
          job.withLock { $0 }?()
        }
      }
      thread.stackSize = WorkerPool.stackSize
      thread.start()
    }

    func start(_ body: @escaping @Sendable () -> Void) {
      job.withLock { $0 = body }
      ready.signal()
    }
  }
}
