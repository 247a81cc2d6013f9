/// Where the identifier matching keeps the identities it has seen: for each identity, a value (a position, or a
/// caller's negative code).
///
/// The matching looks an element up (``slot(for:identifier:where:budget:)``), reads the entry's value, and sets it or
/// fills the empty slot found. Two indexes implement it: ``_PositionTable``, keyed by the hashes the elements were
/// asked for once, and ``_IdentifierDictionary``, keyed by the identifiers themselves, which the matching falls
/// back to when the first gives up (hashes that collide too often).
@usableFromInline
internal protocol _IdentityIndex {
  /// The elements' identifier type.
  associatedtype Identifier: Hashable
  /// A place in the index: an entry, or where a missing entry goes.
  associatedtype Slot

  /// The slot of the entry for the element looked for, or the empty slot where it goes; `nil` when the index
  /// gives up because looking up has cost more than `budget`.
  ///
  /// - Parameters:
  ///   - hash: The element's ``Differentiable/differenceHash``.
  ///   - identifier: The element's identifier.
  ///   - matches: Whether the entry with the given value is the element's identity (its hash is equal).
  ///   - budget: The steps all look-ups may still take; the look-up takes its own off.
  func slot(for hash: Int, identifier: () -> Identifier, where matches: (Int) -> Bool, budget: inout Int) -> Slot?

  /// The value in a slot: ``_PositionTable/empty`` when the slot holds no entry.
  func value(at slot: Slot) -> Int

  /// Sets the value of the entry in a slot, or adds the entry to the empty slot.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - hash: The element's hash, as given to ``slot(for:identifier:where:budget:)``.
  ///   - identifier: The element's identifier.
  ///   - slot: The slot found by ``slot(for:identifier:where:budget:)``, with no change to the index since.
  mutating func set(_ value: Int, hash: Int, identifier: () -> Identifier, at slot: Slot)
}

/// An identity index keyed by the identifiers themselves, through their own `Hashable`: the matching's fallback
/// when the elements' hashes collide so often that ``_PositionTable`` gives up.
///
/// It costs a `Hasher` round per look-up and per insertion, which ``Differentiable/differenceHash`` may have saved,
/// but it never depends on that hash: however many elements share one, each look-up costs O(1) expected.
@usableFromInline
internal struct _IdentifierDictionary<Identifier: Hashable>: _IdentityIndex {
  /// A found entry, or the identity looked for and not found.
  @usableFromInline
  internal enum Slot {
    case found(Dictionary<Identifier, Int>.Index)
    case missing
  }

  var values: [Identifier: Int]

  /// An empty index with room for `count` identities.
  @usableFromInline
  init(capacityFor count: Int) {
    values = [:]
    values.reserveCapacity(count)
  }

  @usableFromInline
  func slot(for hash: Int, identifier: () -> Identifier, where matches: (Int) -> Bool, budget: inout Int) -> Slot? {
    values.index(forKey: identifier()).map(Slot.found) ?? .missing
  }

  @usableFromInline
  func value(at slot: Slot) -> Int {
    switch slot {
    case .found(let index): values.values[index]
    case .missing: _PositionTable<Identifier>.empty
    }
  }

  @usableFromInline
  mutating func set(_ value: Int, hash: Int, identifier: () -> Identifier, at slot: Slot) {
    switch slot {
    case .found(let index): values.values[index] = value
    case .missing: values[identifier()] = value
    }
  }
}
