#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether this process runs under the thread sanitizer (`scripts/tsan`). Its runtime, and so the fixture
/// program's, changes how signals arrive, so the tests that depend on it are left to the plain run:
/// - it takes over the crash signals, and Swift's backtracer does not run;
/// - it takes every other signal in a handler of its own and calls the program's handler later, once the thread
///   that took it calls into the runtime again; if the program has put the default action back meanwhile, the
///   signal is dropped, neither handled nor acted on. A test of a signal taken just before the handlers are
///   uninstalled (a `SIGTSTP` as the last session ends) then sees no stop at all.
enum ThreadSanitizer {
  static let isOn: Bool = {
    #if canImport(Darwin)
    let everyImage = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
    #else
    let everyImage: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
    #endif
    return dlsym(everyImage, "__tsan_acquire") != nil
  }()
}
