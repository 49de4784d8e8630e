import Foundation
import Synchronization

/// The thread that gives up on a ``JobWatch``'s call once it outlives its limit.
///
/// It looks at the runs it watches every ``interval`` while there are any, so a call is given
/// up on at most that long after its limit, and sleeps while there are none. A look costs
/// one atomic load a run: nothing is signalled for a call that returns in time.
enum StallWatchdog {
  /// How often the watched runs are looked at, in microseconds.
  static let interval: useconds_t = 20_000

  private struct State {
    var runs: [ObjectIdentifier: JobWatch] = [:]
    var started = false
    var sleeping = false
  }

  private static let state = Mutex(State())
  private static let wake = DispatchSemaphore(value: 0)

  static func watch(_ run: JobWatch) {
    let (start, signal) = state.withLock { state -> (Bool, Bool) in
      state.runs[ObjectIdentifier(run)] = run
      defer { state.started = true; state.sleeping = false }
      return (!state.started, state.sleeping)
    }
    if start { startThread() }
    if signal { wake.signal() }
  }

  static func unwatch(_ run: JobWatch) {
    _ = state.withLock { $0.runs.removeValue(forKey: ObjectIdentifier(run)) }
  }

  private static func startThread() {
    // A thread of its own, not a Dispatch timer: Dispatch's timers open descriptors, and a
    // process whose standard output was closed would get one as its descriptor 1.
    let thread = Thread {
      while true {
        let runs = state.withLock { state -> [JobWatch] in
          if state.runs.isEmpty { state.sleeping = true }
          return Array(state.runs.values)
        }
        if runs.isEmpty {
          wake.wait()
          continue
        }
        let now = DispatchTime.now().uptimeNanoseconds
        for run in runs where run.giveUpIfLate(now: now) { unwatch(run) }
        usleep(interval)
      }
    }
    thread.start()
  }
}
