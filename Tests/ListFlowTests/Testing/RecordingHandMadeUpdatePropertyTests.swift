import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// A ``RecordingListView`` given updates made by hand (``ListUpdate/init(changeset:reconfiguredRows:reloadedRows:stage:stageCount:animated:)``
/// checks nothing): random positions, some outside the list, and any stage number and count, from `Int.min` to
/// `Int.max`. The view never traps: it records the update, names the stage as `stage <index + 1>/<count>` in an
/// inconsistency when the update does not fit its data source, and recovers by reloading, so that it shows its
/// data source's list; the update's description names the stage the same way.
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
}
