import Foundation
import TestSupport

/// The base seed of the random tests: `LISTFLOW_FUZZ_SEED` (decimal or `0x` hex) when set, else a fixed value,
/// so every run is reproducible and another seed can be tried without editing code.
let fuzzBaseSeed: UInt64 = {
  if let text = environmentValue("LISTFLOW_FUZZ_SEED") {
    if text.hasPrefix("0x"), let value = UInt64(text.dropFirst(2), radix: 16) { return value }
    if let value = UInt64(text) { return value }
  }
  return 0x11F7_D1FF
}()

/// The seed of case `index` of a random test: every case can be rebuilt alone from it.
func caseSeed(_ index: Int) -> UInt64 {
  var random = SeededRandom(seed: fuzzBaseSeed &+ UInt64(index))
  return random.next()
}

/// The value of an environment variable.
func environmentValue(_ name: String) -> String? { ProcessInfo.processInfo.environment[name] }
