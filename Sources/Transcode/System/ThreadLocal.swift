#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One object per thread, made on first use and released when the thread ends (a POSIX
/// thread-specific key). For state that must follow the thread doing a call, such as the last
/// line FFmpeg logged on it.
package final class ThreadLocal<Value: AnyObject>: @unchecked Sendable {
  private var key = pthread_key_t()
  private let make: @Sendable () -> Value

  package init(_ make: @escaping @Sendable () -> Value) {
    self.make = make
    pthread_key_create(&key) { raw in
      if let raw { Unmanaged<AnyObject>.fromOpaque(raw).release() }
    }
  }

  /// This thread's object, made now if it has none.
  package var value: Value {
    if let raw = pthread_getspecific(key) {
      return unsafeDowncast(
        Unmanaged<AnyObject>.fromOpaque(raw).takeUnretainedValue(), to: Value.self)
    }
    let value = make()
    pthread_setspecific(key, Unmanaged<AnyObject>.passRetained(value).toOpaque())
    return value
  }

  /// This thread's object if it has made one.
  package var existing: Value? {
    pthread_getspecific(key).map {
      unsafeDowncast(Unmanaged<AnyObject>.fromOpaque($0).takeUnretainedValue(), to: Value.self)
    }
  }
}
