import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// ``DuplicatePolicy/reject`` judges a state, never the list shown: that list can hold an identity twice (a
/// ``ListEdit`` put it there, or the policy was switched while such a list was shown), and a state without a
/// repeated identity is still shown after it, on both controller paths (binders and rows).
@MainActor
@Suite("Reject judges the state: a list shown with a repeated identity refuses no valid state")
struct RejectJudgesTheStatePropertyTests {
  typealias Sections = [(id: Int, rows: [DeclaredRow])]

  /// What a step does.
  enum Step { case state, edit, switchPolicy }

  static let steps = WeightedChoice<Step>([
    ("apply a state (a repeated identity, sometimes)", weight: 5, .state),
    ("apply a ListEdit (a repeated identity, often)", weight: 2, .edit),
    ("switch the duplicate policy", weight: 1, .switchPolicy),
  ])

  /// Random sections of rows: distinct identities, then a row identity or a section identity repeated, sometimes.
  static func sections(_ random: inout SeededRandom, repeats: Int) -> Sections {
    var sectionIDs = Array(0..<4)
    sectionIDs.shuffle(using: &random)
    var rowIDs = Array(0..<10)
    rowIDs.shuffle(using: &random)
    var next = 0
    var sections: Sections = sectionIDs.prefix(1 + random.below(3)).map { id in
      let count = min(random.below(4), rowIDs.count - next)
      defer { next += count }
      return (id, rowIDs[next..<next + count].map { DeclaredRow(id: $0, version: random.below(2), label: "x") })
    }
    if random.oneIn(repeats) {
      if random.oneIn(4) {
        sections.append((sections[random.below(sections.count)].id, []))
      } else if let taken = sections.flatMap(\.rows).randomElement(using: &random) {
        let section = random.below(sections.count)
        var copy = taken
        copy.version = random.below(2)
        sections[section].rows.insert(copy, at: random.below(sections[section].rows.count + 1))
      }
    }
    return sections
  }

  static func hasRepeatedIdentity(_ sections: Sections) -> Bool {
    Set(sections.map(\.id)).count != sections.count
      || Set(sections.flatMap { $0.rows.map(\.id) }).count != sections.reduce(0) { $0 + $1.rows.count }
  }

  static func header(_ id: Int) -> DeclaredRow { DeclaredRow(id: id, version: 0, label: "S\(id)", kind: .header) }

  static func rowSections(_ sections: Sections) -> [ListSection<DeclaredRow>] {
    sections.map { ListSection(id: $0.id, header: header($0.id), items: $0.rows) }
  }

  /// A row's binder, whose model is the row: the row path reads the rows of an edited list back through it.
  @Sendable
  nonisolated static func cell(_ row: DeclaredRow) -> CellBinder {
    CellBinder(cell: TextCell.self, model: row, content: row, id: ListIdentifier(row.id)) { $0.title = row.text }
  }

  static func binderSections(_ sections: Sections) -> [ListSection<CellBinder>] {
    rowSections(sections).map { $0.map(cell) }
  }

  /// What the view must show: each section's header, then its rows.
  static func lines(_ sections: Sections) -> [[String]] {
    sections.map { [header($0.id).text] + $0.rows.map(\.text) }
  }

  static func shown(_ view: RecordingListView) -> [[String]] {
    view.sections.map { [$0.header?.textRepresentation ?? "-"] + $0.rows.map(\.textRepresentation) }
  }

  @Test("random states, edits and policy switches: a state is shown iff it repeats no identity under .reject")
  func rejectJudgesTheStateAlone() async throws {
    var failures: [String] = []
    var failingSeeds = 0
    for seed in DeepPass.seeds(quick: 25, deep: 600) {
      var random = SeededRandom(seed: seed)
      let threshold = random.oneIn(3) ? 0 : 20_000
      let configuration = ListControllerConfiguration(
        duplicates: random.oneIn(2) ? .reject : .matchInOrder, backgroundDiffThreshold: threshold)
      let binderView = RecordingListView()
      let binders = ListController<[ListSection<CellBinder>]>(configuration: configuration)
      let binderEngine = try ListEngine(view: binderView, showing: binders)
      let rowView = RecordingListView()
      let rows = ListController<[ListSection<DeclaredRow>]>(configuration: configuration, rows: { $0 }, cell: Self.cell)
      let rowEngine = try ListEngine(view: rowView, showing: rows)
      var policy = configuration.duplicates
      var model: Sections = []
      var rejected = 0
      var log: [String] = []
      steps: for _ in 0..<14 {
        switch Self.steps.pick(using: &random).value {
        case .state:
          let state = Self.sections(&random, repeats: 3)
          let reloading = random.oneIn(5)
          log.append("state\(reloading ? " (reloading)" : "") \(state)")
          await binders.apply(Self.binderSections(state), reloading: reloading)
          await rows.apply(Self.rowSections(state), reloading: reloading)
          if policy == .reject && Self.hasRepeatedIdentity(state) {
            rejected += 1
          } else {
            model = state
          }
        case .edit:
          let list = Self.sections(&random, repeats: 2)
          log.append("edit \(list)")
          binders.apply(ListEdit(Self.binderSections(list).map(\.snapshot)))
          rows.apply(ListEdit(Self.binderSections(list).map(\.snapshot)))
          model = list
        case .switchPolicy:
          policy = policy == .reject ? .matchInOrder : .reject
          log.append("policy \(policy)")
          binders.configuration.duplicates = policy
          rows.configuration.duplicates = policy
        }
        for (name, controller, view) in [
          ("binders", binders.statistics.rejectedStates, binderView), ("rows", rows.statistics.rejectedStates, rowView),
        ] {
          var problems: [String] = []
          if controller != rejected { problems.append("\(controller) states rejected, \(rejected) expected") }
          if Self.shown(view) != Self.lines(model) {
            problems.append("shows \(Self.shown(view)), expected \(Self.lines(model))")
          }
          problems += view.inconsistencies
          if !problems.isEmpty {
            failingSeeds += 1
            if failures.count == 3 { break steps }
            failures.append(
              "seed \(seed), \(name): \(problems.joined(separator: "; "))\n  "
                + log.joined(separator: "\n  "))
            break steps
          }
        }
      }
      withExtendedLifetime((binderEngine, rowEngine)) {}
    }
    #expect(failingSeeds == 0, "\(failingSeeds) seeds failed; the first:\n\(failures.joined(separator: "\n\n"))")
  }

  @Test("a state rejected after a list with a repeated identity names the state's own duplicate")
  func rejectionNamesTheStatesDuplicate() async throws {
    for seed in DeepPass.seeds(quick: 40, deep: 400) {
      var random = SeededRandom(seed: seed)
      let controller = ListController<[ListSection<CellBinder>]>(
        configuration: ListControllerConfiguration(duplicates: .matchInOrder))
      let view = RecordingListView()
      let engine = try ListEngine(view: view, showing: controller)
      var shown = Self.sections(&random, repeats: 1)
      while !Self.hasRepeatedIdentity(shown) { shown = Self.sections(&random, repeats: 1) }
      await controller.apply(Self.binderSections(shown))
      controller.configuration.duplicates = .reject
      var state = Self.sections(&random, repeats: 1)
      while !Self.hasRepeatedIdentity(state) { state = Self.sections(&random, repeats: 1) }
      await controller.apply(Self.binderSections(state))
      guard case .duplicateIdentifier(let duplicate) = controller.lastError else {
        Issue.record("seed \(seed): \(String(describing: controller.lastError))")
        continue
      }
      #expect(duplicate.side == .target, "seed \(seed): \(duplicate)")
      #expect(Self.shown(view) == Self.lines(shown), "seed \(seed)")
      withExtendedLifetime(engine) {}
    }
  }
}
