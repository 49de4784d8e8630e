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
///
/// A producer may block its thread (a semaphore, a synchronous wait for I/O) and never give
/// it back. So the threads grow: a job that waits ``patience`` with no thread free starts a
/// new one, and only the producers that do not return are blamed for it; the others still
/// run. A thread beyond the first ones that stays idle for ``idleLimit`` ends.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class ProducerExecutor: TaskExecutor, Sendable {
  /// The executor every producer of the process shares.
  static let shared = ProducerExecutor(threads: max(2, ProcessInfo.processInfo.activeProcessorCount))

  /// How long a job may wait for a thread before another is started, in microseconds.
  static let patience: useconds_t = 50_000
  /// How long a thread beyond the first ones waits for work before it ends.
  static let idleLimit: DispatchTimeInterval = .seconds(30)
  /// The most threads there ever are: producers that block forever are not given more.
  static let threadLimit = 256

  private struct State {
    var jobs: [UnownedJob] = []
    /// Threads waiting for a job.
    var idle = 0
    var threads = 0
    /// Whether a check for a job waiting without a thread is scheduled.
    var watching = false
  }

  private let state = Mutex(State())
  private let available = DispatchSemaphore(value: 0)
  /// Wakes the watchdog when a job is queued with no thread free.
  private let starving = DispatchSemaphore(value: 0)
  private let baseThreads: Int

  private init(threads: Int) {
    baseThreads = threads
    for _ in 0..<threads { startThread() }
    // A thread of its own, not a Dispatch timer: Dispatch's timers open descriptors, and a
    // process whose standard output was closed would get one as its descriptor 1.
    let watchdog = Thread { [self] in
      while true {
        starving.wait()
        watchForStarvation()
      }
    }
    watchdog.start()
  }

  /// The threads there are now, idle or busy (blocked ones included).
  var threadCount: Int { state.withLock { $0.threads } }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let watch = state.withLock { state in
      state.jobs.append(job)
      guard state.idle == 0, !state.watching else { return false }
      state.watching = true
      return true
    }
    available.signal()
    if watch { starving.signal() }
  }

  /// Every ``patience``, starts a thread while jobs wait and no thread is free.
  private func watchForStarvation() {
    while true {
      usleep(Self.patience)
      let start = state.withLock { state -> Bool in
        guard !state.jobs.isEmpty, state.idle == 0, state.threads < Self.threadLimit else {
          state.watching = false
          return false
        }
        return true
      }
      guard start else { return }
      startThread()
    }
  }

  private func startThread() {
    state.withLock { $0.threads += 1 }
    let thread = Thread { [self] in
      while true {
        state.withLock { $0.idle += 1 }
        let woken = available.wait(timeout: .now() + Self.idleLimit) == .success
        let job = state.withLock { state -> UnownedJob? in
          state.idle -= 1
          return state.jobs.isEmpty ? nil : state.jobs.removeFirst()
        }
        if let job {
          job.runSynchronously(on: asUnownedTaskExecutor())
          continue
        }
        // Idle for the whole limit: a thread beyond the first ones ends.
        if !woken {
          let ends = state.withLock { state -> Bool in
            guard state.threads > baseThreads else { return false }
            state.threads -= 1
            return true
          }
          if ends { return }
        }
      }
    }
    thread.stackSize = WorkerPool.stackSize
    thread.start()
  }
}
