import ContractKitRuntime
import Dispatch
import Synchronization

/// Runs an app's producer for one request, from one of ContractKit's own threads.
///
/// An `async` producer (a FOSMVVM `@VersionedFactory`, a `model(context:)`) runs as a task
/// on ``ProducerExecutor``, awaiting freely while ContractKit's thread waits for it: it needs
/// no thread of the cooperative pool, and blocks none, so factories cannot deadlock
/// `swift test`. A synchronous one runs on the calling thread when that runs a check's job
/// (``JobWatch``), else on one of ``ProducerThreads``.
/// A producer that does not return within the catalog's time limit is an
/// ``EncodingFailure`` naming its case; later calls of the same contract's producer then
/// fail at once rather than each waiting out the limit.
enum ProducerCall {
  /// The bytes the synchronous `produce` makes for `request`, run watched on the calling
  /// thread when it runs a check's job, else on one of ``ProducerThreads``, so that the caller
  /// can stop waiting.
  /// - Throws: ``EncodingFailure`` when it throws, or does not return within `limit`.
  static func run(
    _ produce: @escaping @Sendable (WireRequest) throws -> [UInt8], for request: WireRequest,
    limit: Duration, stall: ProducerStall
  ) throws(EncodingFailure) -> [UInt8] {
    let outcome: Result<[UInt8], any Error>?
    if let job = JobWatch.current {
      // A check's job: run here, with no hand-off; should it stall, the job runs again on
      // another thread, given back what this and the job's other calls returned (`nil` for
      // this one).
      outcome = job.call(limit: limit) {
        Result {
          try checkNotStalled(request, limit: limit, stall: stall)
          return try produce(request)
        }
      }
    } else {
      try checkNotStalled(request, limit: limit, stall: stall)
      outcome = ProducerThreads.run(within: deadline(after: limit)) {
        Result { try produce(request) }
      }
    }
    return try result(outcome, for: request, limit: limit, stall: stall)
  }

  /// The bytes the `async` `produce` makes for `request`, run as a task while this thread
  /// waits.
  /// - Throws: ``EncodingFailure`` when it throws, or does not return within `limit`.
  static func run(
    _ produce: @escaping @Sendable (WireRequest) async throws -> [UInt8],
    for request: WireRequest, limit: Duration, stall: ProducerStall
  ) throws(EncodingFailure) -> [UInt8] {
    guard let job = JobWatch.current else {
      try checkNotStalled(request, limit: limit, stall: stall)
      return try awaited(produce, for: request, limit: limit, stall: stall)
    }
    // A check's job: what this call gave is given back should the job run again.
    return try job.logged { () -> Result<[UInt8], EncodingFailure> in
      Result { () throws(EncodingFailure) in
        try checkNotStalled(request, limit: limit, stall: stall)
        return try awaited(produce, for: request, limit: limit, stall: stall)
      }
    }.get()
  }

  /// The bytes the `async` `produce` makes for `request`, run as a task while this thread
  /// waits.
  private static func awaited(
    _ produce: @escaping @Sendable (WireRequest) async throws -> [UInt8],
    for request: WireRequest, limit: Duration, stall: ProducerStall
  ) throws(EncodingFailure) -> [UInt8] {
    let outcome = Mutex<Result<[UInt8], any Error>?>(nil)
    let finished = DispatchSemaphore(value: 0)
    @Sendable func body() async {
      let result: Result<[UInt8], any Error>
      do {
        result = .success(try await produce(request))
      } catch {
        result = .failure(error)
      }
      outcome.withLock { $0 = result }
      finished.signal()
    }
    let task: Task<Void, Never>
    if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
      task = Task.detached(executorPreference: ProducerExecutor.shared) { await body() }
    } else {
      task = Task.detached { await body() }
    }
    // This thread is one of ContractKit's own (a worker of its pool, or the thread a test
    // integration checks a case on): waiting here leaves the cooperative pool to the task.
    let inTime = finished.wait(timeout: deadline(after: limit)) == .success
    if !inTime { task.cancel() }
    return try result(inTime ? outcome.withLock { $0 } : nil, for: request, limit: limit,
                      stall: stall)
  }

  private static func checkNotStalled(
    _ request: WireRequest, limit: Duration, stall: ProducerStall
  ) throws(EncodingFailure) {
    guard let stalled = stall.stalledCase else { return }
    throw EncodingFailure(
      contractCase: request.contractCase,
      reason: "not produced: the producer did not return for \(stalled) within "
        + "\(seconds(limit)), and it is not called again")
  }

  /// A producer's outcome as bytes, or the failure that names its case; `nil` when it did
  /// not finish in time.
  private static func result(
    _ outcome: Result<[UInt8], any Error>?, for request: WireRequest, limit: Duration,
    stall: ProducerStall
  ) throws(EncodingFailure) -> [UInt8] {
    let contractCase = request.contractCase
    switch outcome {
    case .success(let bytes)?:
      return bytes
    case .failure(let error)?:
      if let failure = error as? EncodingFailure { throw failure }
      throw EncodingFailure(contractCase: contractCase, error: error)
    case nil:
      stall.note(contractCase)
      throw EncodingFailure(
        contractCase: contractCase,
        reason: "the producer did not return within \(seconds(limit)) (a factory that never "
          + "finishes, or a wait for something that never comes?)")
    }
  }

  private static func deadline(after limit: Duration) -> DispatchTime {
    let (seconds, attoseconds) = limit.components
    let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    return .now() + .nanoseconds(Int(clamping: max(0, nanoseconds)))
  }

  /// `60 s`, `0.5 s`.
  static func seconds(_ limit: Duration) -> String {
    let (seconds, attoseconds) = limit.components
    let fraction = Double(attoseconds) / 1e18
    return fraction == 0 ? "\(seconds) s" : "\(Double(seconds) + fraction) s"
  }
}

/// Whether a contract's producer has already failed to return in this run: the first case it
/// stalled on, so that the rest of its cases fail at once, naming it.
final class ProducerStall: Sendable {
  private let first = Mutex<ContractCase?>(nil)

  var stalledCase: ContractCase? { first.withLock { $0 } }

  func note(_ contractCase: ContractCase) {
    first.withLock { if $0 == nil { $0 = contractCase } }
  }
}
