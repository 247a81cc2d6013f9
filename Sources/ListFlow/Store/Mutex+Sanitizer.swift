import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The thread sanitizer's annotations (`__tsan_acquire` and `__tsan_release` of compiler-rt's `tsan_interface.h`),
/// looked up once at run time: present when the program was built with `-sanitize=thread` (its runtime is then
/// linked in and exports them), absent in every other build.
struct _SanitizerAnnotations: @unchecked Sendable {
  // Plain C function pointers, set once before any use.
  typealias Annotation = @convention(c) (UnsafeRawPointer?) -> Void

  let acquire: Annotation
  let release: Annotation

  /// The annotations of the sanitizer this process runs under, or `nil` when it runs under none.
  static let current: _SanitizerAnnotations? = lookUp()

  private static func lookUp() -> _SanitizerAnnotations? {
    #if canImport(Darwin)
    let everyImage = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
    #else
    let everyImage: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
    #endif
    guard let acquire = dlsym(everyImage, "__tsan_acquire"), let release = dlsym(everyImage, "__tsan_release")
    else { return nil }
    return _SanitizerAnnotations(
      acquire: unsafeBitCast(acquire, to: Annotation.self), release: unsafeBitCast(release, to: Annotation.self))
  }
}

extension Mutex where Value: ~Copyable {
  /// `withLock`, with the lock's hand-over between threads made visible to the thread sanitizer.
  ///
  /// On Linux, when a `Mutex` is contended, its unlock hands the lock to the waiting thread inside the kernel
  /// (`_unlockSlow` and `_lockSlow` of `Synchronization._MutexHandle`, compiled without the sanitizer's
  /// instrumentation), so the sanitizer sees no happens-before edge from one critical section to the next and
  /// reports the accesses inside them as races. When the process runs under the thread sanitizer (any build made
  /// with `-sanitize=thread`, as `swift test --sanitize=thread` makes it; no define needed), this method tells the
  /// sanitizer that the lock is acquired after taking it and released before giving it back, so those reports
  /// disappear and every other race is still reported. Otherwise it is `withLock` plus one check of a value
  /// looked up once.
  ///
  /// - Parameter body: Runs with the protected value, while the lock is held.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  package borrowing func withSanitizedLock<Result, Failure: Error>(
    _ body: (inout sending Value) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    guard let annotations = _SanitizerAnnotations.current else { return try withLock(body) }
    // The mutex is noncopyable and borrowed in place, so this is its address for as long as it exists.
    let address = withUnsafePointer(to: self) { UnsafeRawPointer($0) }
    return try withLock { (value: inout sending Value) throws(Failure) -> sending Result in
      annotations.acquire(address)
      defer { annotations.release(address) }
      return try body(&value)
    }
  }
}
