#if canImport(Glibc)
import Glibc

/// glibc's `int malloc_trim(size_t pad)` (in `<malloc.h>`, which the `Glibc` module does not export): gives
/// the heap memory freed so far back to the system.
@_silgen_name("malloc_trim")
private func mallocTrim(_ pad: Int) -> Int32

/// glibc's `int mallopt(int param, int value)` (`<malloc.h>`).
@_silgen_name("mallopt")
private func mallocOption(_ parameter: Int32, _ value: Int32) -> Int32

/// `M_MMAP_THRESHOLD` of `<malloc.h>`: allocations of at least this many bytes get pages of their own.
private let mmapThreshold: Int32 = -3
#endif

/// Measures the memory the process gains while it runs a piece of code, on Linux.
///
/// How: before the run, allocations of 64 KiB and more are made to get pages of their own (`mallopt` with
/// `M_MMAP_THRESHOLD`) and freed heap memory is given back to the system (`malloc_trim(0)`), so memory that a
/// previous run freed and the allocator kept cannot hide this run's needs; the kernel's peak resident set size is
/// reset by writing `5` to `/proc/self/clear_refs`, and the current resident set size (`VmRSS` of
/// `/proc/self/status`) is read. After the run, the peak since the reset (`VmHWM`, which counts pages freed
/// during the run too) is read and the allocator gets back a large threshold (32 MiB, what glibc's own dynamic
/// threshold reaches in a warm process). The gain is the peak minus the size before: the memory the run needed on
/// top of what the process already held (its inputs among it), its result included. Small allocations served
/// from memory the allocator already held are not counted: the figure is exact for large buffers.
///
/// Elsewhere than Linux, or when `/proc` refuses the reset, ``isAvailable`` is `false` and nothing is measured.
struct MemoryProbe: Sendable {
  /// Whether peak memory can be measured on this system.
  let isAvailable: Bool

  /// Creates a probe and checks that the peak can be reset.
  init() {
    #if os(Linux)
    isAvailable = Self.resetPeak() && Self.statusKilobytes("VmHWM:") != nil
    #else
    isAvailable = false
    #endif
  }

  /// Starts a measurement: trims the heap, resets the peak and returns the resident size in bytes.
  func start() -> Int? {
    #if os(Linux)
    guard isAvailable else { return nil }
    _ = mallocOption(mmapThreshold, 64 * 1024)
    guard let resident = residentBytes(), Self.resetPeak() else { return nil }
    return resident
    #else
    return nil
    #endif
  }

  /// The resident size in bytes once the heap is trimmed: what the process holds now, not what it held at its
  /// peak (between ``start()`` and ``gainedBytes(since:)``, large buffers have pages of their own and count
  /// exactly).
  func residentBytes() -> Int? {
    #if os(Linux)
    guard isAvailable else { return nil }
    _ = mallocTrim(0)
    return Self.statusKilobytes("VmRSS:").map { $0 * 1024 }
    #else
    return nil
    #endif
  }

  /// Ends a measurement started with ``start()``: the bytes gained, never negative.
  func gainedBytes(since start: Int?) -> Int? {
    guard let start, let peak = Self.statusKilobytes("VmHWM:") else { return nil }
    #if os(Linux)
    _ = mallocOption(mmapThreshold, 32 * 1024 * 1024)
    #endif
    return max(0, peak * 1024 - start)
  }

  /// Writes `5` to `/proc/self/clear_refs`, which resets `VmHWM` to the current resident size.
  private static func resetPeak() -> Bool {
    #if os(Linux)
    let file = open("/proc/self/clear_refs", O_WRONLY)
    guard file >= 0 else { return false }
    defer { close(file) }
    let byte: [UInt8] = [UInt8(ascii: "5")]
    return byte.withUnsafeBufferPointer { write(file, $0.baseAddress, 1) } == 1
    #else
    return false
    #endif
  }

  /// The value in kB of a line of `/proc/self/status` (`VmHWM:`, `VmRSS:`), read without Foundation into a
  /// fixed buffer so the reading itself allocates next to nothing.
  private static func statusKilobytes(_ key: String) -> Int? {
    #if os(Linux)
    let file = open("/proc/self/status", O_RDONLY)
    guard file >= 0 else { return nil }
    defer { close(file) }
    var buffer = [UInt8](repeating: 0, count: 8192)
    var length = 0
    while length < buffer.count {
      let count = buffer.withUnsafeMutableBufferPointer {
        read(file, $0.baseAddress! + length, $0.count - length)
      }
      if count <= 0 { break }
      length += count
    }
    let text = String(decoding: buffer[0..<length], as: UTF8.self)
    for line in text.split(separator: "\n") where line.hasPrefix(key) {
      let digits = line.dropFirst(key.count).filter(\.isNumber)
      return Int(digits)
    }
    return nil
    #else
    return nil
    #endif
  }
}
