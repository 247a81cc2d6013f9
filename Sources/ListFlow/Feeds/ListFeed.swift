/// A feed of sections: what a ``ListEngine`` shows in a view, and what a ``ComposedFeed`` holds as a
/// child. The built-in feeds are ``ListController`` (states), ``SectionsFeed``, ``PagedFeed``,
/// ``OutlineFeed``, ``FilteredFeed``, ``StaticList`` and ``ComposedFeed``; a type of your own is their
/// equal: it gets every event they get.
///
/// **What a feed publishes.** It keeps the sections it shows (``displayedSections``) and, after every change of
/// them, sends the staged changes from the sections before to the sections after through its ``feedLink``. A
/// composite shifts them to the child's place and passes them on, up to the engine that shows the list. Send once
/// ``displayedSections`` holds the new sections, never before: an engine that shows the feed takes them as the list
/// it shows after the changes, and reads the owners of their sections from the feed as it takes the changes.
///
/// **What comes back to it.** The events of its rows reach its ``delegate`` with positions local to the feed;
/// moves the user makes reach ``moveRow(_:)``, expansion ``setExpanded(_:forRowAt:)``. Every requirement but
/// ``displayedSections`` and ``feedLink`` has a default, for a feed that does not use it.
///
/// ```swift
/// final class ClockFeed: ListFeed {
///   let feedLink = FeedLink<ListSectionSnapshot>()
///   private(set) var displayedSections: [ListSectionSnapshot] = []
///
///   func tick(_ time: String) {
///     let old = displayedSections
///     displayedSections = [ListSection(id: "clock", items: [LabelCell.makeBinder(value: time, id: "now")]).snapshot]
///     feedLink.send(from: old, to: displayedSections)  // after displayedSections holds the new sections
///   }
/// }
/// ```
@MainActor
public protocol ListFeed<Section>: AnyObject {
  /// The type of the feed's sections.
  associatedtype Section: DifferentiableSection

  // MARK: What the feed publishes

  /// The sections the feed shows now.
  var displayedSections: [Section] { get }

  /// The link through which the feed sends its changes to whatever shows it: a composite, a filter or a
  /// ``ListEngine``.
  var feedLink: FeedLink<Section> { get }

  // MARK: What comes back to the feed

  /// The closures that receive the events of the feed's rows (selection, highlight, display, editing, moves,
  /// cell actions), with positions local to the feed. None by default. The closures of changes and scrolling
  /// (``SyncDelegate/willApply``, ``SyncDelegate/didApply``, ``SyncDelegate/didScroll`` and the like) are called
  /// on the ``ListEngine``'s delegate only, never on a feed's.
  var delegate: SyncDelegate { get }

  /// The feed that owns a displayed section, and the section's index there: the feed itself by default; a
  /// composite answers with the child that owns it, so that events reach that child's ``delegate``.
  ///
  /// A section's owner may change only in a change that inserts, deletes or moves sections (a composite's
  /// children added, removed or moved do): the ``ListEngine`` that shows the feed reads the owners again after
  /// such a change and after a reload, not after a change of rows alone.
  ///
  /// - Parameter section: A section of ``displayedSections``.
  /// - Returns: The owning feed and its local section, or `nil` when the section does not exist.
  func feed(owningSection section: Int) -> (feed: any ListFeed<Section>, section: Int)?

  /// Takes a row the user moved inside this feed (positions local to it) into the feed's model, and sends the
  /// move through ``feedLink``. By default a feed's rows cannot move.
  ///
  /// - Parameter move: The move; the caller has checked that both positions exist.
  /// - Throws: ``ListFlowError/rowNotMovable(_:)`` when the feed does not take moves.
  func moveRow(_ move: Move<ItemPath>) throws(ListFlowError)

  /// Whether a row shows its children: `true` when it can collapse, `false` when it can expand, `nil` (the
  /// default) when it can do neither.
  ///
  /// - Parameter path: The row's local position.
  /// - Returns: The row's expansion.
  func isRowExpanded(at path: ItemPath) -> Bool?

  /// Expands or collapses a row, publishing the rows that appear or disappear. By default no row expands.
  ///
  /// - Parameters:
  ///   - expanded: Whether the row should show its children.
  ///   - path: The row's local position.
  /// - Returns: Whether the expansion changed.
  @discardableResult
  func setExpanded(_ expanded: Bool, forRowAt path: ItemPath) -> Bool

  /// Whether the feed holds a row with this identity that it does not show now (a filter's hidden rows), so that
  /// a selection of it is kept. `false` by default.
  ///
  /// - Parameter id: A row's identity.
  /// - Returns: Whether the feed hides such a row.
  func hidesRow(_ id: ListIdentifier) -> Bool

  /// The nesting depth of a displayed row: 0 (the default) for a row at the top level, 1 for its children, and
  /// so on. A ``FilteredFeed`` over the feed keeps each match's ancestors as its context.
  ///
  /// - Parameter path: The row's local position.
  /// - Returns: The row's depth.
  func depth(ofRowAt path: ItemPath) -> Int

  /// Shows every row that matches along with what leads to it (a tree expands the ancestors of its matches),
  /// or, given `nil`, gives back what the feed showed before the first call. A ``FilteredFeed`` calls it when its
  /// query changes. By default it does nothing and returns `false`.
  ///
  /// - Parameter matches: Whether a row matches, or `nil` when the filter is cleared.
  /// - Returns: Whether the feed reveals rows this way (then the filter keeps each match's ancestors).
  @discardableResult
  func revealRows(matching matches: ((CellBinder) -> Bool)?) -> Bool
}

extension ListFeed {
  /// A delegate whose closures do nothing.
  public var delegate: SyncDelegate { SyncDelegate() }

  /// The feed itself, for any displayed section.
  ///
  /// - Parameter section: A section of ``displayedSections``.
  public func feed(owningSection section: Int) -> (feed: any ListFeed<Section>, section: Int)? {
    section >= 0 && section < displayedSections.count ? (self, section) : nil
  }

  /// Throws ``ListFlowError/rowNotMovable(_:)``.
  ///
  /// - Parameter move: The move.
  public func moveRow(_ move: Move<ItemPath>) throws(ListFlowError) { throw .rowNotMovable(move.source) }

  /// `nil`: no row expands.
  ///
  /// - Parameter path: The row's position.
  public func isRowExpanded(at path: ItemPath) -> Bool? { nil }

  /// `false`: no row expands.
  ///
  /// - Parameters:
  ///   - expanded: Whether the row should show its children.
  ///   - path: The row's position.
  @discardableResult
  public func setExpanded(_ expanded: Bool, forRowAt path: ItemPath) -> Bool { false }

  /// `false`: the feed hides nothing.
  ///
  /// - Parameter id: A row's identity.
  public func hidesRow(_ id: ListIdentifier) -> Bool { false }

  /// 0: every row is at the top level.
  ///
  /// - Parameter path: The row's position.
  public func depth(ofRowAt path: ItemPath) -> Int { 0 }

  /// Does nothing and returns `false`.
  ///
  /// - Parameter matches: Whether a row matches.
  @discardableResult
  public func revealRows(matching matches: ((CellBinder) -> Bool)?) -> Bool { false }
}

extension ListFeed {
  /// The feed that owns a displayed row, at the bottom of any nesting, and the row's position there.
  ///
  /// - Parameter path: A row of ``displayedSections``.
  /// - Returns: The leaf feed and the row's local position, or `nil` when the section does not exist.
  func leaf(ofRow path: ItemPath) -> (feed: any ListFeed<Section>, path: ItemPath)? {
    guard let (feed, section) = feed(owningSection: path.section) else { return nil }
    return (feed, ItemPath(item: path.item, section: section))
  }
}

/// The connection of a ``ListFeed`` to whatever shows it: a ``ComposedFeed`` that holds it as a child, a
/// ``FilteredFeed`` over it, or a ``ListEngine``; or to nothing yet.
///
/// A feed owns one link and sends every change of its displayed sections through it. What shows the feed
/// connects itself when it takes the feed, and disconnects when it lets it go; a feed is shown by one thing at a
/// time.
@MainActor
public final class FeedLink<Section: DifferentiableSection> {
  /// What a feed tells whatever shows it.
  enum Message {
    /// The staged changes of the feed's displayed sections; whether to reload instead, and to animate.
    case changes(StagedChangeset<[Section]>, reloading: Bool, animated: Bool)
    /// Rows the feed hides (``ListFeed/hidesRow(_:)``) may be gone.
    case hiddenRowsChanged
    /// Rows to fill again (or replace) with no change of content, by identity.
    case refresh([ListIdentifier], reloading: Bool, animated: Bool)
    /// An error the feed met.
    case failure(ListFlowError)
  }

  /// What shows the feed: a composite, a filter or an engine. Held weakly: once it is gone, the feed can be
  /// shown elsewhere.
  weak var owner: AnyObject?
  /// The composite holding the feed, when a composite holds it.
  var parent: ComposedFeed<Section>? { owner as? ComposedFeed<Section> }
  /// Receives every message: set by what shows the feed.
  var receiver: (@MainActor (Message) -> Void)?
  /// Called with every change sent, in the feed's own positions, once it is sent on to what shows the feed; for
  /// observers of the feed. A change of the feed made here (or of another feed) comes after the one sent. The
  /// changes come in the order they were sent, each from the sections the one before led to, also for a change
  /// sent while one is sent on (from a composite's `didUpdate`, or from the callbacks of an engine that shows the
  /// change at once): it is reported after the change being sent.
  public var didSend: @MainActor (StagedChangeset<[Section]>) -> Void = { _ in }
  /// The feed's own report of every change sent, before ``didSend``: a source's or a composite's `didUpdate`,
  /// which is called with the changes that are not empty.
  var report: (@MainActor (StagedChangeset<[Section]>) -> Void)?
  /// The changes sent on and not yet reported, oldest first.
  private var unreported: [StagedChangeset<[Section]>] = []
  /// How many changes are being sent on, one inside another.
  private var sendsUnderWay = 0
  /// Whether the changes sent on are being reported.
  private var isReporting = false

  /// Creates a link that is not connected yet.
  public init() {}

  /// Whether something shows the feed: a composite, a filter or an engine.
  public var isConnected: Bool { owner != nil }

  /// Connects the link to what shows the feed, `owner` (a composite owner is also the feed's ``parent``).
  func connect(owner: AnyObject, receiver: @escaping @MainActor (Message) -> Void) {
    self.owner = owner
    self.receiver = receiver
  }

  /// Disconnects the link: the feed's messages go nowhere until it is shown again.
  func disconnect() {
    owner = nil
    receiver = nil
  }

  /// Sends staged changes of the feed's displayed sections to what shows it.
  ///
  /// Call it once the feed's ``ListFeed/displayedSections`` hold the sections the changes lead to: a
  /// ``ListEngine`` that shows the feed takes them as the list it shows after the changes (sent before they are
  /// set, the engine would keep the sections before, and a later reload would show them again).
  ///
  /// - Parameters:
  ///   - changes: The stages from the sections displayed before to those displayed now.
  ///   - reloading: Whether the view should reload rather than apply these changes in batches.
  ///   - animated: Whether the view should animate the batches (``ListUpdate/animated``).
  public func send(_ changes: StagedChangeset<[Section]>, reloading: Bool = false, animated: Bool = true) {
    guard !changes.isEmpty || reloading else { return }
    // Sent on first, so that a change `didSend` makes comes after this one: before it, it would reach what shows
    // the feed first, from sections that one does not have yet. Sending it on may change the feed again (a
    // composite's `didUpdate`, or an engine that shows it at once and whose callbacks update it): that change is
    // reported once this one is, never before it.
    unreported.append(changes)
    sendsUnderWay += 1
    receiver?(.changes(changes, reloading: reloading, animated: animated))
    sendsUnderWay -= 1
    guard sendsUnderWay == 0, !isReporting else { return }
    isReporting = true
    defer { isReporting = false }
    while !unreported.isEmpty {
      let sent = unreported.removeFirst()
      if !sent.isEmpty { report?(sent) }
      didSend(sent)
    }
  }

  /// Diffs two lists of sections and sends the changes; duplicate identities are matched in order. Call it once
  /// the feed's ``ListFeed/displayedSections`` are `new`, as ``send(_:reloading:animated:)``.
  ///
  /// - Parameters:
  ///   - old: The sections displayed before.
  ///   - new: The sections displayed now.
  /// - Complexity: O(*n* + *m*) for the diff.
  public func send(from old: [Section], to new: [Section]) {
    send(StagedChangeset(source: old, target: new))
  }

  /// Tells what shows the feed that rows the feed hides (``ListFeed/hidesRow(_:)``) may be gone, so that the
  /// selection drops those the feed no longer holds.
  public func sendHiddenRowsChange() {
    receiver?(.hiddenRowsChanged)
  }

  /// Passes a message on, unchanged: what a composite or a filter does with all but changes.
  func forward(_ message: Message) {
    receiver?(message)
  }
}

/// A feed that handles some events of its rows itself (a static list's taps, a paged feed's loads and retry rows)
/// besides the closures of its ``ListFeed/delegate``, which keeps only what the app set.
@MainActor
protocol _HandlingFeed {
  /// ``ListFeed/delegate`` with the feed's own handling added.
  var handlingDelegate: SyncDelegate { get }
}

extension ListFeed {
  /// The closures the events of the feed's rows are sent to: its ``delegate``, with the feed's own handling added
  /// where it has some (``_HandlingFeed``).
  var eventDelegate: SyncDelegate { (self as? any _HandlingFeed)?.handlingDelegate ?? delegate }
}

/// A feed that finds which of many identities it hides (``ListFeed/hidesRow(_:)``) in one look-up of them all: the
/// engine asks about every hidden selected row after a change that may have dropped one, and a look-up of each
/// (or, from the 17th, a filter's pass over every row) cost the list per change.
@MainActor
protocol _HidingFeed {
  /// The identities among `ids` that the feed hides.
  func hiddenIdentities(among ids: Set<ListIdentifier>) -> Set<ListIdentifier>
}

/// The identities among `ids` that `feed` hides: found together when the feed can (``_HidingFeed``), else asked
/// one by one (``ListFeed/hidesRow(_:)``).
@MainActor
func _hiddenIdentities(among ids: Set<ListIdentifier>, in feed: some ListFeed) -> Set<ListIdentifier> {
  guard !ids.isEmpty else { return [] }
  if let feed = feed as? any _HidingFeed { return feed.hiddenIdentities(among: ids) }
  return ids.filter { feed.hidesRow($0) }
}

/// A feed that holds rows it does not show, beyond those it hides (``ListFeed/hidesRow(_:)``): a tree's rows under
/// a collapsed row, a hidden source's or composite's rows. A refresh of such a row (``ListEngine/reconfigureRows(_:animated:)``)
/// is no error: the row exists, and it is configured afresh when it is shown again.
@MainActor
protocol _HoldingFeed {
  /// The identities among `ids` of rows the feed holds and does not show.
  func unshownIdentities(among ids: Set<ListIdentifier>) -> Set<ListIdentifier>
}

/// The identities among `ids` of rows that `feed` holds and does not show: its own answer when it has one
/// (``_HoldingFeed``: a filter, a composite, a tree), else the rows it hides (`_hiddenIdentities(among:in:)`).
///
/// - Complexity: The feed's answer; for the built-in feeds, a look-up of `ids` (no pass over every row where the
///   rows' identities are known), but for a tree, which walks its nodes until it found them all.
@MainActor
func _unshownIdentities(among ids: Set<ListIdentifier>, in feed: some ListFeed) -> Set<ListIdentifier> {
  guard !ids.isEmpty else { return [] }
  if let feed = feed as? any _HoldingFeed { return feed.unshownIdentities(among: ids) }
  return _hiddenIdentities(among: ids, in: feed)
}

/// The identities among `ids` that rows of `sections` carry.
///
/// - Complexity: O(*s* × *k*) look-ups of *k* identities in *s* sections for rows made from values whose identities
///   are known (see `CellBinderList.positions(ofIdentities:)`); a read of each binder's identity for binders.
func _heldIdentities(among ids: Set<ListIdentifier>, in sections: [ListSectionSnapshot]) -> Set<ListIdentifier> {
  var held: Set<ListIdentifier> = []
  guard !ids.isEmpty else { return held }
  for section in sections where held.count < ids.count {
    for position in section.elements.positions(ofIdentities: ids) {
      held.insert(section.elements.identity(at: position))
    }
  }
  return held
}

/// The identities among `ids` of which `feed` hides a row, each with every feed that hides one and owns it for
/// the events of the list (as ``ListFeed/feed(owningSection:)`` names the owner of a section): each child of a
/// composite that hides one, at the bottom of any nesting; else `feed` itself (a ``FilteredFeed``, which sends the
/// events on to the feed that owns the row under its source). A feed hides a row of an identity even when another
/// row of it is shown, by that feed or another: a filter's query may hide one copy and show the other. So that a
/// feed hears of the selection of its rows it hides, as selection follows identity.
///
/// - Complexity: Each child of a composite asked about `ids`: for a ``FilteredFeed``, a look-up of them in its
///   source's rows and in the rows shown (see `FilteredFeed.identitiesWithHiddenRows(among:)`); for another feed,
///   as `_hiddenIdentities(among:in:)`.
@MainActor
func _hidingFeeds(
  of ids: Set<ListIdentifier>, in feed: any ListFeed<ListSectionSnapshot>
) -> [ListIdentifier: [any ListFeed<ListSectionSnapshot>]] {
  guard !ids.isEmpty else { return [:] }
  guard let composite = feed as? ComposedFeed<ListSectionSnapshot> else {
    let hidden =
      (feed as? FilteredFeed)?.identitiesWithHiddenRows(among: ids) ?? _hiddenIdentities(among: ids, in: feed)
    return Dictionary(uniqueKeysWithValues: hidden.map { ($0, [feed]) })
  }
  var hiding: [ListIdentifier: [any ListFeed<ListSectionSnapshot>]] = [:]
  guard !composite.isHidden else { return hiding }
  for child in composite.children {
    hiding.merge(_hidingFeeds(of: ids, in: child)) { $0 + $1 }
  }
  return hiding
}
