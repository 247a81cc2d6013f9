import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// A cell written as the README teaches: stored properties with initial values, no reset code at all. Whatever it
/// shows after any change must equal what a new cell configured with its row's binder shows.
final class BareLabelCell: ListCell, TitledConfigurable, ColoredConfigurable, FontedConfigurable {
  var text = ""
  var color: ListColor?
  var font = ListFont.body
  var marks = ""
  func configure(by model: any Titled) { text = model.title ?? "" }
  func configure(by model: any Colored) { color = model.color }
  func configure(by model: any Fonted) { font = model.font ?? .body }
  var textRepresentation: String {
    var line = marks + text
    if let color { line += " (\(color))" }
    if font != .body { line += " [\(font)]" }
    return line
  }
}

/// A second cell type with no reset code, so rows change cell type and the pool serves two types.
final class BareBadgeCell: ListCell {
  var text = ""
  var badge = 0
  var textRepresentation: String { badge == 0 ? "#\(text)" : "#\(text) <\(badge)>" }
}

/// Something a mapper reads that is not in the row's content (the time, a setting): only an explicit reconfigure
/// or reload shows a change of it.
@MainActor
enum OutsideWorld {
  static var tick = 0
}

/// After every change (a new state with moves, deletes, inserts, duplicates, restyled and retyped rows; an explicit
/// reconfigure; an explicit reload; a selection change) every row shown equals a new cell configured with the
/// row's binder, for cells that have no reset code. It fails when the engine or a host configures a cell on top
/// of what it showed before.
@MainActor
@Suite("A cell shows its row and nothing else, by construction: cells with no reset code")
struct NoResetCellPropertyTests {
  struct Fruit: ListItemDataModel, Hashable, Titled, Colored, Fonted {
    var id: Int
    var title: String?
    var color: ListColor?
    var font: ListFont?
    var identity: Int { id }
  }

  static let styles: [ListItemStyle<BareLabelCell>] = [
    .plain,
    ListItemStyle("green") { $0.color = .green },
    ListItemStyle("bold") { $0.font = .bold },
    ListItemStyle("upper") { $0.text = $0.text.uppercased() },
    ListItemStyle("star") { $0.marks += "*" },
    ListItemStyle("green+bold") { $0.color = .green } + ListItemStyle("bold2") { $0.font = .bold },
  ]

  /// A row's binder: one of the two cell types, a random style (or two), random capabilities, and a mapper that
  /// reads the outside world, so a reconfigure with the same content can still change what a cell shows.
  static func binder(_ id: Int, _ random: inout SeededRandom) -> CellBinder {
    func maybe<Value>(_ value: Value) -> Value? { random.next() % 2 == 0 ? value : nil }
    let fruit = Fruit(
      id: id, title: "f\(id) v\(random.next() % 3)", color: maybe(.red),
      font: maybe(random.next() % 2 == 0 ? .italic : .light))
    if random.next() % 4 == 0 {
      return CellBinder(cell: BareBadgeCell.self, value: fruit, id: ListIdentifier(id)) { cell, fruit in
        cell.text = fruit.title ?? ""
        if OutsideWorld.tick % 2 == 1 { cell.badge = OutsideWorld.tick }
      }
    }
    var style = styles[Int(random.next() % UInt64(styles.count))]
    if random.next() % 3 == 0 { style += styles[Int(random.next() % UInt64(styles.count))] }
    let map: @MainActor @Sendable (Fruit, BareLabelCell) -> Void = { _, cell in
      if OutsideWorld.tick % 3 == 1 { cell.marks += "!" }
    }
    return CellBinder(data: fruit, map: map, style: style).identified(by: id)
  }

  /// A state: the ids of the last one moved, some deleted, some inserted, some repeated (duplicates), each row
  /// with a new random binder.
  static func state(after ids: [Int], _ random: inout SeededRandom) -> [Int] {
    var next = ids.filter { _ in random.next() % 5 != 0 }
    for _ in 0..<Int(random.next() % 4) {
      next.insert(Int(random.next() % 30), at: Int(random.next() % UInt64(next.count + 1)))
    }
    if next.count > 1, random.next() % 2 == 0 {
      let from = Int(random.next() % UInt64(next.count))
      let row = next.remove(at: from)
      next.insert(row, at: Int(random.next() % UInt64(next.count + 1)))
    }
    if !next.isEmpty, random.next() % 4 == 0 { next.append(next[Int(random.next() % UInt64(next.count))]) }
    return next
  }

  enum Step: CaseIterable { case state, explicitUpdate, select }

  @Test("random states, styles, capabilities, cell types, duplicates, explicit updates and selection")
  func everyShownCellIsFresh() async throws {
    let seeds = DeepPass.seeds(quick: 60, deep: 400)
    for seed in seeds {
      var random = SeededRandom(seed: seed)
      OutsideWorld.tick = 0
      let view = RecordingListView()
      let controller = ListController<[CellBinder]>(
        configuration: ListControllerConfiguration(backgroundDiffThreshold: .max))
      let engine = try ListEngine(view: view, showing: controller)
      engine.selectionMode = .multiple
      var ids: [Int] = []
      var log: [String] = []
      for _ in 0..<10 {
        let step = Step.allCases[Int(random.next() % UInt64(Step.allCases.count))]
        log.append("\(step)")
        let shown = engine.snapshot.first.map { Array($0.elements).map(\.id) } ?? []
        switch step {
        case .state:
          ids = Self.state(after: ids, &random)
          await controller.apply(ids.map { Self.binder($0, &random) })
        case .explicitUpdate:
          // The outside world changes, and the app asks for every row again: some reconfigured, the rest reloaded.
          OutsideWorld.tick += 1
          let reconfigured = Set(shown.filter { _ in random.next() % 2 == 0 })
          engine.reconfigureRows(Array(reconfigured))
          engine.reloadRows(shown.filter { !reconfigured.contains($0) })
        case .select: for id in shown where random.next() % 2 == 0 { engine.select(id) }
        }
        let fresh = ListRendering.lines(of: engine.snapshot)
        #expect(view.renderedLines == fresh, "seed \(seed): \(log.joined(separator: ", "))")
        if view.renderedLines != fresh { return }
      }
    }
  }

  @Test("the README's rule: a fruit that stops being ripe stops being green, through the terminal-like pool too")
  func ripeThenUnripe() async throws {
    let view = RecordingListView()
    let controller = ListController<[CellBinder]>()
    let engine = try ListEngine(view: view, showing: controller)
    let ripe = ListItemStyle<BareLabelCell>("ripe") { $0.color = .green }
    func apple(ripe isRipe: Bool) -> CellBinder {
      CellBinder(
        data: Fruit(id: 1, title: "apple"), map: { (_: Fruit, _: BareLabelCell) in }, style: isRipe ? ripe : .plain
      )
    }
    for isRipe in [true, false, true, false] {
      await controller.apply([apple(ripe: isRipe)])
      #expect(view.renderedLines == [isRipe ? "apple (green)" : "apple"])
    }
    withExtendedLifetime(engine) {}
  }
}
