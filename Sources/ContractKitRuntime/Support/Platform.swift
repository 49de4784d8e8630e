#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C library calls ContractKit makes outside Foundation, behind one platform import.
///
/// Files that need only these do not import Foundation (canonical JSON, byte comparison),
/// and the names do not collide with methods called `read` and `write` elsewhere.
package enum Platform {
  /// `memcmp(3)`: the order of the first `count` bytes at `lhs` and `rhs`.
  @inline(__always)
  static func compareBytes(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, _ count: Int)
    -> Int32
  {
    memcmp(lhs, rhs, count)
  }

  /// `memchr(3)`: the offset of the first `byte` in `buffer` at or after `start`, or `nil`.
  package static func firstOffset(of byte: UInt8, in buffer: UnsafeRawBufferPointer, from start: Int)
    -> Int?
  {
    guard let base = buffer.baseAddress, start < buffer.count,
      let found = memchr(base + start, Int32(byte), buffer.count - start)
    else { return nil }
    return UnsafeRawPointer(found) - base
  }

  /// `pthread_key_create(3)`: a thread-specific key whose value, a retained object
  /// (`Unmanaged.passRetained`), is released when its thread ends. (The destructor's argument
  /// is optional in Glibc's signature and not in Darwin's.)
  static func makeThreadKeyReleasingObjects() -> pthread_key_t {
    var key = pthread_key_t()
    #if canImport(Darwin)
      pthread_key_create(&key) { raw in Unmanaged<AnyObject>.fromOpaque(raw).release() }
    #else
      pthread_key_create(&key) { raw in
        guard let raw else { return }
        Unmanaged<AnyObject>.fromOpaque(raw).release()
      }
    #endif
    return key
  }

  /// `write(2)`: bytes written, or -1 with `errno` set.
  package static func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.write(descriptor, buffer, count)
    #elseif canImport(Musl)
      Musl.write(descriptor, buffer, count)
    #else
      Darwin.write(descriptor, buffer, count)
    #endif
  }

  /// `read(2)`: bytes read, 0 at the end, or -1 with `errno` set.
  package static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.read(descriptor, buffer, count)
    #elseif canImport(Musl)
      Musl.read(descriptor, buffer, count)
    #else
      Darwin.read(descriptor, buffer, count)
    #endif
  }

  /// The text of the current `errno`.
  package static var errorText: String { String(cString: strerror(errno)) }
}
