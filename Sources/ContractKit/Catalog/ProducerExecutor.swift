import ContractKitRuntime
import Foundation
import Synchronization

/// Threads of ContractKit's own on which the app's `async` producers run, as their tasks'
/// executor preference: a factory, its child tasks and the default actors it calls run here,
/// not on Swift's cooperative pool.
///
/// A test process's pool has as many threads as cores, and any synchronous test that waits
/// for something (a check of a catalog among them) holds one: a producer that needed a pool
/// thread to finish would then wait for a test that waits for it. On these threads it never
/// waits for the pool. (An unstructured `Task {}` the producer starts itself still runs on
/// the pool, as it would in the app.)
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class ProducerExecutor: TaskExecutor, Sendable {
  /// The executor every producer of the process shares.
  static let shared = ProducerExecutor(threads: max(2, ProcessInfo.processInfo.activeProcessorCount))

  private let jobs = Mutex<[UnownedJob]>([])
  private let available = DispatchSemaphore(value: 0)

  private init(threads: Int) {
    for _ in 0..<threads {
      let thread = Thread { [self] in
        while true {
          available.wait()
          guard let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { continue }
          job.runSynchronously(on: asUnownedTaskExecutor())
        }
      }
      thread.stackSize = WorkerPool.stackSize
      thread.start()
    }
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    jobs.withLock { $0.append(job) }
    available.signal()
  }
}
