import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlow

/// A cursor of the simulated server: the listing it continues and where the next page starts.
private struct Cursor: Equatable, Sendable {
  var generation: Int
  var offset: Int
}

/// A page of the simulated server.
private typealias ServerPage = Page<Int, Cursor>

/// A server whose listing changes now and then; a page continues the listing of its cursor.
private struct Server {
  static let pageSize = 4
  var generation = 0
  var lengths: [Int: Int] = [0: 9]

  /// Row `index` of listing `generation`.
  static func row(_ index: Int, of generation: Int) -> Int { generation * 1_000 + index }

  mutating func change(_ random: inout SeededRandom) {
    generation += 1
    lengths[generation] = Int(random.next() % 14)
  }

  /// The page a request asks for, answered now.
  func page(for request: PageRequest<ServerPage>) -> (rows: [Int], next: Cursor?) {
    let cursor = request.cursor ?? Cursor(generation: generation, offset: 0)
    let length = lengths[cursor.generation] ?? 0
    let end = min(cursor.offset + Self.pageSize, length)
    let rows = (cursor.offset..<max(end, cursor.offset)).map { Self.row($0, of: cursor.generation) }
    return (rows, end < length ? Cursor(generation: cursor.generation, offset: end) : nil)
  }
}

/// What a drive found wrong, in order: its checks record here rather than as issues, so that a drive can be
/// rerun on a shorter sequence to find the shortest one that fails.
private final class Problems {
  var found: [String] = []

  func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { found.append(message()) }
  }
}

@Suite("Refresh state machine, driven by random triggers and results")
struct RefreshStateMachineFuzzTests {
  /// A driver of the machine with rows, a server, and the requests it has seen (the late answers to replay).
  private struct Driver {
    var machine = RefreshStateMachine<ServerPage>()
    var server = Server()
    var rows: [Int] = []
    /// The listing the rows come from.
    var rowsGeneration: Int?
    /// The listing the last refresh that did not succeed nor get cancelled asked for: rows older than it must
    /// not be extended.
    var wantedGeneration = -1
    var wantedByPending: Int?
    var pending: PageRequest<ServerPage>?
    var answered: [PageRequest<ServerPage>] = []
    /// The state before the pending load, which a cancellation goes back to.
    var stateBeforeLoad = PagingController<ServerPage>.State.initial
    var where_: String
    /// What the drive found wrong, in order.
    let problems = Problems()

    /// Carries out what a trigger returned; `before` is the state before the trigger.
    mutating func trigger(_ action: RefreshStateMachine<ServerPage>.Action, before: PagingController<ServerPage>.State)
    {
      guard case .load(let request) = action else {
        if before.isBusy { problems.expect(action == .ignore(.busy), "\(where_)") }
        problems.expect(machine.state == before, "\(where_): an ignored trigger changed the state")
        return
      }
      problems.expect(!before.isBusy, "\(where_): a load started while \(String(describing: pending)) ran")
      if case .error(let failure) = before, failure.operation == .refresh {
        problems.expect(request.operation == .refresh, "\(where_): a failed refresh must be retried, not continued")
      }
      stateBeforeLoad = before
      problems.expect(pending == nil, "\(where_)")
      problems.expect(machine.pendingRequest == request, "\(where_)")
      problems.expect(!answered.contains { $0.ticket == request.ticket }, "\(where_): a ticket was reused")
      pending = request
      wantedByPending = request.operation == .refresh ? server.generation : nil
    }

    mutating func succeed() {
      guard let request = pending else { return }
      let page = server.page(for: request)
      let action = machine.pageLoaded(request, nextPage: page.next)
      switch action {
      case .replaceRows:
        problems.expect(request.operation == .refresh, "\(where_)")
        rows = page.rows
        rowsGeneration = request.cursor?.generation ?? server.generation
        wantedGeneration = max(wantedGeneration, rowsGeneration ?? 0)
      case .appendRows:
        problems.expect(request.operation == .loadMore, "\(where_)")
        // Never a page of another listing, nor one appended to rows that a failed refresh meant to replace.
        problems.expect(request.cursor?.generation == rowsGeneration, "\(where_): a page of another listing")
        problems.expect((rowsGeneration ?? -1) >= wantedGeneration, "\(where_): appended to stale rows")
        problems.expect(request.cursor?.offset == rows.count, "\(where_): a page that does not follow the rows")
        rows += page.rows
      default:
        problems.found.append("\(where_): the pending request's page gave \(action)")
      }
      problems.expect(machine.state == (page.next == nil ? .populated : .paginated), "\(where_)")
      finishPending(request)
    }

    mutating func fail() {
      guard let request = pending else { return }
      problems.expect(machine.pageFailed(request, error: LoadFailure()) == .keepRows, "\(where_)")
      problems.expect(machine.state == .failed(request.operation), "\(where_)")
      if let wanted = wantedByPending { wantedGeneration = max(wantedGeneration, wanted) }
      finishPending(request)
    }

    mutating func cancel() {
      guard let request = pending else { return }
      problems.expect(machine.pageCancelled(request) == .keepRows, "\(where_)")
      problems.expect(machine.state == stateBeforeLoad, "\(where_)")
      finishPending(request)
    }

    /// A late answer to a request already answered: ignored, and nothing changes.
    mutating func answerLate(_ random: inout SeededRandom) {
      guard !answered.isEmpty else { return }
      let request = answered[Int(random.next() % UInt64(answered.count))]
      let before = machine
      problems.expect(machine.pageLoaded(request, nextPage: nil) == .ignore(.staleResult), "\(where_)")
      problems.expect(machine.pageFailed(request, error: LoadFailure()) == .ignore(.staleResult), "\(where_)")
      problems.expect(machine.pageCancelled(request) == .ignore(.staleResult), "\(where_)")
      problems.expect(machine == before, "\(where_)")
    }

    private mutating func finishPending(_ request: PageRequest<ServerPage>) {
      answered.append(request)
      pending = nil
      wantedByPending = nil
    }

    /// What holds after every step.
    func checkInvariants() {
      problems.expect(machine.state.isBusy == (pending != nil), "\(where_): \(machine.state)")
      problems.expect(machine.pendingRequest == pending, "\(where_)")
      problems.expect(Set(rows).count == rows.count, "\(where_): duplicated rows")
      if let generation = rowsGeneration {
        problems.expect(rows == (0..<rows.count).map { Server.row($0, of: generation) }, "\(where_): rows out of order")
      }
      if case .populated = machine.state { problems.expect(machine.nextPage == nil, "\(where_)") }
      if case .paginated = machine.state { problems.expect(machine.nextPage != nil, "\(where_)") }
    }
  }

  /// What a drive does at each step.
  enum Action { case refresh, loadMore, succeed, fail, cancel, answerLate, changeServer }

  /// What a drive does at each step, by weight.
  static let actions = WeightedChoice<Action>([
    ("ask for a refresh", weight: 1, .refresh),
    ("ask for more", weight: 2, .loadMore),
    ("the pending load succeeds", weight: 1, .succeed),
    ("the pending load fails", weight: 1, .fail),
    ("the pending load is cancelled", weight: 1, .cancel),
    ("a request already answered gets a late answer", weight: 1, .answerLate),
    ("the server's listing changes", weight: 1, .changeServer),
  ])

  /// One step of a drive: an action and the seed of the numbers it draws.
  struct Step: Sendable, CustomStringConvertible {
    var name: String
    var action: Action
    var seed: UInt64
    var description: String { "\(name) (seed \(seed))" }
  }

  /// Drives a machine through `steps`, then recovers it; the first problem found, or `nil`.
  static func problem(_ steps: [Step]) -> String? {
    var driver = Driver(where_: "start")
    for (index, step) in steps.enumerated() {
      var random = SeededRandom(seed: step.seed)
      driver.where_ = "step \(index) (\(step))"
      let before = driver.machine.state
      switch step.action {
      case .refresh: driver.trigger(driver.machine.refresh(), before: before)
      case .loadMore: driver.trigger(driver.machine.loadMore(), before: before)
      case .succeed: driver.succeed()
      case .fail: driver.fail()
      case .cancel: driver.cancel()
      case .answerLate: driver.answerLate(&random)
      case .changeServer: driver.server.change(&random)
      }
      driver.checkInvariants()
      if let problem = driver.problems.found.first { return problem }
    }
    // Recovery: whatever the state, once the pending load fails, one refresh (a load-more, when the failed load
    // was a refresh) and then load-mores reach the whole current listing.
    driver.where_ = "recovery"
    driver.fail()
    let failed = driver.machine.state
    if case .error(let failure) = failed, failure.operation == .refresh {
      driver.trigger(driver.machine.loadMore(), before: failed)
    } else {
      driver.trigger(driver.machine.refresh(), before: failed)
    }
    driver.succeed()
    for _ in 0..<100 {
      let before = driver.machine.state
      let action = driver.machine.loadMore()
      guard case .load = action else { break }
      driver.trigger(action, before: before)
      driver.succeed()
    }
    let problems = driver.problems
    problems.expect(driver.rowsGeneration == driver.server.generation, "recovery: no recovery")
    let length = driver.server.lengths[driver.server.generation] ?? 0
    problems.expect(
      driver.rows == (0..<length).map { Server.row($0, of: driver.server.generation) },
      "recovery: rows \(driver.rows)")
    problems.expect(driver.machine.state == .populated, "recovery: \(driver.machine.state)")
    return problems.found.first
  }

  @Test(
    "one load at a time; rows never duplicated, skipped or extended when stale; every error recovers",
    arguments: DeepPass.seeds(from: 0, quick: 40, deep: 200))
  func randomDrives(seed: UInt64) async {
    var random = SeededRandom(seed: seed)
    let steps = (0..<60).map { _ in
      let action = Self.actions.pick(using: &random)
      return Step(name: action.name, action: action.value, seed: random.next())
    }
    guard let problem = Self.problem(steps) else { return }
    let shortest = await shortestFailing(steps) { Self.problem($0) != nil }
    let sequence =
      shortest.isEmpty ? "  (none: the recovery alone fails)" : shortest.map { "  \($0)" }.joined(separator: "\n")
    Issue.record(
      "seed \(seed): \(problem)\nshortest failing sequence, \(shortest.count) of \(steps.count) steps:\n\(sequence)")
  }
}
