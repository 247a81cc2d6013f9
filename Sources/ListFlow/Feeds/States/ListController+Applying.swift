import Dispatch
import Synchronization

extension ListController {
  /// Shows a state: diffs it with the list shown and applies the changes to the view; returns once this state,
  /// or a newer one that superseded it, is shown (or was dropped after a cancellation).
  ///
  /// Calls are served strictly in order. While one state is being diffed, a newer call supersedes any state
  /// not yet started; the last state is always the one finally shown. When the task of the call that is
  /// applying is cancelled mid-diff, its diff is thrown away and the view keeps the last state applied; a state
  /// still pending is then applied by its own caller.
  ///
  /// A rejected state (one that holds an identity twice, under ``DuplicatePolicy/reject``) is not shown: the view
  /// keeps the previous one, and the error goes to ``SyncDelegate/didFail``. A repeated identity of the list shown
  /// rejects nothing (see ``ListControllerConfiguration/duplicates``).
  ///
  /// - Parameters:
  ///   - state: The state to show.
  ///   - reloading: Whether to reload the view instead of applying batches (``SyncDelegate/Transition/ReloadReason/requested``).
  /// - Complexity: O(n) for the diff (off the main actor from
  ///   ``ListControllerConfiguration/backgroundDiffThreshold`` rows), plus the view's work per change.
  public func apply(_ state: State, reloading: Bool) async {
    await apply(state, reloading: reloading, animated: true)
  }

  /// Shows a state as ``apply(_:reloading:)`` does, telling the view whether to animate the batches.
  ///
  /// ```swift
  /// await controller.apply(state, animated: false)   // a host that animates shows this change at once
  /// ```
  ///
  /// Every ``ListUpdate`` of the change, and its ``SyncDelegate/Transition``, carries `animated`; a reload is never
  /// animated. States merged while waiting animate only if each asked for it.
  ///
  /// - Parameters:
  ///   - state: The state to show.
  ///   - reloading: Whether to reload the view instead of applying batches.
  ///   - animated: Whether the view should animate the batches (``ListUpdate/animated``).
  public func apply(_ state: State, reloading: Bool = false, animated: Bool) async {
    let request = ApplyRequest(state: state, reloads: reloading, animated: animated)
    let submitted = queue.submit(request, merging: Self.merge)
    if submitted.superseded { statistics.supersededStates += 1 }
    if !submitted.runs {
      let handoff = await withCheckedContinuation { queue.wait($0) }
      if case .finished = handoff { return }
    }
    await runQueue()
  }

  /// Shows a state, updating the view in batches unless a reload is due: `apply(state, reloading: false)`.
  ///
  /// See ``apply(_:reloading:)`` for the ordering, coalescing and cancellation rules.
  ///
  /// - Parameter state: The state to show.
  public func apply(_ state: State) async {
    await apply(state, reloading: false)
  }

  /// Applies every state of a sequence, in order, until it ends or the task is cancelled.
  ///
  /// An error thrown by the sequence ends the run and is reported as
  /// ``ListFlowError/stateStreamFailed(_:)``. Cancellation stops the run cleanly, also when the sequence reacts to
  /// it by throwing: the view keeps the last state applied.
  ///
  /// ```swift
  /// let task = Task { await controller.run(store.updates()) }
  /// // …
  /// task.cancel()
  /// ```
  ///
  /// - Parameter states: The states, for example a store's updates.
  public func run<S: AsyncSequence>(_ states: S) async where S.Element == State {
    do {
      for try await state in states {
        if Task.isCancelled { return }
        await apply(state)
      }
    } catch is CancellationError {
      // A sequence that throws when its task is cancelled ends the run cleanly.
    } catch {
      if Task.isCancelled { return }
      report(.stateStreamFailed(String(describing: error)))
    }
  }

  /// A newer request merged with an older one: the newer state, and a reload when either asked for one.
  private static func merge(_ old: ApplyRequest, _ new: ApplyRequest) -> ApplyRequest {
    ApplyRequest(state: new.state, reloads: old.reloads || new.reloads, animated: old.animated && new.animated)
  }

  private func runQueue() async {
    while !Task.isCancelled, let next = queue.takeNext() {
      if await process(next.request) {
        for waiter in next.waiters { waiter.resume(returning: .finished) }
      } else {
        // Its diff thrown away, the state is dropped when a newer one waits: that one is shown instead.
        if queue.putBack(next.request, waiters: next.waiters, merging: Self.merge) { statistics.cancelledStates += 1 }
        break
      }
    }
    let finished = queue.finish()
    if finished.dropped { statistics.cancelledStates += 1 }
    finished.heir?.resume(returning: .takeOver)
  }

  /// Diffs and applies one request; `false` when the task was cancelled before the view changed.
  private func process(_ request: ApplyRequest) async -> Bool {
    while true {
      let source = published
      let rows = shownRows
      let generation = modelGeneration
      let rowCount = source.reduce(0) { $0 + $1.elements.count }
      let prepared: Result<PreparedState, ListFlowError>
      // The first state's size is unknown until it is built: it is prepared off the main actor too.
      if rowCount >= configuration.backgroundDiffThreshold || state == nil {
        statistics.backgroundDiffs += 1
        prepared = await Self.prepareInBackground(
          request.state, source: source, rows: rows, duplicates: configuration.duplicates, prepare: prepareState)
      } else {
        prepared = prepareState(request.state, source, _StaleRows.current(rows, of: source), configuration.duplicates)
      }
      if Task.isCancelled { return false }
      // The user moved a row while the diff ran: diff again against the list shown now.
      if generation != modelGeneration { continue }
      switch prepared {
      case .success(let prepared):
        commit(request, prepared)
      case .failure(let error):
        statistics.rejectedStates += 1
        report(error)
      }
      // The list and rows before, and the stages between them, are held here last: a long list is freed on
      // another thread, so that the frame is not kept waiting while every row of the state before is released.
      if rowCount >= configuration.backgroundDiffThreshold {
        Self.release((consume source, consume rows, consume prepared))
      }
      return true
    }
  }

  /// Frees what a list shown before left (the list and its rows, the stages to the next), after a state or a told
  /// edit, unless something else still holds it, on a serial queue of utility priority: one release per row of a
  /// long list, off the main actor. It is moved into a box that the queue empties, so that the queue's release is
  /// the last whenever the caller's was. Never the index of an edit, which the next edit must hold alone.
  nonisolated static func release(_ leftovers: consuming any Sendable) {
    let box = _ReleaseBox(leftovers)
    _listReleaseQueue.async { _ = box.take() }
  }

  private func commit(_ request: ApplyRequest, _ prepared: PreparedState) {
    state = request.state
    statistics.appliedStates += 1
    modelGeneration += 1
    shownRows = prepared.rows
    publish(prepared.changes, target: prepared.target, reloading: request.reloads, animated: request.animated)
  }

  /// Makes `target` the controller's list and sends the changes to whatever shows the controller.
  func publish(
    _ changes: StagedChangeset<ListSnapshot>, target: ListSnapshot, reloading: Bool, animated: Bool = true
  ) {
    followEditIndex(changes, reloading: reloading)
    published = target
    feedLink.send(changes, reloading: reloading, animated: animated)
  }

  /// Keeps the index of the rows that the last told edit left (``makeEdit()``) for the next one through a change
  /// of the list made otherwise (a state, an edit diffed, a row the user moved), when the index describes the
  /// list before it: the next edit then costs its edits, where making the index again costs every row. A told
  /// edit puts its own index back (``apply(_:animated:)``), for the generation it publishes.
  private func followEditIndex(_ changes: StagedChangeset<ListSnapshot>, reloading: Bool) {
    guard editing.generation == modelGeneration - 1, editing.index != nil else { return }
    if !reloading, isKnownUniquelyReferenced(&editing.index), editing.index?.follow(changes) == true {
      editing.generation = modelGeneration
    } else {
      editing.index = nil
    }
  }

  /// Reports an error to the delegate, keeps it in ``lastError`` and tells whatever shows the controller.
  func report(_ error: ListFlowError) {
    lastError = error
    delegate.didFail(error)
    feedLink.forward(.failure(error))
  }
}

/// Where lists a controller no longer shows are freed (see `ListController.release(_:)`); its work carries
/// `_listReleaseKey`, which tests read to tell that a row was freed there.
let _listReleaseQueue: DispatchQueue = {
  let queue = DispatchQueue(label: "ListFlow.release", qos: .utility)
  queue.setSpecific(key: _listReleaseKey, value: true)
  return queue
}()

/// The key `_listReleaseQueue` sets to `true`.
let _listReleaseKey = DispatchSpecificKey<Bool>()

/// What `_listReleaseQueue` frees: taken out, and so released, by the queue whoever releases the box last.
private final class _ReleaseBox: Sendable {
  private let content: Mutex<(any Sendable)?>
  init(_ content: consuming any Sendable) { self.content = Mutex(content) }
  func take() -> (any Sendable)? { content.withSanitizedLock { $0.take() } }
}
