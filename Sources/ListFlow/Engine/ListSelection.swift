/// The selected rows of a list, by identity: a plain value that an app can keep in its state and a test can
/// compare.
///
/// A selection holds the ``ListIdentifier`` of each selected row (the ``CellBinder/id`` of its binder), in the
/// order they were selected, and the ``mode`` that limits how many there can be. Because it holds identities,
/// not positions, it survives updates of the list: the engine that shows the list keeps a moved row selected
/// and removes a deleted one.
///
/// ```swift
/// var selection = ListSelection(mode: .multiple)
/// selection.select("a")
/// selection.select("b")
/// selection.toggle("a")
/// selection.identifiers  // ["b"]
/// ```
///
/// The mode is obeyed by every change: in ``ListSelection/Mode/none`` nothing is selected, in
/// ``ListSelection/Mode/single`` selecting a row replaces the one selected, and lowering the mode keeps the most
/// recently selected rows.
public struct ListSelection: Hashable, Sendable, CustomStringConvertible {
  /// How many rows can be selected; lowering it keeps the most recently selected rows.
  public var mode: ListSelection.Mode {
    didSet { trim() }
  }
  /// The selected identities, oldest selection first.
  public private(set) var identifiers: [ListIdentifier] = []
  /// The same identities, for lookups.
  private var members: Set<ListIdentifier> = []

  /// Creates a selection.
  ///
  /// - Parameters:
  ///   - mode: How many rows can be selected; ``ListSelection/Mode/multiple`` by default.
  ///   - identifiers: The identities selected, in order; duplicates count once, and the mode keeps the last ones.
  public init(mode: ListSelection.Mode = .multiple, identifiers: some Sequence<ListIdentifier> = []) {
    self.mode = mode
    for id in identifiers { select(id) }
  }

  /// Whether nothing is selected.
  public var isEmpty: Bool { identifiers.isEmpty }

  /// The number of identities selected.
  public var count: Int { identifiers.count }

  /// Whether an identity is selected.
  ///
  /// - Parameter id: A row's identity.
  /// - Returns: `true` when it is selected.
  /// - Complexity: O(1).
  public func contains(_ id: ListIdentifier) -> Bool { members.contains(id) }

  /// Selects an identity; in ``ListSelection/Mode/single`` it replaces the one selected, in ``ListSelection/Mode/none``
  /// nothing happens.
  ///
  /// - Parameter id: A row's identity.
  /// - Returns: Whether the selection changed.
  @discardableResult
  public mutating func select(_ id: ListIdentifier) -> Bool {
    guard mode.limit > 0, !members.contains(id) else { return false }
    identifiers.append(id)
    members.insert(id)
    trim()
    return true
  }

  /// Selects several identities, in order (in ``ListSelection/Mode/single`` the last one stays selected).
  ///
  /// - Parameter ids: The identities.
  public mutating func select(contentsOf ids: some Sequence<ListIdentifier>) {
    for id in ids { select(id) }
  }

  /// Deselects an identity; an identity that is not selected is ignored.
  ///
  /// - Parameter id: A row's identity.
  /// - Returns: Whether the selection changed.
  /// - Complexity: O(*k*) in the number of identities selected.
  @discardableResult
  public mutating func deselect(_ id: ListIdentifier) -> Bool {
    guard members.remove(id) != nil else { return false }
    identifiers.removeAll { $0 == id }
    return true
  }

  /// Deselects several identities.
  ///
  /// - Parameter ids: The identities.
  /// - Complexity: O(*k* + *m*) for *k* identities selected and *m* given.
  public mutating func deselect(contentsOf ids: some Sequence<ListIdentifier>) {
    let removed = Set(ids).intersection(members)
    guard !removed.isEmpty else { return }
    members.subtract(removed)
    identifiers.removeAll { removed.contains($0) }
  }

  /// Selects an identity that is not selected, and deselects one that is.
  ///
  /// - Parameter id: A row's identity.
  /// - Returns: Whether the identity is selected now.
  @discardableResult
  public mutating func toggle(_ id: ListIdentifier) -> Bool {
    if deselect(id) { return false }
    return select(id)
  }

  /// Deselects everything (the mode stays).
  public mutating func removeAll() {
    identifiers.removeAll()
    members.removeAll()
  }

  /// What changed from `previous` to this selection: the identities added and removed, in order.
  ///
  /// - Parameter previous: An earlier selection.
  /// - Returns: The identities selected now and not before, and those selected before and not now.
  public func difference(from previous: ListSelection) -> (added: [ListIdentifier], removed: [ListIdentifier]) {
    (identifiers.filter { !previous.contains($0) }, previous.identifiers.filter { !contains($0) })
  }

  /// The identities, as `[a, b]`, with the mode.
  public var description: String { "\(mode) \(identifiers)" }

  /// Drops the oldest identities beyond the mode's limit.
  private mutating func trim() {
    let excess = identifiers.count - mode.limit
    guard excess > 0 else { return }
    for id in identifiers.prefix(excess) { members.remove(id) }
    identifiers.removeFirst(excess)
  }
}
