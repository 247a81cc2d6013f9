import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlowTerminal

/// `SS3` sequences with parameters, as an xterm set to its old modified keys sends them (`ESC O 5 A` for
/// Control and the up arrow, `ESC O 2 P` for Shift and F1): the parameters and the final byte belong to the
/// sequence, which is its key (an arrow, Home, End) or one unknown key, never a typed character, among other keys
/// and however the reads split them.
@Suite struct SingleShiftPropertyTests {
  /// The key of an `SS3` sequence's final byte, as the docs list them.
  static func key(final: UInt8) -> Key? {
    switch final {
    case 0x41: .up
    case 0x42: .down
    case 0x43: .right
    case 0x44: .left
    case 0x48: .home
    case 0x46: .end
    default: nil
    }
  }

  /// An `SS3` sequence with 1 to 8 parameter bytes and a final byte, and its key.
  static func sequence(using random: inout SeededRandom) -> (bytes: [UInt8], keys: [Key]) {
    let parameters = (0..<1 + random.below(8)).map { _ in
      random.oneIn(4) ? UInt8(ascii: ";") : UInt8(ascii: "0") + UInt8(random.below(10))
    }
    let finals = Array("ABCDHFPQRSabcdjq~".utf8)
    let final = random.oneIn(4) ? UInt8(0x40 + random.below(0x3F)) : finals[random.below(finals.count)]
    let bytes = [0x1B, 0x4F] + parameters + [final]
    return (bytes, [Self.key(final: final) ?? .unknown(bytes)])
  }

  @Test("an SS3 sequence with parameters among keys is its key or one unknown key, however the reads split it")
  func parametersBelongToTheSequence() {
    for seed in DeepPass.seeds(from: terminalFuzzSeed, quick: 500, deep: 20_000) {
      KeyDecoderPropertyTests.expectDecodedAmongKeys(seed: seed, oneIn: 2) { random in
        Self.sequence(using: &random)
      }
    }
  }
}
