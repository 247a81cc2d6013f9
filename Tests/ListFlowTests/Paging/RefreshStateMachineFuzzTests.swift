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

    /// Carries out what a trigger returned; `before` is the state before the trigger.
    mutating func trigger(_ action: RefreshStateMachine<ServerPage>.Action, before: PagingController<ServerPage>.State)
    {
      guard case .load(let request) = action else {
        if before.isBusy { #expect(action == .ignore(.busy), "\(where_)") }
        #expect(machine.state == before, "\(where_): an ignored trigger changed the state")
        return
      }
      #expect(!before.isBusy, "\(where_): a load started while \(String(describing: pending)) ran")
      if case .error(let failure) = before, failure.operation == .refresh {
        #expect(request.operation == .refresh, "\(where_): a failed refresh must be retried, not continued")
      }
      stateBeforeLoad = before
      #expect(pending == nil, "\(where_)")
      #expect(machine.pendingRequest == request, "\(where_)")
      #expect(!answered.contains { $0.ticket == request.ticket }, "\(where_): a ticket was reused")
      pending = request
      wantedByPending = request.operation == .refresh ? server.generation : nil
    }

    mutating func succeed() {
      guard let request = pending else { return }
      let page = server.page(for: request)
      let action = machine.pageLoaded(request, nextPage: page.next)
      switch action {
      case .replaceRows:
        #expect(request.operation == .refresh, "\(where_)")
        rows = page.rows
        rowsGeneration = request.cursor?.generation ?? server.generation
        wantedGeneration = max(wantedGeneration, rowsGeneration ?? 0)
      case .appendRows:
        #expect(request.operation == .loadMore, "\(where_)")
        // Never a page of another listing, nor one appended to rows that a failed refresh meant to replace.
        #expect(request.cursor?.generation == rowsGeneration, "\(where_): a page of another listing")
        #expect((rowsGeneration ?? -1) >= wantedGeneration, "\(where_): appended to stale rows")
        #expect(request.cursor?.offset == rows.count, "\(where_): a page that does not follow the rows")
        rows += page.rows
      default:
        Issue.record("\(where_): the pending request's page gave \(action)")
      }
      #expect(machine.state == (page.next == nil ? .populated : .paginated), "\(where_)")
      finishPending(request)
    }

    mutating func fail() {
      guard let request = pending else { return }
      #expect(machine.pageFailed(request, error: LoadFailure()) == .keepRows, "\(where_)")
      #expect(machine.state == .failed(request.operation), "\(where_)")
      if let wanted = wantedByPending { wantedGeneration = max(wantedGeneration, wanted) }
      finishPending(request)
    }

    mutating func cancel() {
      guard let request = pending else { return }
      #expect(machine.pageCancelled(request) == .keepRows, "\(where_)")
      #expect(machine.state == stateBeforeLoad, "\(where_)")
      finishPending(request)
    }

    /// A late answer to a request already answered: ignored, and nothing changes.
    mutating func answerLate(_ random: inout SeededRandom) {
      guard !answered.isEmpty else { return }
      let request = answered[Int(random.next() % UInt64(answered.count))]
      let before = machine
      #expect(machine.pageLoaded(request, nextPage: nil) == .ignore(.staleResult), "\(where_)")
      #expect(machine.pageFailed(request, error: LoadFailure()) == .ignore(.staleResult), "\(where_)")
      #expect(machine.pageCancelled(request) == .ignore(.staleResult), "\(where_)")
      #expect(machine == before, "\(where_)")
    }

    private mutating func finishPending(_ request: PageRequest<ServerPage>) {
      answered.append(request)
      pending = nil
      wantedByPending = nil
    }

    /// What holds after every step.
    func checkInvariants() {
      #expect(machine.state.isBusy == (pending != nil), "\(where_): \(machine.state)")
      #expect(machine.pendingRequest == pending, "\(where_)")
      #expect(Set(rows).count == rows.count, "\(where_): duplicated rows")
      if let generation = rowsGeneration {
        #expect(rows == (0..<rows.count).map { Server.row($0, of: generation) }, "\(where_): rows out of order")
      }
      if case .populated = machine.state { #expect(machine.nextPage == nil, "\(where_)") }
      if case .paginated = machine.state { #expect(machine.nextPage != nil, "\(where_)") }
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

  @Test(
    "one load at a time; rows never duplicated, skipped or extended when stale; every error recovers",
    arguments: DeepPass.seeds(from: 0, quick: 40, deep: 200))
  func randomDrives(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    var driver = Driver(where_: "seed \(seed)")
    for step in 0..<60 {
      let action = Self.actions.pick(using: &random)
      driver.where_ = "seed \(seed), step \(step) (\(action.name))"
      let before = driver.machine.state
      switch action.value {
      case .refresh: driver.trigger(driver.machine.refresh(), before: before)
      case .loadMore: driver.trigger(driver.machine.loadMore(), before: before)
      case .succeed: driver.succeed()
      case .fail: driver.fail()
      case .cancel: driver.cancel()
      case .answerLate: driver.answerLate(&random)
      case .changeServer: driver.server.change(&random)
      }
      driver.checkInvariants()
    }
    // Recovery: whatever the state, once the pending load fails, one refresh (a load-more, when the failed load
    // was a refresh) and then load-mores reach the whole current listing.
    driver.where_ = "seed \(seed), recovery"
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
    #expect(driver.rowsGeneration == driver.server.generation, "seed \(seed): no recovery")
    let length = driver.server.lengths[driver.server.generation] ?? 0
    #expect(driver.rows == (0..<length).map { Server.row($0, of: driver.server.generation) }, "seed \(seed)")
    #expect(driver.machine.state == .populated, "seed \(seed)")
  }
}
