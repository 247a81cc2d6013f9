import Synchronization

#if LISTFLOW_TSAN
// The thread sanitizer's annotations (compiler-rt's `tsan_interface.h`), linked in by `-sanitize=thread`.
@usableFromInline @_silgen_name("__tsan_acquire")
func _tsanAcquire(_ address: UnsafeRawPointer)
@usableFromInline @_silgen_name("__tsan_release")
func _tsanRelease(_ address: UnsafeRawPointer)
#endif

extension Mutex where Value: ~Copyable {
  /// `withLock`, with the lock's hand-over between threads made visible to the thread sanitizer.
  ///
  /// On Linux, when a `Mutex` is contended, its unlock hands the lock to the waiting thread inside the kernel
  /// (`_unlockSlow` and `_lockSlow` of `Synchronization._MutexHandle`, compiled without the sanitizer's
  /// instrumentation), so the sanitizer sees no happens-before edge from one critical section to the next and
  /// reports the accesses inside them as races. In a build made with `-Xswiftc -DLISTFLOW_TSAN` (as
  /// `scripts/tsan` does), this method tells the sanitizer that the lock is acquired after taking it and released
  /// before giving it back, so those reports disappear and every other race is still reported. In every other
  /// build it is exactly `withLock`.
  ///
  /// - Parameter body: Runs with the protected value, while the lock is held.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  @inlinable
  package borrowing func withSanitizedLock<Result, Failure: Error>(
    _ body: (inout sending Value) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    #if LISTFLOW_TSAN
    // The mutex is noncopyable and borrowed in place, so this is its address for as long as it exists.
    let address = withUnsafePointer(to: self) { UnsafeRawPointer($0) }
    return try withLock { (value: inout sending Value) throws(Failure) -> sending Result in
      _tsanAcquire(address)
      defer { _tsanRelease(address) }
      return try body(&value)
    }
    #else
    return try withLock(body)
    #endif
  }
}
