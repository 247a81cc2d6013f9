import TestSupport
import Testing

@testable import ListFlowTerminal

/// `DisplayWidth` is never narrower than a terminal whose width table is Unicode 16's (glibc 2.41 and later, VTE
/// with GLib 2.84, kitty, WezTerm): every East Asian Wide or Fullwidth character of EastAsianWidth-16.0.0.txt that
/// shows counts two columns, alone or in text, so a line measured to fit never runs past the edge there.
@Suite struct WideTablePropertyTests {
  /// The East Asian Wide (W) and Fullwidth (F) ranges of EastAsianWidth-16.0.0.txt, unassigned code points its
  /// `@missing` lines make wide included, emoji among them: the model the width is checked against.
  static let unicode16Wide: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
    0x25FD...0x25FE, 0x2614...0x2615, 0x2630...0x2637, 0x2648...0x2653, 0x267F...0x267F, 0x268A...0x268F,
    0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE,
    0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD,
    0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755,
    0x2757...0x2757, 0x2795...0x2797, 0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50,
    0x2B55...0x2B55, 0x2E80...0x2E99, 0x2E9B...0x2EF3, 0x2F00...0x2FD5, 0x2FF0...0x303E, 0x3041...0x3096,
    0x3099...0x30FF, 0x3105...0x312F, 0x3131...0x318E, 0x3190...0x31E5, 0x31EF...0x321E, 0x3220...0x3247,
    0x3250...0xA48C, 0xA490...0xA4C6, 0xA960...0xA97C, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
    0xFE30...0xFE52, 0xFE54...0xFE66, 0xFE68...0xFE6B, 0xFF01...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
    0x16FF0...0x16FF1, 0x17000...0x187F7, 0x18800...0x18CD5, 0x18CFF...0x18D08, 0x1AFF0...0x1AFF3,
    0x1AFF5...0x1AFFB, 0x1AFFD...0x1AFFE, 0x1B000...0x1B122, 0x1B132...0x1B132, 0x1B150...0x1B152,
    0x1B155...0x1B155, 0x1B164...0x1B167, 0x1B170...0x1B2FB, 0x1D300...0x1D356, 0x1D360...0x1D376,
    0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F202,
    0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251, 0x1F260...0x1F265, 0x1F300...0x1F320,
    0x1F32D...0x1F335, 0x1F337...0x1F37C, 0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3,
    0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440...0x1F440, 0x1F442...0x1F4FC,
    0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A...0x1F57A, 0x1F595...0x1F596,
    0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2,
    0x1F6D5...0x1F6D7, 0x1F6DC...0x1F6DF, 0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB,
    0x1F7F0...0x1F7F0, 0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF, 0x1FA70...0x1FA7C,
    0x1FA80...0x1FA89, 0x1FA8F...0x1FAC6, 0x1FACE...0x1FADC, 0x1FADF...0x1FAE9, 0x1FAF0...0x1FAF8,
    0x20000...0x2FFFD, 0x30000...0x3FFFD,
  ]

  /// A scalar of the model that shows on its own: assigned (as this runtime knows it) and not a mark, a format
  /// character or a control, which take no column of their own.
  static func showsAlone(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .unassigned, .nonspacingMark, .enclosingMark, .format, .control, .surrogate: false
    default: true
    }
  }

  /// A random wide scalar of the model that shows alone.
  static func wideScalar(_ random: inout SeededRandom) -> Unicode.Scalar {
    while true {
      let range = unicode16Wide[random.below(unicode16Wide.count)]
      let value = range.lowerBound + UInt32(random.below(Int(range.upperBound - range.lowerBound) + 1))
      if let scalar = Unicode.Scalar(value), showsAlone(scalar) { return scalar }
    }
  }

  @Test("every wide character of Unicode 16 counts two columns, alone and in text, so no line runs past the edge")
  func wideCountsTwo() {
    var issues = 0
    for seed in DeepPass.seeds(quick: 2_000, deep: 200_000) {
      var random = SeededRandom(seed: seed)
      let scalar = Self.wideScalar(&random)
      let alone = DisplayWidth.of(Character(scalar))
      if alone < 2 {
        issues += 1
        let name = scalar.properties.name ?? "?"
        Issue.record("seed \(seed): U+\(String(scalar.value, radix: 16, uppercase: true)) \(name) counts \(alone)")
        continue
      }
      // In text between ASCII letters, cut to a width: never wider than the width on a Unicode 16 terminal.
      let text = "ab" + String(Character(scalar)) + "c" + String(Character(Self.wideScalar(&random)))
      let width = random.below(9)
      let cut = DisplayWidth.truncate(text, to: width)
      let drawn = cut.unicodeScalars.reduce(0) { total, scalar in
        total + (Self.unicode16Wide.contains { $0.contains(scalar.value) } && Self.showsAlone(scalar) ? 2 : 1)
      }
      if drawn > max(width, 0) {
        issues += 1
        Issue.record("seed \(seed): \(text.debugDescription) cut to \(width) is \(cut.debugDescription), \(drawn) wide")
      }
    }
    #expect(issues == 0)
  }
}
