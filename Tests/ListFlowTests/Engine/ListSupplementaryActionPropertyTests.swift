import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// Generated lists whose rows, section headers and footers, and list header and footer are cells that may send
/// actions; between changes of the list, the list's header or footer is replaced. Every cell the view shows is
/// tapped: an action of a row or of a section's header or footer reaches ``SyncDelegate/didReceiveCellAction``
/// with its element, and one of the list's header or footer reaches
/// ``SyncDelegate/didReceiveListSupplementaryAction`` with its binder, each once; a cell of the list's header or
/// footer that the view gave back sends nothing.
@MainActor
@Suite("Cell actions from every kind of cell, the list's header and footer included")
struct ListSupplementaryActionPropertyTests {
  typealias TapCell = EventRoutingPropertyTests.TapCell

  enum Step { case change, header, footer, both }

  static let steps = WeightedChoice<Step>([
    ("the sections change", weight: 3, .change),
    ("the list's header is replaced or removed", weight: 2, .header),
    ("the list's footer is replaced or removed", weight: 2, .footer),
    ("both are replaced or removed", weight: 1, .both),
  ])

  /// A list header or footer: a cell that sends actions, one that does not, or none.
  static func supplementary(_ name: String, _ random: inout SeededRandom, version: Int) -> CellBinder? {
    switch random.below(3) {
    case 0: TapCell.makeBinder(value: "\(name) \(version)", id: ListIdentifier(name))
    case 1:
      CellBinder(cell: TextCell.self, value: "\(name) \(version)", id: ListIdentifier(name)) { $0.title = $1 }
    default: nil
    }
  }

  @Test("every cell's action is heard once by the engine's delegate, the list's header and footer included")
  func everyKindOfCellIsHeard() async throws {
    var failures: [String] = []
    var failingSeeds = 0
    for seed in DeepPass.seeds(quick: 40, deep: 400) {
      if let failure = try await Self.run(seed: seed) {
        failingSeeds += 1
        if failures.count < 3 { failures.append("seed \(seed): \(failure)") }
      }
    }
    #expect(failingSeeds == 0, "\(failingSeeds) seeds failed; the first:\n\(failures.joined(separator: "\n\n"))")
  }

  static func run(seed: UInt64) async throws -> String? {
    var random = SeededRandom(seed: seed)
    var heard: [String] = []
    var delegate = SyncDelegate()
    delegate.didReceiveCellAction = { event in heard.append("\(event.element)") }
    delegate.didReceiveListSupplementaryAction = { _, binder in heard.append("list \(binder.id)") }
    let view = RecordingListView()
    let controller = ListController<[ListSection<CellBinder>]>(
      configuration: ListControllerConfiguration(backgroundDiffThreshold: .max))
    let engine = try ListEngine(view: view, showing: controller, delegate: delegate)
    var version = 0
    engine.listHeader = supplementary("header", &random, version: version)
    engine.listFooter = supplementary("footer", &random, version: version)
    await controller.apply(EventRoutingPropertyTests.sections(&random))
    var log: [String] = []
    var givenBack: [any ListCell] = []
    for step in 0..<6 {
      let picked = steps.pick(using: &random)
      log.append(picked.name)
      let before = [view.listHeader, view.listFooter].compactMap { $0 }
      version += 1
      switch picked.value {
      case .change: await controller.apply(EventRoutingPropertyTests.sections(&random))
      case .header: engine.listHeader = supplementary("header", &random, version: version)
      case .footer: engine.listFooter = supplementary("footer", &random, version: version)
      case .both:
        engine.listHeader = supplementary("header", &random, version: version)
        engine.listFooter = supplementary("footer", &random, version: version)
      }
      let now = [view.listHeader, view.listFooter].compactMap { $0 }
      givenBack += before.filter { old in !now.contains { $0 === old } }
      var taps: [(any ListCell, String)] = []
      for (index, section) in view.sections.enumerated() {
        if let header = section.header { taps.append((header, "header \(index)")) }
        for (item, cell) in section.rows.enumerated() {
          taps.append((cell, "row \(ItemPath(item: item, section: index))"))
        }
        if let footer = section.footer { taps.append((footer, "footer \(index)")) }
      }
      if let header = view.listHeader { taps.append((header, "list header")) }
      if let footer = view.listFooter { taps.append((footer, "list footer")) }
      for (cell, expected) in taps {
        guard let cell = cell as? TapCell else { continue }
        heard = []
        cell.tap()
        if heard != [expected] {
          return "step \(step): a tap of \(expected) was heard as \(heard)\n  " + log.joined(separator: "\n  ")
        }
      }
      for case let cell as TapCell in givenBack {
        heard = []
        cell.tap()
        if !heard.isEmpty {
          return "step \(step): a list cell given back was heard as \(heard)\n  " + log.joined(separator: "\n  ")
        }
      }
    }
    withExtendedLifetime(engine) {}
    return nil
  }
}
