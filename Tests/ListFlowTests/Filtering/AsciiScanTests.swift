import TestSupport
import Testing

@testable import ListFlow

/// The filter's fast test of a query against a title (`FilteredFeed.Match.isFound`, with its byte scan for ASCII)
/// says what the full match says, for any text: plain ASCII, carriage returns, accents, combining marks, and texts
/// longer than the part a match reads.
@Suite("Filter: the byte scan agrees with the full match")
struct AsciiScanTests {
  static let pieces = ["a", "b", "C", "x", "Y", "1", " ", "/", "-", "\r", "\r\n", "é", "e\u{301}", "ß"]

  @Test("random texts and queries (10,000 in the deep pass): isFound is exactly whether the match finds the query")
  func scanAgreesWithMatch() {
    var random = SeededRandom(seed: 0xA5C1)
    let limit = FilteredFeed.Match.maximumTextLength
    var scanned = 0
    for _ in 0..<DeepPass.cases(quick: 400, deep: 10_000) {
      let plain = random.oneIn(2)
      let length = random.below(limit + 24)
      let text = (0..<length).map { _ in
        plain ? Self.pieces[random.below(6)] : Self.pieces[random.below(Self.pieces.count)]
      }.joined()
      let query = (0..<(1 + random.below(3))).map { _ in Self.pieces[random.below(5)] }.joined()
      let pattern = FilteredFeed.Match.pattern(of: query)
      let expected = FilteredFeed.Match(pattern: pattern, in: text) != nil
      #expect(
        FilteredFeed.Match.isFound(pattern, in: text) == expected,
        "query \(query.debugDescription) in \(text.debugDescription)")
      if let ascii = pattern.ascii, let found = _asciiFinds(ascii, in: text) {
        scanned += 1
        #expect(found == expected, "query \(query.debugDescription) in \(text.debugDescription)")
      }
    }
    // The byte scan must have answered for most plain texts, else this test proves little.
    #expect(scanned > DeepPass.cases(quick: 400, deep: 10_000) / 4, "scanned \(scanned)")
  }
}
