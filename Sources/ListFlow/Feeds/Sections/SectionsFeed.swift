/// A feed of sections you set, whose updates are diffed and sent on (what other frameworks call a sectioned data
/// source): a list on its own, or a child of a ``ComposedFeed``.
///
/// Every update is diffed against the sections before it, and the staged changes of what the source displays
/// (nothing while ``isHidden``) go to ``didUpdate`` and, when the source is a child, to its composite, which
/// shifts them to the child's place.
///
/// ```swift
/// let fruit = SectionsFeed(sections: [ArraySection(model: "Fruit", elements: ["apple", "pear"])])
/// fruit.update(to: [ArraySection(model: "Fruit", elements: ["apple", "fig", "pear"])])  // one insert at 0:1
/// fruit.isHidden = true   // one section delete
/// ```
@MainActor
public final class SectionsFeed<Section: DifferentiableSection>: ListFeed {
  /// The source's sections, shown or not.
  public private(set) var sections: [Section]
  /// Called with the staged changes of ``displayedSections`` after every update, hide and show, in this source's
  /// own section positions, once they are sent on: a change made here (of this source or another feed) comes
  /// after them. They come in the order the changes were made, each from the sections the one before led to, also
  /// for a change made while one is sent on (from a composite's `didUpdate`, or from the callbacks of an engine that
  /// shows the change at once): it is reported after the change being sent.
  public var didUpdate: @MainActor (StagedChangeset<[Section]>) -> Void = { _ in }
  /// The link to the composite this source is a child of.
  public let feedLink = FeedLink<Section>()
  /// The closures that receive the events of the source's rows, with positions local to it.
  public var delegate = SyncDelegate()

  /// Whether the source is hidden: its sections are then not displayed, and its updates change nothing on screen.
  ///
  /// Hiding deletes its displayed sections, showing inserts its current ones.
  public var isHidden = false {
    didSet {
      guard isHidden != oldValue else { return }
      emit(visibilityChanges(of: sections, hidden: isHidden))
    }
  }

  /// Creates a source.
  ///
  /// - Parameters:
  /// - Parameter sections: The initial sections.
  public init(sections: [Section] = []) {
    self.sections = sections
    feedLink.report = { [weak self] in self?.didUpdate($0) }
  }

  /// The sections on screen: ``sections``, or none while hidden.
  public var displayedSections: [Section] { isHidden ? [] : sections }

  /// Replaces the sections, sending the diff of the displayed ones; duplicate identifiers are matched in order.
  ///
  /// - Parameter sections: The new sections.
  /// - Complexity: O(*n* + *m*) for the diff, plus O(*s*) per stage for each composite above, *s* its sections.
  public func update(to sections: [Section]) {
    let old = self.sections
    self.sections = sections
    guard !isHidden else { return }
    emit(StagedChangeset(source: old, target: sections))
  }

  /// Replaces the sections, sending the diff of the displayed ones, with a policy for duplicate identifiers.
  ///
  /// - Parameters:
  ///   - sections: The new sections.
  ///   - duplicates: What to do when an identifier stands twice in `sections`. Only the new sections are judged:
  ///     sections the feed holds that repeat an identity (put in by ``update(to:)`` or ``apply(_:)``) are diffed
  ///     matching their occurrences in order.
  /// - Throws: ``DiffError/duplicateIdentifier(_:)`` when `duplicates` is ``DuplicatePolicy/reject`` and an
  ///   identifier stands twice in `sections`; the sections are then left unchanged.
  public func update(to sections: [Section], duplicates: DuplicatePolicy) throws(DiffError) {
    let changes: StagedChangeset<[Section]>
    do {
      changes = try StagedChangeset(source: self.sections, target: sections, duplicates: duplicates)
    } catch {
      if let rejected = _stateDuplicate(after: error, target: sections) { throw rejected }
      changes = StagedChangeset(source: self.sections, target: sections)
    }
    self.sections = sections
    guard !isHidden else { return }
    emit(changes)
  }

  /// Applies changes computed elsewhere (a page appended by paging, say) without diffing.
  ///
  /// Each stage is checked against the sections before it and applied to them, as a view applies it: the
  /// sections and rows it inserts, and the new content of those it updates, are taken from the stage's data;
  /// every other one is kept, and the stage's data at its place is not read (a row whose content changed must be
  /// named as updated to show it). What the feed sends on (to an engine or a composite) is those stages with the
  /// sections each leaves as its data, so that what is shown is ``sections``.
  ///
  /// An updated row or section must stay where it is in its stage (no insert, delete or move before it, nor of it):
  /// a view fills it again at its place, so an update that the same stage moves would show another row's content
  /// there (``ListUpdate``: updated rows come with the list's shape unchanged). Update it in a stage of its own.
  ///
  /// - Parameter changes: Stages whose first applies to ``sections``.
  /// - Throws: ``DiffError/positionOutOfRange(_:)`` when a stage does not fit the sections before it, or moves a
  ///   row or section it updates; the sections are then left unchanged.
  /// - Complexity: O(*n* + *c*) per stage for the check, plus O(*u* log *c*) for its *u* updates.
  public func apply(_ changes: StagedChangeset<[Section]>) throws(DiffError) {
    var current = sections
    var applied: [Changeset<[Section]>] = []
    applied.reserveCapacity(changes.count)
    for var stage in changes {
      current = try current.applying(stage)
      try Self.checkUpdatesStay(in: stage)
      stage.data = current
      applied.append(stage)
    }
    sections = current
    guard !isHidden else { return }
    emit(StagedChangeset(applied))
  }

  /// Follows a sequence of states, each giving the source's sections, until it ends or the task is cancelled:
  /// the way a static list or any main-actor list follows a store.
  ///
  /// ```swift
  /// Task { await settings.run(store.updates()) { state in SettingsScreen(state).sectionDeclarations.map(\.snapshot) } }
  /// ```
  ///
  /// - Parameters:
  ///   - states: The states, for example a store's updates.
  ///   - sections: The sections of a state; each is diffed with the sections before.
  public func run<S: AsyncSequence>(_ states: S, sections: (S.Element) -> [Section]) async {
    await follow(states) { update(to: sections($0)) }
  }

  /// Throws when a stage moves a row or section it updates (by a move of it, or an insert, delete or move before
  /// it): `applying` takes its content from the data at its new place, a view fills it at its old one.
  private static func checkUpdatesStay(in stage: Changeset<[Section]>) throws(DiffError) {
    guard !stage.elementUpdated.isEmpty || !stage.sectionUpdated.isEmpty else { return }
    let mapper = PathMapper(stage)
    for section in stage.sectionUpdated where mapper.mapSection(section) != section {
      throw .positionOutOfRange("updated section \(section) moves in its stage")
    }
    for path in stage.elementUpdated {
      guard case .kept(let now) = mapper.map(path), now == path else {
        throw .positionOutOfRange("updated element \(path) moves in its stage")
      }
    }
  }

  private func emit(_ changes: StagedChangeset<[Section]>) {
    guard !changes.isEmpty else { return }
    // Sent on first, then reported to `didUpdate` (in order, see `FeedLink.didSend`), so that a change `didUpdate`
    // makes (of this feed or another) comes after this one everywhere.
    feedLink.send(changes)
  }

}

extension SectionsFeed {
  /// Moves a row inside this source, as a view's reordering did, and sends the move on.
  ///
  /// - Parameter move: The move, in this source's positions.
  /// - Throws: ``ListFlowError/rowNotMovable(_:)`` when a position does not exist.
  public func moveRow(_ move: Move<ItemPath>) throws(ListFlowError) {
    guard sections.indices.contains(move.source.section), sections.indices.contains(move.target.section),
      sections[move.source.section].elements.indices.contains(move.source.item)
    else { throw .rowNotMovable(move.source) }
    var moved = sections
    var source = Array(moved[move.source.section].elements)
    let element = source.remove(at: move.source.item)
    moved[move.source.section] = Section(source: moved[move.source.section], elements: source)
    var target = Array(moved[move.target.section].elements)
    guard (0...target.count).contains(move.target.item) else { throw .rowNotMovable(move.source) }
    target.insert(element, at: move.target.item)
    moved[move.target.section] = Section(source: moved[move.target.section], elements: target)
    let stage = Changeset(data: moved, elementMoved: [move])
    sections = moved
    guard !isHidden else { return }
    emit(StagedChangeset([stage]))
  }
}

extension SectionsFeed: _HoldingFeed where Section == ListSectionSnapshot {
  /// The identities among `ids` of the rows of ``sections`` while the source is hidden (``isHidden``): it holds
  /// them and shows none, so that a refresh of one is no error; none while it is shown.
  ///
  /// - Complexity: While hidden, a look-up of `ids` in the rows (see `CellBinderList.positions(ofIdentities:)`).
  func unshownIdentities(among ids: Set<ListIdentifier>) -> Set<ListIdentifier> {
    isHidden ? _heldIdentities(among: ids, in: sections) : []
  }
}
