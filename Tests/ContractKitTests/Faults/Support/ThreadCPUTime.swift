#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The CPU time the calling thread has used, in nanoseconds: a time limit on one input that
/// a loaded machine's preemptions and the other tests running beside it cannot trip.
func threadCPUNanoseconds() -> UInt64 {
  var time = timespec()
  guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return 0 }
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}
