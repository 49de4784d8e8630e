import Foundation

/// One object per thread, made on the thread's first use and freed when the thread ends:
/// what encodings on one thread keep from one payload to the next (formatters, key layouts)
/// without locks, since a thread runs one encoding at a time.
final class ThreadSlot<Object: AnyObject>: Sendable {
  private let key: pthread_key_t
  private let make: @Sendable () -> Object

  init(_ make: @escaping @Sendable () -> Object) {
    key = Platform.makeThreadKeyReleasingObjects()
    self.make = make
  }

  /// The calling thread's object.
  var current: Object {
    if let raw = pthread_getspecific(key) {
      return Unmanaged<Object>.fromOpaque(raw).takeUnretainedValue()
    }
    let object = make()
    pthread_setspecific(key, Unmanaged.passRetained(object).toOpaque())
    return object
  }
}
