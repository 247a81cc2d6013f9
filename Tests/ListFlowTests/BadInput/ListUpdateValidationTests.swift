import ListFlow
import ListFlowTesting
import TestSupport
import Testing

@Suite("ListUpdate: positions outside the data never trap")
struct ListUpdateValidationTests {
  /// Positions that are outside every small list, and some inside.
  static let positions = [Int.min, -1, 0, 1, 2, 5, 6, Int.max]

  /// A random list of up to 4 sections of up to 5 rows; rows take one of two cell types.
  static func randomList(_ random: inout SeededRandom) -> ListSnapshot {
    var nextID = 0
    return (0..<Int(random.next() % 5)).map { section in
      let rows = (0..<Int(random.next() % 6)).map { _ -> CellBinder in
        nextID += 1
        return TestRow(id: nextID, version: 0, isAlternate: random.next() % 2 == 0).cellBinder
      }
      return ListSectionSnapshot(model: ListSectionSnapshot.Model(id: ListIdentifier(section)), elements: rows)
    }
  }

  /// A position of `list`, or any of ``positions`` one time in three.
  static func path(in list: ListSnapshot, _ random: inout SeededRandom) -> ItemPath {
    let wild = { (random: inout SeededRandom) in positions[Int(random.next() % UInt64(positions.count))] }
    guard random.next() % 3 != 0,
      let section = list.indices.filter({ !list[$0].elements.isEmpty }).randomElement(
        using: &random)
    else { return ItemPath(item: wild(&random), section: wild(&random)) }
    return ItemPath(item: Int(random.next() % UInt64(list[section].elements.count)), section: section)
  }

  @Test(
    "updated rows of a random stage, in range or not, are each split into reconfigured or reloaded",
    arguments: 0..<300 as Range<UInt64>)
  func splitNeverTraps(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    let previous = Self.randomList(&random)
    var data = previous
    var updated: [ItemPath] = []
    for _ in 0..<Int(random.next() % 4) {
      let path = Self.path(in: previous, &random)
      updated.append(path)
      guard previous.indices.contains(path.section), previous[path.section].elements.indices.contains(path.item)
      else { continue }
      let isAlternate = random.next() % 2 == 0
      let id = 1_000 + updated.count
      data[path.section].elements[path.item] = TestRow(id: id, version: 1, isAlternate: isAlternate).cellBinder
    }
    // Reloaded: a position outside the lists, or a row whose cell type changed.
    let expectReloaded = updated.filter { path in
      guard previous.indices.contains(path.section), previous[path.section].elements.indices.contains(path.item)
      else { return true }
      return !previous[path.section].elements[path.item].hasSameCell(as: data[path.section].elements[path.item])
    }
    let stage = Changeset(data: data, elementUpdated: updated)
    let update = ListUpdate(changeset: stage, previous: previous, stage: 0, stageCount: 1)
    #expect(update.reconfiguredRows.count + update.reloadedRows.count == updated.count, "seed \(seed)")
    #expect(Set(update.reloadedRows) == Set(expectReloaded), "seed \(seed)")
    #expect(Set(update.reconfiguredRows).isDisjoint(with: expectReloaded), "seed \(seed)")
  }

  @Test(
    "the validating initializer accepts every stage of a real diff and agrees with the plain one",
    arguments: 0..<200 as Range<UInt64>)
  func validatingAcceptsDiffs(seed: UInt64) throws {
    var random = SeededRandom(seed: seed)
    let source = Self.randomList(&random)
    let target = Self.randomList(&random)
    let stages = StagedChangeset(source: source, target: target)
    var previous = source
    for (index, stage) in stages.enumerated() {
      let update = try ListUpdate(validating: stage, previous: previous, stage: index, stageCount: stages.count)
      let plain = ListUpdate(changeset: stage, previous: previous, stage: index, stageCount: stages.count)
      #expect(update.reconfiguredRows == plain.reconfiguredRows, "seed \(seed)")
      #expect(update.reloadedRows == plain.reloadedRows, "seed \(seed)")
      previous = stage.data
    }
  }

  /// The field of a stage that gets a position outside its lists.
  enum BadField {
    case elementDeleted, elementInserted, elementUpdated, elementMoved
    case sectionDeleted, sectionInserted, sectionUpdated, sectionMoved
  }

  /// The field ``validatingRejectsBadPositions(seed:)`` spoils, by weight.
  static let badFields = WeightedChoice<BadField>([
    ("a deleted row", weight: 1, .elementDeleted),
    ("an inserted row", weight: 1, .elementInserted),
    ("an updated row", weight: 1, .elementUpdated),
    ("a moved row", weight: 1, .elementMoved),
    ("a deleted section", weight: 1, .sectionDeleted),
    ("an inserted section", weight: 1, .sectionInserted),
    ("an updated section", weight: 1, .sectionUpdated),
    ("a moved section", weight: 1, .sectionMoved),
  ])

  @Test(
    "the validating initializer rejects a stage with a position outside its lists, with a typed error",
    arguments: 0..<300 as Range<UInt64>)
  func validatingRejectsBadPositions(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    let previous = Self.randomList(&random)
    let wild = Self.positions[Int(random.next() % UInt64(Self.positions.count))]
    // A position past the end of whichever list it names: before the stage, or after it (unchanged data).
    let sectionPast = max(previous.count, wild)
    let outside = ItemPath(item: wild < 0 ? wild : Int.max, section: wild < 0 ? 0 : sectionPast)
    var stage = Changeset(data: previous)
    let section = wild < 0 ? wild : sectionPast
    switch Self.badFields.pick(using: &random).value {
    case .elementDeleted: stage.elementDeleted = [outside]
    case .elementInserted: stage.elementInserted = [outside]
    case .elementUpdated: stage.elementUpdated = [outside]
    case .elementMoved: stage.elementMoved = [Move(source: outside, target: outside)]
    case .sectionDeleted: stage.sectionDeleted = [section]
    case .sectionInserted: stage.sectionInserted = [section]
    case .sectionUpdated: stage.sectionUpdated = [section]
    case .sectionMoved: stage.sectionMoved = [Move(source: section, target: 0)]
    }
    do {
      _ = try ListUpdate(validating: stage, previous: previous, stage: 0, stageCount: 1)
      Issue.record("seed \(seed): \(stage) was accepted for \(previous.map(\.elements.count))")
    } catch {
      guard case .invalidChangeset = error else {
        Issue.record("seed \(seed): \(error)")
        return
      }
    }
    // The plain initializer takes it and never traps.
    _ = ListUpdate(changeset: stage, previous: previous, stage: 0, stageCount: 1)
  }

  @Test("a stage index outside 0..<stageCount is rejected", arguments: [(-1, 1), (1, 1), (Int.max, 2), (0, 0)])
  func validatingRejectsStageIndex(stage: Int, stageCount: Int) {
    #expect(throws: ListFlowError.invalidChangeset("stage \(stage) is not in 0..<\(stageCount)")) {
      try ListUpdate(validating: Changeset(data: []), previous: [], stage: stage, stageCount: stageCount)
    }
  }

  @Test("a stage whose data does not have the shape it gives is rejected")
  func validatingRejectsShape() {
    let row = TestRow(id: 1, version: 0, isAlternate: false).cellBinder
    let previous = [ListSectionSnapshot(model: ListSectionSnapshot.Model(id: 0), elements: [row])]
    let stage = Changeset(data: [ListSectionSnapshot(model: ListSectionSnapshot.Model(id: 0), elements: [row, row])])
    #expect(throws: ListFlowError.self) {
      try ListUpdate(validating: stage, previous: previous, stage: 0, stageCount: 1)
    }
  }
}
