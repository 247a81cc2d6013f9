import ListFlow
import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlowTerminal

/// Plain mode names every section's footer, as a screen shows it: a footer is data the app declared, and a host
/// that drops it in one mode loses it silently.
@MainActor
@Suite struct PlainFooterPropertyTests {
  /// What a section's footer becomes in the next state.
  enum FooterChange { case keep, retitle, remove, add }

  /// The footer changes of ``footersAreNamed()``, by weight.
  static let footerChanges = WeightedChoice<FooterChange>([
    ("keep the footer", weight: 2, .keep),
    ("give the footer another text", weight: 2, .retitle),
    ("remove the footer", weight: 1, .remove),
    ("add or keep a footer", weight: 1, .add),
  ])

  /// Random sections, some with a header, some with a footer.
  static func sections(ids: [Int], using random: inout SeededRandom) -> [ScriptedDataSource.Section] {
    ids.map { id in
      ScriptedDataSource.Section(
        id: id, header: Bool.random(using: &random) ? "head \(id)" : nil,
        footer: Bool.random(using: &random) ? "foot \(id) \(random.below(1_000))" : nil,
        rows: (0..<random.below(4)).map { .init(id: id * 100 + $0, title: "row \(id).\($0)") })
    }
  }

  @Test("a reload and each later change name the footer of every section they show, and its new text")
  func footersAreNamed() {
    for seed in DeepPass.seeds(quick: 40, deep: 1_000) {
      var random = SeededRandom(seed: seed)
      let output = CapturingOutput()
      let view = TerminalListView(output: output, mode: .plain)
      let dataSource = ScriptedDataSource()
      view.dataSource = dataSource
      dataSource.view = view
      var sections = Self.sections(ids: Array(0..<(1 + random.below(4))), using: &random)
      dataSource.show(sections)
      let reload = output.takeText().split(separator: "\n").map(String.init)
      let named = reload.filter { $0.hasPrefix("footer ") }
      let expected = sections.enumerated().compactMap { index, section in section.footer.map { "footer \(index) \($0)" }
      }
      #expect(named == expected, "seed \(seed): reload \(reload)")
      // A next state: footers changed, and one more section put at a random place.
      let previous = sections
      for index in sections.indices {
        switch Self.footerChanges.pick(using: &random).value {
        case .keep: break
        case .retitle: sections[index].footer = "new foot \(index) \(random.below(1_000))"
        case .remove: sections[index].footer = nil
        case .add: sections[index].footer = sections[index].footer ?? "added foot \(index)"
        }
      }
      let inserted = Self.sections(ids: [sections.count + 10], using: &random)[0]
      sections.insert(inserted, at: random.below(sections.count + 1))
      dataSource.show(sections)
      let change = output.takeText().split(separator: "\n").map(String.init)
      // Every footer the list did not show before (a new text, or a new section's) is named (at its section's
      // position in the stage that changed it: an update's comes before the inserts of the change).
      for (index, section) in sections.enumerated() {
        guard let footer = section.footer, previous.first(where: { $0.id == section.id })?.footer != footer else {
          continue
        }
        let line = change.first { $0.hasPrefix("footer ") && $0.hasSuffix(" \(footer)") }
        #expect(line != nil, "seed \(seed): section \(index) in \(change)")
      }
    }
  }
}
