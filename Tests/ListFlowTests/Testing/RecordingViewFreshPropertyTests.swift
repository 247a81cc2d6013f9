import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// What a ``RecordingListView`` reports after random lists (sections and rows put in, taken out, moved across
/// sections, updated, their cell types changed, headers changed), list headers and footers, selections made
/// through its interaction helpers and rows dragged with them, is what a fresh view reports for the final list:
/// the same rendered lines, visible rows, selected rows and rendered selection, with no inconsistency. Bad input
/// to the helpers (positions the list does not have) is refused with a typed error, never a trap.
@MainActor
@Suite struct RecordingViewFreshPropertyTests {
  static func header(_ text: String) -> CellBinder {
    SectionHeaderCell.makeBinder(value: text, id: "list \(text)")
  }

  /// A random position, sometimes one the list does not have.
  static func randomPath(in view: RecordingListView, using random: inout SeededRandom) -> ItemPath {
    let rows = view.visibleRows
    if !rows.isEmpty, random.below(4) > 0 { return rows[random.below(rows.count)] }
    return ItemPath(item: random.below(8) - 2, section: random.below(6) - 1)
  }

  /// What a step does.
  enum Step: Sendable { case newList, selectRow, moveRow, listSettings, toggleOrScroll, reload }

  static let steps = WeightedChoice<Step>([
    ("a new list", weight: 3, .newList),
    ("selectRow(at:)", weight: 1, .selectRow),
    ("moveRow", weight: 1, .moveRow),
    ("the list's header, footer or selection mode", weight: 1, .listSettings),
    ("toggle a row or scroll", weight: 1, .toggleOrScroll),
    ("reloadData", weight: 1, .reload),
  ])

  /// Which of the list's settings a step changes.
  enum ListSetting: Sendable { case header, footer, selectionMode }

  static let listSettings = WeightedChoice<ListSetting>([
    ("the list header", weight: 1, .header),
    ("the list footer", weight: 1, .footer),
    ("the selection mode", weight: 1, .selectionMode),
  ])

  static func run(seed: UInt64, steps: Int) throws -> String? {
    var random = SeededRandom(seed: seed)
    let feed = SectionsFeed(sections: RandomLists.sections(&random).map(\.snapshot))
    // Rows whose identity is a multiple of 3 refuse to move; now and then a move taken changes the list.
    final class Box { var random: SeededRandom; init(_ random: SeededRandom) { self.random = random } }
    let box = Box(SeededRandom(seed: seed &+ 1_000))
    var moves = SyncDelegate()
    moves.canMoveRow = { _, binder in ((binder.model as? TestRow)?.id ?? 0) % 3 != 0 }
    moves.didMoveRow = { [unowned feed] _, _ in
      if box.random.below(3) == 0 { feed.update(to: RandomLists.sections(&box.random).map(\.snapshot)) }
    }
    feed.delegate = moves
    let view = RecordingListView(historyLimit: random.below(2) == 0 ? nil : random.below(5))
    let engine = try ListEngine(view: view, showing: feed)
    engine.selectionMode = [.none, .single, .multiple][random.below(3)]
    for step in 0..<steps {
      let chosen = Self.steps.pick(using: &random)
      var context = "seed \(seed) step \(step) (\(chosen.name))"
      switch chosen.value {
      case .newList:
        feed.update(to: RandomLists.sections(&random).map(\.snapshot))
      case .selectRow:
        let path = randomPath(in: view, using: &random)
        let exists = view.cell(at: path) != nil
        do {
          try view.selectRow(at: path)
          if !exists { return "\(context): selectRow(at: \(path)) took a position the view does not have" }
        } catch {
          if exists { return "\(context): selectRow(at: \(path)) threw \(error)" }
        }
      case .moveRow:
        let source = randomPath(in: view, using: &random)
        let target = randomPath(in: view, using: &random)
        // A row moved to another section may go after its last row.
        let room = view.sections.indices.contains(target.section) ? view.sections[target.section].rows.count : -1
        let fits = room >= 0 && target.item >= 0 && target.item < room + (source.section == target.section ? 0 : 1)
        let exists = view.cell(at: source) != nil && fits
        let movable = exists && moves.canMoveRow(source, engine.snapshot[source.section].elements[source.item])
        do {
          try view.moveRow(Move(source: source, target: target))
          if !movable { return "\(context): moveRow \(source) → \(target) took a row that cannot move there" }
        } catch {
          if movable { return "\(context): moveRow \(source) → \(target) threw \(error)" }
        }
      case .listSettings:
        let setting = Self.listSettings.pick(using: &random)
        context += ": \(setting.name)"
        switch setting.value {
        case .header: engine.listHeader = random.below(2) == 0 ? nil : header("top \(random.below(2))")
        case .footer: engine.listFooter = random.below(2) == 0 ? nil : header("bottom \(random.below(2))")
        case .selectionMode: engine.selectionMode = [.none, .single, .multiple][random.below(3)]
        }
      case .toggleOrScroll:
        let path = randomPath(in: view, using: &random)
        if random.below(2) == 0 {
          try? engine.toggleSelection(ofRowAt: path)
        } else {
          view.scroll(to: .init(offset: random.below(9) - 3, viewportHeight: random.below(5), contentHeight: 9))
        }
      case .reload:
        view.reloadData()
      }
      // A fresh view of the final list, with the same selection.
      let fresh = RecordingListView()
      let freshEngine = try ListEngine(view: fresh, showing: SectionsFeed(sections: engine.snapshot))
      freshEngine.listHeader = engine.listHeader
      freshEngine.listFooter = engine.listFooter
      freshEngine.selectionMode = engine.selectionMode
      freshEngine.setSelection(engine.selection)
      if let inconsistency = view.inconsistencies.first { return "\(context): \(inconsistency)" }
      if let difference = ListExpectations.difference(view.renderedLines, fresh.renderedLines) {
        return "\(context): rendered lines \(difference)"
      }
      if view.visibleRows != fresh.visibleRows { return "\(context): visible rows \(view.visibleRows)" }
      if view.selectedRows != fresh.selectedRows || view.selectedRows != engine.selectedRows {
        return "\(context): selected \(view.selectedRows), fresh \(fresh.selectedRows), engine \(engine.selectedRows)"
      }
      if view.renderedSelection != fresh.renderedSelection { return "\(context): rendered selection differs" }
      if ListExpectations.mismatch(view, showing: engine.snapshot) != nil, engine.listHeader == nil,
        engine.listFooter == nil
      {
        return "\(context): \(ListExpectations.mismatch(view, showing: engine.snapshot) ?? "")"
      }
      withExtendedLifetime(freshEngine) {}
    }
    withExtendedLifetime(engine) {}
    return nil
  }

  @Test("a recording view reports what a fresh view of the final list reports; its helpers refuse bad positions")
  func freshViewAgrees() throws {
    var failures: [String] = []
    for seed in DeepPass.seeds(quick: 30, deep: 400) {
      if let failure = try Self.run(seed: seed, steps: DeepPass.cases(quick: 30, deep: 60)) { failures.append(failure) }
    }
    #expect(failures.isEmpty, "\(failures.count) seeds failed; first: \(failures.prefix(3))")
  }
}
