import Foundation

/// The seed of this target's random tests: `LISTFLOW_FUZZ_SEED` (decimal or `0x` hex) when set, else a fixed
/// value, so every run is reproducible and another seed can be tried without editing code. Failures print it.
let terminalFuzzSeed: UInt64 = {
  if let text = ProcessInfo.processInfo.environment["LISTFLOW_FUZZ_SEED"] {
    if text.hasPrefix("0x"), let value = UInt64(text.dropFirst(2), radix: 16) { return value }
    if let value = UInt64(text) { return value }
  }
  return 0x7E4_14A1
}()
