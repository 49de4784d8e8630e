import Foundation
import Synchronization

/// One run of a replayable ``WorkerPool`` job and the calls it makes that may never return
/// (an app's producer).
///
/// Such a call runs on the job's own thread, with no hand-off to another, while
/// ``StallWatchdog`` watches its time limit. When it outlives the limit, the thread is left
/// to it and the job runs again from its start on a new thread, given back what each of its
/// calls returned the first time and ``Entry/stalled`` for the one that did not: a job is a
/// function of what its calls return, so the second run takes the first one's path up to the
/// stall and goes on from there. Should the stalled call ever return, its thread waits
/// forever rather than go on with a job another thread now runs.
///
/// So a replayable job's effects outside its result must bear being made twice (a file
/// staged again, a key set again), or come after its last call.
package final class JobWatch: @unchecked Sendable {
  /// What one call of the job gave back.
  package enum Entry: Sendable {
    case returned(any Sendable)
    /// It did not return within its limit.
    case stalled
  }

  /// The job run on the calling thread, if it is a replayable one.
  package static var current: JobWatch? {
    guard let raw = pthread_getspecific(key) else { return nil }
    return Unmanaged<JobWatch>.fromOpaque(raw).takeUnretainedValue()
  }

  /// No call under way.
  private static let idle: UInt64 = 0
  /// The call under way was given up on.
  private static let abandoned = UInt64.max
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  /// The deadline of the call under way (uptime nanoseconds), ``idle`` or ``abandoned``: the
  /// one field the job's thread and the watchdog share.
  private let deadline = Atomic<UInt64>(0)
  /// What the calls returned so far, the replayed ones included. Written by the job's thread
  /// only; read by the watchdog once it has given the thread up, after which it writes no more.
  private var log: [Entry] = []
  private let replay: [Entry]
  private let rerun: @Sendable ([Entry]) -> Void
  /// Whether the watchdog knows this run.
  private var watched = false

  /// A run that first gives back `replay`'s entries, one a call, and that hands what its
  /// calls returned, ending with ``Entry/stalled``, to `rerun` when one of them stalls.
  package init(replay: [Entry] = [], rerun: @escaping @Sendable ([Entry]) -> Void) {
    self.replay = replay
    self.rerun = rerun
  }

  /// `body` run on the calling thread as this job.
  package func run<Result>(_ body: () -> Result) -> Result {
    pthread_setspecific(Self.key, Unmanaged.passUnretained(self).toOpaque())
    defer {
      pthread_setspecific(Self.key, nil)
      if watched { StallWatchdog.unwatch(self) }
    }
    return body()
  }

  /// `body`'s value, computed on this thread and given up on after `limit`; `nil` where a
  /// run before this one saw it stall.
  package func call<Value: Sendable>(limit: Duration, _ body: () -> Value) -> Value? {
    if let entry = replayed() { return value(of: entry) }
    if !watched {
      watched = true
      StallWatchdog.watch(self)
    }
    let (due, overflow) = DispatchTime.now().uptimeNanoseconds
      .addingReportingOverflow(Self.nanoseconds(limit))
    deadline.store(overflow ? Self.abandoned - 1 : min(due, Self.abandoned - 1), ordering: .releasing)
    let value = body()
    guard deadline.exchange(Self.idle, ordering: .acquiringAndReleasing) != Self.abandoned
    else { Self.waitForever() }
    log.append(.returned(value))
    return value
  }

  /// `body`'s value, computed on this thread, which bounds its own wait: not watched, but
  /// logged and replayed like a watched call so that a run again sees what this one saw.
  package func logged<Value: Sendable>(_ body: () -> Value) -> Value {
    if let entry = replayed() {
      guard let value: Value = value(of: entry) else {
        preconditionFailure("a logged call replayed as stalled")
      }
      return value
    }
    let value = body()
    log.append(.returned(value))
    return value
  }

  /// Called by the watchdog: gives the call under way up when it is past its deadline at
  /// `now`, and has the job run again. Whether it did.
  func giveUpIfLate(now: UInt64) -> Bool {
    let due = deadline.load(ordering: .acquiring)
    guard due != Self.idle, due != Self.abandoned, now > due,
      deadline.compareExchange(expected: due, desired: Self.abandoned,
                               ordering: .acquiringAndReleasing).exchanged
    else { return false }
    rerun(log + [.stalled])
    return true
  }

  private func replayed() -> Entry? {
    guard log.count < replay.count else { return nil }
    let entry = replay[log.count]
    log.append(entry)
    return entry
  }

  private func value<Value>(of entry: Entry) -> Value? {
    guard case .returned(let value) = entry else { return nil }
    guard let typed = value as? Value else {
      preconditionFailure("a replayed job's call returned a \(type(of: value)), not a \(Value.self)")
    }
    return typed
  }

  private static func nanoseconds(_ limit: Duration) -> UInt64 {
    let (seconds, attoseconds) = limit.components
    guard seconds >= 0, attoseconds >= 0 else { return 0 }
    let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
    let (total, over) = whole.addingReportingOverflow(UInt64(attoseconds / 1_000_000_000))
    return overflow || over ? abandoned - 1 : total
  }

  /// Where a given-up thread ends up once its call returns.
  private static func waitForever() -> Never {
    let never = DispatchSemaphore(value: 0)
    while true { never.wait() }
  }
}
