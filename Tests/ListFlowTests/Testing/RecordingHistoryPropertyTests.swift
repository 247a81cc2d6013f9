import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// What a ``RecordingListView`` reports of its batches, under random lists (sections and rows put in, taken out,
/// moved, updated, their cell types changed), rows refreshed by identity, reloads asked of the engine and of the
/// view, the view hidden and shown, and lists published from its batch callback: replaying its batches
/// (``RecordingListView/updates``, each one's changeset applied to the list before it, from the list of the last
/// reload) gives the list it shows; the stages of each change come in order; a view with a ``historyLimit`` keeps
/// the newest entries of what a view without one records, within the documented bounds.
@MainActor
@Suite("RecordingListView history: its batches replay to the list it shows, a limit keeps the newest")
struct RecordingHistoryPropertyTests {
  enum Step { case newList, refresh, engineReload, viewReload, visibility, nested }

  static let steps = WeightedChoice<Step>([
    ("a new list", weight: 5, .newList),
    ("reconfigure or reload rows by identity (some unknown)", weight: 2, .refresh),
    ("the engine's reloadData", weight: 1, .engineReload),
    ("the view's own reloadData", weight: 1, .viewReload),
    ("hide or show the view", weight: 1, .visibility),
    ("the next batch's callback publishes a new list", weight: 2, .nested),
  ])

  /// What one view was told, in order.
  enum Event {
    case batch(ListUpdate)
    case reload(ListSnapshot)
  }

  /// One view, its engine and feed, and what it was told.
  @MainActor
  final class Shown {
    let view: RecordingListView
    let feed = SectionsFeed<ListSectionSnapshot>(sections: [])
    let engine: ListEngine
    var events: [Event] = []
    /// A list the next batch's callback publishes.
    var nested: [ListSectionSnapshot]?

    init(historyLimit: Int?) throws {
      view = RecordingListView(historyLimit: historyLimit)
      engine = try ListEngine(view: view, showing: feed)
      // The engine shows its first list at once, before the callbacks below are set.
      events = (0..<view.reloadCount).map { _ in .reload(engine.snapshot) }
      engine.delegate.didApply = { [weak self] transition in
        guard let self, transition.isReload else { return }
        events.append(.reload(transition.target))
      }
      view.didApplyBatch = { [weak self] _, update in
        guard let self else { return }
        events.append(.batch(update))
        if let nested {
          self.nested = nil
          feed.update(to: nested)
        }
      }
    }

    var batches: [ListUpdate] {
      events.compactMap { if case .batch(let update) = $0 { update } else { nil } }
    }

    /// The list the events lead to, or why they do not replay.
    func replayed() -> (list: ListSnapshot, problem: String?) {
      var list: ListSnapshot = []
      var previous: ListUpdate?
      for event in events {
        switch event {
        case .reload(let target):
          list = target
          if let stage = previous, stage.stage != stage.stageCount - 1 {
            return (list, "a reload came after stage \(stage.stage + 1)/\(stage.stageCount) of a change")
          }
          previous = nil
        case .batch(let update):
          let expected = previous.map { $0.stage == $0.stageCount - 1 ? 0 : $0.stage + 1 } ?? 0
          if update.stage != expected || (expected > 0 && update.stageCount != previous?.stageCount) {
            return (
              list, "stage \(update.stage + 1)/\(update.stageCount) came after \(previous?.description ?? "none")"
            )
          }
          previous = update
          do {
            list = try list.applying(update.changeset)
          } catch {
            return (list, "batch \(update) does not apply to the list before it: \(error)")
          }
        }
      }
      return (list, nil)
    }
  }

  /// Whether `limited` holds the newest entries of `all`, as many as the limit keeps.
  static func keepsNewest(_ limited: [String], of all: [String], limit: Int?) -> String? {
    guard let limit else { return limited == all ? nil : "kept \(limited.count) of \(all.count) with no limit" }
    let chunk = max(1, limit / 64)
    if limited.count < min(limit, all.count) || limited.count - limit > chunk {
      return "kept \(limited.count) of \(all.count) with a limit of \(limit)"
    }
    return Array(all.suffix(limited.count)) == limited ? nil : "kept entries that are not the newest"
  }

  static func run(seed: UInt64, steps: Int) throws -> String? {
    var random = SeededRandom(seed: seed)
    let limit = [nil, 0, 1, 2, 5, 64, 130, Int.max - 1, Int.max][random.below(9)]
    let full = try Shown(historyLimit: nil)
    let limited = try Shown(historyLimit: limit)
    let both = [full, limited]
    for step in 0..<steps {
      let chosen = Self.steps.pick(using: &random)
      let context = "seed \(seed) (limit \(limit.map(String.init) ?? "none")) step \(step) (\(chosen.name))"
      switch chosen.value {
      case .newList:
        let list = RandomLists.sections(&random).map(\.snapshot)
        for shown in both { shown.feed.update(to: list) }
      case .refresh:
        let ids = (0..<1 + random.below(3)).map { _ in ListIdentifier(random.below(16)) }
        let reloading = random.oneIn(2)
        for shown in both {
          if reloading { shown.engine.reloadRows(ids) } else { shown.engine.reconfigureRows(ids) }
        }
      case .engineReload:
        for shown in both { shown.engine.reloadData() }
      case .viewReload:
        for shown in both {
          shown.view.reloadData()
          shown.events.append(.reload(shown.engine.snapshot))
        }
      case .visibility:
        for shown in both { shown.view.isVisible.toggle() }
      case .nested:
        let list = RandomLists.sections(&random).map(\.snapshot)
        for shown in both { shown.nested = list }
      }
      for (shown, name) in [(full, "unlimited view"), (limited, "limited view")] {
        let view = shown.view
        if let inconsistency = view.inconsistencies.first { return "\(context): \(name): \(inconsistency)" }
        let shownLines = ListRendering.lines(of: shown.engine.snapshot)
        if view.renderedLines != shownLines {
          return "\(context): \(name) shows \(view.renderedLines), its engine \(shownLines)"
        }
        let (list, problem) = shown.replayed()
        if let problem { return "\(context): \(name): \(problem)" }
        if ListRendering.lines(of: list) != view.renderedLines {
          return
            "\(context): \(name)'s batches replay to \(ListRendering.lines(of: list)), it shows \(view.renderedLines)"
        }
        let reloads = shown.events.count { if case .reload = $0 { true } else { false } }
        if view.reloadCount != reloads {
          return "\(context): \(name) counts \(view.reloadCount) reloads, not \(reloads)"
        }
      }
      let all = full.batches.map(\.description)
      if full.view.updates.map(\.description) != all { return "\(context): the unlimited view's updates differ" }
      if let problem = keepsNewest(limited.view.updates.map(\.description), of: all, limit: limit) {
        return "\(context): updates: \(problem)"
      }
      let cells = full.view.configuredCells.map(\.description)
      if let problem = keepsNewest(limited.view.configuredCells.map(\.description), of: cells, limit: limit) {
        return "\(context): configured cells: \(problem)"
      }
    }
    return nil
  }

  @Test("batches replay to the list shown, stages in order, a history limit keeps the newest entries")
  func batchesReplay() throws {
    var failures: [String] = []
    for seed in DeepPass.seeds(quick: 30, deep: 200) {
      if let failure = try Self.run(seed: seed, steps: DeepPass.cases(quick: 24, deep: 60)) { failures.append(failure) }
    }
    #expect(failures.isEmpty, "\(failures.count) seeds failed; first: \(failures.prefix(3))")
  }
}
