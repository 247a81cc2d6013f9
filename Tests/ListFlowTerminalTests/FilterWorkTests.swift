import ListFlow
import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlowTerminal

/// Hostile text typed into the filter (combining marks of two classes, bidi controls, emoji ZWJ sequences, CJK)
/// costs work linear in its length: the work is counted, never timed, at a size and at twice that size.
///
/// The work counted is what the view hands on: the scalars of every query given to the filter (the matcher reads
/// each query whole, for every row) and the bytes of every frame written. A filter whose query grew without bound
/// did quadratic work in both: each key gave the matcher and the status bar the whole query again.
@MainActor
@Suite struct FilterWorkTests {
  /// A filtered list of a few rows in a captured screen, the filter open; the work it was handed so far.
  @MainActor
  final class Filter {
    let output = CapturingOutput()
    let view: TerminalListView
    let feed: FilteredFeed
    let list: ListEngine
    var queryScalars = 0
    var queries = 0

    init() throws {
      view = TerminalListView(output: output, mode: .screen(TerminalSize(columns: 40, rows: 8)))
      let rows = ["apple", "ápple", "日本語", "👨‍👩‍👧 family", "e\u{301}\u{316}"].enumerated().map { index, title in
        CellBinder(cell: TextCell.self, value: title, id: ListIdentifier(index)) { cell, title in cell.title = title }
      }
      let source = SectionsFeed(sections: [ListSection(id: "rows", items: rows).snapshot])
      feed = try FilteredFeed(source)
      let composite = ComposedFeed<ListSectionSnapshot>()
      try composite.append(feed)
      list = try ListEngine(view: view, showing: composite)
      let feed = feed
      view.onFilterChange = { [unowned self] query in
        queries += 1
        queryScalars += query.unicodeScalars.count
        feed.query = query
      }
      view.handle(.character("/"))
      _ = output.takeBytes()
    }

    /// The work handed on: query scalars plus bytes written.
    var work: Int { queryScalars + output.takeBytes().count }

    /// Types bytes as the terminal sends them, cut into reads of 64 bytes.
    func type(_ bytes: [UInt8]) {
      var decoder = KeyDecoder()
      for start in stride(from: 0, to: bytes.count, by: 64) {
        for key in decoder.decode(Array(bytes[start..<min(start + 64, bytes.count)])) { view.handle(key) }
      }
      for key in decoder.flush() { view.handle(key) }
    }
  }

  /// Random hostile text of `count` scalars: mostly combining marks after one letter, with bidi controls,
  /// zero-width joiners between emoji, and CJK.
  static func hostileText(scalars count: Int, using random: inout SeededRandom) -> String {
    var scalars = String.UnicodeScalarView(["a"])
    let others: [Unicode.Scalar] = ["\u{202E}", "\u{2066}", "\u{200F}", "👨", "\u{200D}", "👩", "日", "本"]
    while scalars.count < count {
      if Int.random(in: 0..<8, using: &random) == 0 {
        scalars.append(others.randomElement(using: &random)!)
      } else {
        scalars.append(Bool.random(using: &random) ? "\u{301}" : "\u{316}")
      }
    }
    return String(scalars)
  }

  @Test("typing hostile text of 2n scalars into the filter costs at most about twice the work of n")
  func typedWorkIsLinear() throws {
    var random = SeededRandom(seed: terminalFuzzSeed &+ 5)
    for round in 0..<2 {
      let size = Int.random(in: 300...400, using: &random)
      let text = Self.hostileText(scalars: 2 * size, using: &random)
      let half = String(String.UnicodeScalarView(text.unicodeScalars.prefix(size)))
      let small = try Filter()
      small.type(Array(half.utf8))
      let large = try Filter()
      large.type(Array(text.utf8))
      let (smallWork, largeWork) = (small.work, large.work)
      #expect(
        largeWork <= 2 * smallWork + 4_096,
        "seed \(terminalFuzzSeed) round \(round): \(size) scalars took \(smallWork), \(2 * size) took \(largeWork)")
      #expect(large.view.filterQuery.unicodeScalars.count <= 256)
    }
  }

  @Test("a bracketed paste of hostile text is one query of at most 256 scalars, whatever its length")
  func pastedWorkIsLinear() throws {
    var random = SeededRandom(seed: terminalFuzzSeed &+ 6)
    let size = Int.random(in: 2_000...3_000, using: &random)
    let text = Self.hostileText(scalars: 2 * size, using: &random)
    let half = String(String.UnicodeScalarView(text.unicodeScalars.prefix(size)))
    let small = try Filter()
    small.type(Array(("\u{1B}[200~" + half + "\u{1B}[201~").utf8))
    let large = try Filter()
    large.type(Array(("\u{1B}[200~" + text + "\u{1B}[201~").utf8))
    #expect(small.queries == 1 && large.queries == 1, "seed \(terminalFuzzSeed)")
    let (smallWork, largeWork) = (small.work, large.work)
    #expect(largeWork <= 2 * smallWork + 4_096, "seed \(terminalFuzzSeed): \(smallWork), then \(largeWork)")
    #expect(large.view.filterQuery.unicodeScalars.count <= 256)
    #expect(large.view.filterQuery.unicodeScalars.first == "a")
  }
}
