import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// Generated cases: a view reports scroll positions (at the top, at the end, both, neither), and the list changes
/// now and then; the delegate's scrolling closures (``SyncDelegate/didScroll``, ``SyncDelegate/didReachTop``,
/// ``SyncDelegate/didReachEnd``) report new positions themselves, as a closure that scrolls a terminal view does
/// (the view reports its new position at once), or change the list. Judged on the log of what happened, never on
/// the engine's own bookkeeping: an edge is reported only while the viewport is at it (the last position reported
/// is), once each time the viewport gets there (the end again after a change), and never missed.
@MainActor
@Suite struct ScrollEdgePropertyTests {
  /// What happened, in order.
  enum Entry: CustomStringConvertible {
    /// The view reported a position.
    case report(SyncDelegate.ScrollPosition)
    /// The ``SyncDelegate/didScroll`` closure of the report at an index of the log returned.
    case heard(Int)
    case reachedTop
    case reachedEnd
    /// A change was applied (``SyncDelegate/didApply``).
    case change

    var description: String {
      switch self {
      case .report(let position): "report \(position)"
      case .heard(let index): "heard \(index)"
      case .reachedTop: "top"
      case .reachedEnd: "end"
      case .change: "change"
      }
    }
  }

  /// What a delegate closure does.
  enum Call: Sendable { case nothing, report, change }

  static let calls = WeightedChoice<Call>([
    ("nothing", weight: 3, .nothing),
    ("report another position", weight: 2, .report),
    ("change the list", weight: 1, .change),
  ])

  /// What a top-level step does.
  enum Step: Sendable { case report, change }

  static let steps = WeightedChoice<Step>([
    ("the view reports a position", weight: 4, .report),
    ("the list changes", weight: 1, .change),
  ])

  /// A random position: at the top, at the end, at both (a short content) or in the middle.
  static func randomPosition(_ random: inout SeededRandom) -> SyncDelegate.ScrollPosition {
    let content = random.below(12)
    let viewport = 1 + random.below(5)
    let offset = random.oneIn(3) ? 0 : random.oneIn(2) ? max(content - viewport, 0) : random.below(content + 2) - 1
    return SyncDelegate.ScrollPosition(offset: offset, viewportHeight: viewport, contentHeight: content)
  }

  static func list(_ random: inout SeededRandom) -> [ListSectionSnapshot] {
    let ids = (0..<8).filter { _ in random.oneIn(2) }
    return [ListSection(id: 0, items: ids.map { TestRow(id: $0, version: 0, isAlternate: false).cellBinder }).snapshot]
  }

  /// What is wrong with the log, or `nil`. `quiet`: no report is under way, so every edge due is reported.
  static func problem(in log: [Entry], quiet: Bool) -> String? {
    func isAt(_ top: Bool, _ position: SyncDelegate.ScrollPosition) -> Bool {
      top ? position.isAtTop : position.isAtEnd
    }
    for top in [true, false] {
      let name = top ? "top" : "end"
      var current: SyncDelegate.ScrollPosition?
      // Whether the viewport left the edge (or, for the end, the list changed) since the last event.
      var left = true
      for (index, entry) in log.enumerated() {
        switch entry {
        case .report(let position):
          current = position
          if !isAt(top, position) { left = true }
        case .change:
          if !top { left = true }
        case .reachedTop where top, .reachedEnd where !top:
          guard let current, isAt(top, current) else {
            return
              "entry \(index): \(name) reported while the viewport is at \(current.map(\.description) ?? "nothing")"
          }
          if !left { return "entry \(index): \(name) reported twice with no leaving in between" }
          left = false
        default: break
        }
      }
      // Every report heard whose edge is due (the viewport at it, and it left since the last event, or the list
      // changed before the report was heard) is followed by the event once the reports are done.
      guard quiet, let last = log.lastIndex(where: { if case .report = $0 { true } else { false } }),
        case .report(let position) = log[last], isAt(top, position)
      else { continue }
      let heard = log.lastIndex { if case .heard(last) = $0 { true } else { false } } ?? log.count
      let away = log[..<last].lastIndex { entry in
        if case .report(let earlier) = entry { return !isAt(top, earlier) }
        return false
      }
      let changed = top ? nil : log[..<heard].lastIndex { if case .change = $0 { true } else { false } }
      let since = max(away ?? -1, changed ?? -1)
      let reported = log[(since + 1)...].contains { entry in
        if case .reachedTop = entry { return top }
        if case .reachedEnd = entry { return !top }
        return false
      }
      if !reported { return "the viewport is at the \(name) (entry \(last)) and no \(name) was reported" }
    }
    return nil
  }

  static func run(seed: UInt64, steps stepCount: Int) throws -> String? {
    final class Run {
      var random: SeededRandom
      var log: [Entry] = []
      var depth = 0
      var actions: [String] = []
      init(seed: UInt64) { random = SeededRandom(seed: seed) }
    }
    let run = Run(seed: seed)
    let feed = SectionsFeed(sections: list(&run.random))
    let view = RecordingListView()
    let engine = try ListEngine(view: view, showing: feed)
    func report(_ position: SyncDelegate.ScrollPosition) {
      run.log.append(.report(position))
      view.scroll(to: position)
    }
    /// A closure's call: nested reports and changes, to a bounded depth.
    func call(from site: String) {
      guard run.depth < 3 else { return }
      let chosen = calls.pick(using: &run.random)
      guard chosen.value != .nothing else { return }
      run.actions.append("\(site): \(chosen.name)")
      run.depth += 1
      defer { run.depth -= 1 }
      switch chosen.value {
      case .nothing: break
      case .report: report(randomPosition(&run.random))
      case .change: feed.update(to: list(&run.random))
      }
    }
    engine.delegate.didScroll = { _ in
      let index = run.log.lastIndex { if case .report = $0 { true } else { false } } ?? -1
      call(from: "didScroll")
      run.log.append(.heard(index))
    }
    engine.delegate.didReachTop = {
      run.log.append(.reachedTop)
      call(from: "didReachTop")
    }
    engine.delegate.didReachEnd = {
      run.log.append(.reachedEnd)
      call(from: "didReachEnd")
    }
    engine.delegate.didApply = { _ in run.log.append(.change) }
    for _ in 0..<stepCount {
      let step = steps.pick(using: &run.random)
      run.actions.append(step.name)
      switch step.value {
      case .report: report(randomPosition(&run.random))
      case .change: feed.update(to: list(&run.random))
      }
      if let problem = problem(in: run.log, quiet: true) {
        return "seed \(seed): \(problem); log \(run.log); steps \(run.actions)"
      }
    }
    return nil
  }

  @Test("an edge is reported once each time the viewport gets there, also when a closure scrolls or changes the list")
  func edgesFollowTheViewport() throws {
    var failures: [String] = []
    for seed in DeepPass.seeds(quick: 60, deep: 600) {
      if let failure = try Self.run(seed: seed, steps: DeepPass.cases(quick: 30, deep: 60)) { failures.append(failure) }
    }
    #expect(failures.isEmpty, "\(failures.count) seeds failed; first: \(failures.prefix(2))")
  }
}
