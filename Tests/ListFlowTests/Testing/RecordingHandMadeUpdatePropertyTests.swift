import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// A ``RecordingListView`` given updates made by hand (``ListUpdate/init(changeset:reconfiguredRows:reloadedRows:stage:stageCount:animated:)``
/// checks nothing): random positions, some outside the list, and any stage number and count, from `Int.min` to
/// `Int.max`. The view never traps: it records the update, names the stage as `stage <index + 1>/<count>` in an
/// inconsistency when the update does not fit its data source, and recovers by reloading, so that it shows its
/// data source's list; the update's description names the stage the same way. A stage of random deletes, inserts,
/// moves, section updates and refreshed rows is refused exactly when `ListUpdate(validating:…)` (ListFlow's own
/// check, the oracle, the refreshed rows as updated ones) refuses it: a row or section named twice, or a row
/// refreshed and deleted, is refused even when the counts add up, and no cell shows two rows.
@MainActor
@Suite("RecordingListView: hand-made updates with any stage are recorded, reported and recovered from")
struct RecordingHandMadeUpdatePropertyTests {
  enum Number { case small, minusOne, min, max, belowMax }

  static let numbers = WeightedChoice<Number>([
    ("a small number", weight: 2, .small),
    ("-1", weight: 1, .minusOne),
    ("Int.min", weight: 1, .min),
    ("Int.max", weight: 2, .max),
    ("Int.max - 1", weight: 1, .belowMax),
  ])

  static func number(_ random: inout SeededRandom) -> Int {
    switch numbers.pick(using: &random).value {
    case .small: random.below(4)
    case .minusOne: -1
    case .min: .min
    case .max: .max
    case .belowMax: .max - 1
    }
  }

  /// `number + 1` in decimal, worked out digit by digit rather than by `Int` arithmetic, which would overflow.
  static func successor(_ number: Int) -> String {
    guard number == .max else { return String(number + 1) }
    var digits = Array(String(number))
    var index = digits.count - 1
    while digits[index] == "9" {
      digits[index] = "0"
      index -= 1
    }
    digits[index] = Character(String(Int(String(digits[index]))! + 1))
    return String(digits)
  }

  /// A random position, often one the list does not have.
  static func path(_ random: inout SeededRandom) -> ItemPath {
    ItemPath(item: random.below(8) - 2, section: random.below(6) - 1)
  }

  @Test("no trap for any stage; the stage named in the inconsistency and the description; the view recovers")
  func handMadeUpdates() throws {
    var failures: [String] = []
    for seed in DeepPass.seeds(quick: 60, deep: 1_000) {
      var random = SeededRandom(seed: seed)
      let feed = SectionsFeed(sections: RandomLists.sections(&random).map(\.snapshot))
      let view = RecordingListView()
      let engine = try ListEngine(view: view, showing: feed)
      let stage = Self.number(&random)
      let stageCount = Self.number(&random)
      let changeset = Changeset(
        data: engine.snapshot,
        sectionDeleted: random.oneIn(3) ? [random.below(6) - 1] : [],
        elementDeleted: (0..<random.below(3)).map { _ in Self.path(&random) },
        elementInserted: (0..<random.below(3)).map { _ in Self.path(&random) })
      let update = ListUpdate(
        changeset: changeset, reconfiguredRows: random.oneIn(3) ? [Self.path(&random)] : [], reloadedRows: [],
        stage: stage, stageCount: stageCount)
      let named = "stage \(Self.successor(stage))/\(stageCount)"
      view.performBatchUpdates(update)
      var problems: [String] = []
      if view.updates.count != 1 { problems.append("\(view.updates.count) updates recorded") }
      if let inconsistency = view.inconsistencies.first, !inconsistency.hasPrefix(named + ": ") {
        problems.append("inconsistency \"\(inconsistency)\" does not start with \"\(named): \"")
      }
      if view.inconsistencies.count > 1 { problems.append("inconsistencies \(view.inconsistencies)") }
      if view.renderedLines != ListRendering.lines(of: engine.snapshot) {
        problems.append("shows \(view.renderedLines), its data source \(ListRendering.lines(of: engine.snapshot))")
      }
      if !update.description.hasPrefix(named) {
        problems.append("description \"\(update.description)\" does not start with \"\(named)\"")
      }
      if !problems.isEmpty { failures.append("seed \(seed) (\(changeset)): \(problems)") }
      withExtendedLifetime(engine) {}
    }
    #expect(failures.isEmpty, "\(failures.count) seeds failed; first: \(failures.prefix(3))")
  }

  /// A change a hand-made stage names.
  enum Change { case deleteSection, insertSection, updateSection, moveSection, deleteRow, insertRow, moveRow }

  static let changes = WeightedChoice<Change>([
    ("delete a section", weight: 1, .deleteSection),
    ("insert a section", weight: 1, .insertSection),
    ("update a section", weight: 1, .updateSection),
    ("move a section", weight: 1, .moveSection),
    ("delete a row", weight: 2, .deleteRow),
    ("insert a row", weight: 2, .insertRow),
    ("move a row", weight: 2, .moveRow),
  ])

  /// A stage of one to four random changes of `list`, its data the same list (so only a stage whose changes cancel
  /// out fits it). Positions are in or just past the list, so that the same row or section is often named twice.
  static func stage(of list: ListSnapshot, _ random: inout SeededRandom) -> Changeset<ListSnapshot> {
    var stage = Changeset(data: list)
    func section(_ random: inout SeededRandom) -> Int { random.below(max(list.count, 1)) }
    func row(_ random: inout SeededRandom) -> ItemPath {
      let section = section(&random)
      let count = list.indices.contains(section) ? list[section].elements.count : 0
      return ItemPath(item: random.below(count + 1), section: section)
    }
    for _ in 0..<1 + random.below(4) {
      switch changes.pick(using: &random).value {
      case .deleteSection: stage.sectionDeleted.append(section(&random))
      case .insertSection: stage.sectionInserted.append(section(&random))
      case .updateSection: stage.sectionUpdated.append(section(&random))
      case .moveSection: stage.sectionMoved.append(Move(source: section(&random), target: section(&random)))
      case .deleteRow: stage.elementDeleted.append(row(&random))
      case .insertRow: stage.elementInserted.append(row(&random))
      case .moveRow: stage.elementMoved.append(Move(source: row(&random), target: row(&random)))
      }
    }
    return stage
  }

  /// A row of `list` to refresh: half the time one `stage` deletes or moves, or one in a section it deletes.
  static func refreshedRow(
    of list: ListSnapshot, named stage: Changeset<ListSnapshot>, _ random: inout SeededRandom
  ) -> ItemPath {
    let named = stage.elementDeleted + stage.elementMoved.map(\.source)
    if !named.isEmpty, random.oneIn(2) { return named[random.below(named.count)] }
    if let section = stage.sectionDeleted.first, list.indices.contains(section), !list[section].elements.isEmpty,
      random.oneIn(2)
    {
      return ItemPath(item: random.below(list[section].elements.count), section: section)
    }
    let section = random.below(max(list.count, 1))
    let count = list.indices.contains(section) ? list[section].elements.count : 0
    return ItemPath(item: random.below(max(count, 1)), section: section)
  }

  @Test(
    "a stage of deletes, inserts, moves, section updates and refreshed rows is refused exactly when validating it fails"
  )
  func namedTwice() throws {
    var failures: [String] = []
    for seed in DeepPass.seeds(quick: 1_500, deep: 20_000) {
      var random = SeededRandom(seed: seed)
      let feed = SectionsFeed(sections: RandomLists.sections(&random).map(\.snapshot))
      let view = RecordingListView()
      let engine = try ListEngine(view: view, showing: feed)
      let list = engine.snapshot
      let stage = Self.stage(of: list, &random)
      // Rows refreshed in place too, reconfigured or reloaded, often ones the stage deletes or names twice.
      var reconfigured: [ItemPath] = []
      var reloaded: [ItemPath] = []
      for _ in 0..<random.below(3) {
        let row = Self.refreshedRow(of: list, named: stage, &random)
        if random.oneIn(2) { reconfigured.append(row) } else { reloaded.append(row) }
      }
      view.performBatchUpdates(
        ListUpdate(changeset: stage, reconfiguredRows: reconfigured, reloadedRows: reloaded, stage: 0, stageCount: 1))
      // The oracle: ListUpdate's own check of a stage against the list before it (ListFlow, not the view), the
      // refreshed rows as its updated ones.
      var checked = stage
      checked.elementUpdated = reconfigured + reloaded
      let fits = (try? ListUpdate(validating: checked, previous: list, stage: 0, stageCount: 1)) != nil
      var problems: [String] = []
      if fits != view.inconsistencies.isEmpty {
        problems.append(fits ? "refused: \(view.inconsistencies)" : "taken, though validating it fails")
      }
      let cells = view.sections.flatMap(\.rows).map(ObjectIdentifier.init)
      if Set(cells).count != cells.count { problems.append("one cell shows two rows") }
      if !fits, view.renderedLines != ListRendering.lines(of: list) {
        problems.append("after reloading shows \(view.renderedLines)")
      }
      if !problems.isEmpty { failures.append("seed \(seed) (\(stage)): \(problems)") }
      withExtendedLifetime(engine) {}
    }
    #expect(failures.isEmpty, "\(failures.count) seeds failed; first: \(failures.prefix(3))")
  }
}
