import Foundation
import Synchronization

/// Runs independent jobs on all cores, on threads with stacks deep enough for payloads
/// nested 1,000+ levels, and returns results in input order so output never depends on
/// scheduling.
package enum WorkerPool {
  /// Threads to use: `CONTRACTKIT_THREADS` when set, else one per active core.
  package static var defaultThreadCount: Int {
    if let text = ProcessInfo.processInfo.environment["CONTRACTKIT_THREADS"],
      let count = Int(text), count > 0
    {
      return count
    }
    return max(1, ProcessInfo.processInfo.activeProcessorCount)
  }

  /// 64 MiB: encoding and diffing recurse once per nesting level.
  package static let stackSize = 64 << 20

  /// `body` applied to every item, in item order; the first error (in item order) is thrown.
  ///
  /// With `replayingStalls`, each job is a ``JobWatch`` run: calls that may never return
  /// (an app's producers) run on the job's own thread, and a job whose call outlives its
  /// limit runs again on a new thread, given back what its calls returned. Such a job's
  /// effects outside its result must bear being made twice, or come after its last call.
  package static func map<Item: Sendable, Result: Sendable>(
    _ items: [Item], threads: Int = defaultThreadCount, replayingStalls: Bool = false,
    _ body: @escaping @Sendable (Item) throws -> Result
  ) throws -> [Result] {
    let state = Mutex(State<Result>(results: Array(repeating: nil, count: items.count)))
    let workerCount = min(max(1, threads), max(1, items.count))
    let done = DispatchGroup()
    /// Runs jobs until none is left, `first` (a job to run again) before the others; leaves
    /// `done` for the thread it took over from, or for itself.
    @Sendable func work(first: (index: Int, replay: [JobWatch.Entry])?) {
      var next = first
      while true {
        let job = next ?? state.withLock { state -> (index: Int, replay: [JobWatch.Entry])? in
          guard state.next < items.count, state.firstErrorIndex == nil else { return nil }
          defer { state.next += 1 }
          return (state.next, [])
        }
        next = nil
        guard let job else { break }
        let outcome: Swift.Result<Result, any Error>
        if replayingStalls {
          let watch = JobWatch(replay: job.replay) { log in start(first: (job.index, log)) }
          outcome = watch.run { Swift.Result { try body(items[job.index]) } }
        } else {
          outcome = Swift.Result { try body(items[job.index]) }
        }
        state.withLock { state in
          state.results[job.index] = outcome
          if case .failure = outcome, job.index < (state.firstErrorIndex ?? .max) {
            state.firstErrorIndex = job.index
          }
        }
      }
      done.leave()
    }
    @Sendable func start(first: (index: Int, replay: [JobWatch.Entry])?) {
      let thread = Thread { work(first: first) }
      thread.stackSize = stackSize
      thread.start()
    }
    for _ in 0..<workerCount {
      done.enter()
      start(first: nil)
    }
    done.wait()
    return try state.withLock { state in
      try state.results.prefix(state.firstErrorIndex.map { $0 + 1 } ?? items.count).map {
        guard let outcome = $0 else { preconditionFailure("a job did not finish") }
        return try outcome.get()
      }
    }
  }

  /// Runs `body` on one thread with a deep stack and waits for it.
  static func run<Result: Sendable>(_ body: @escaping @Sendable () throws -> Result) throws
    -> Result
  {
    try map([()], threads: 1) { _ in try body() }[0]
  }

  private struct State<Result: Sendable>: Sendable {
    var results: [Swift.Result<Result, any Error>?]
    var next = 0
    var firstErrorIndex: Int?
  }
}
