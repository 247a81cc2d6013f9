#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether this process runs under the thread sanitizer (`scripts/tsan`): its runtime, and so the fixture
/// program's, takes over the crash signals and Swift's backtracer does not run, so the tests of what a crash does
/// with the backtracer on are left to the plain run.
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
