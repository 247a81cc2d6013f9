/// An open-addressing hash table from an element's hash to a position, with linear probing.
///
/// It is keyed by the hashes the elements were asked for once (``Differentiable/differenceHash``), so that a probe
/// compares two integers, and an identifier is compared only when the hashes agree. Each slot is one 64-bit word:
/// the high 32 bits of the hash, and the value (a position, or a caller's negative code) in the low 32 bits, so a
/// table of 10,000 elements takes 128 KiB and stays in cache. Slots are spread by Fibonacci hashing (multiplying
/// by 2⁶⁴/φ and keeping the high bits), so that even plain integer hashes fill the table evenly.
///
/// Probing has a budget, in slots stepped over, of a few per look-up (``stepsPerLookup``): well-spread hashes
/// stay far below it, and hashes that collide (all equal, say) would make each probe walk a run as long as the
/// list. Once the budget is spent the table gives up (``slot(for:identifier:where:budget:)`` returns `nil`) and the
/// matching starts again with ``_IdentifierDictionary``, so colliding hashes cost bounded work, never a
/// quadratic one. The identifiers themselves are never read here: `Identifier` only ties the table to the
/// dictionary it falls back to.
///
/// Positions must be below 2³¹ − 2, far beyond what a list holds in memory.
@usableFromInline
internal struct _PositionTable<Identifier: Hashable>: _IdentityIndex {
  /// The value of an empty slot.
  @usableFromInline static var empty: Int { Int(Int32.min) }

  /// The slots stepped over, on average per look-up, beyond which the table gives up.
  @usableFromInline static var stepsPerLookup: Int { 4 }

  /// Each slot: the hash's high half, then the value's 32 bits.
  @usableFromInline var slots: [UInt64]
  @usableFromInline let mask: Int
  @usableFromInline let shift: UInt64
  /// The probing budget of `lookups` look-ups: the slots they may step over before the table gives up.
  @inlinable
  static func budget(lookups: Int) -> Int { stepsPerLookup * lookups + 1_024 }

  /// A table for up to `count` entries, at most about two thirds full.
  @inlinable
  init(capacityFor count: Int) {
    var bits = 3
    while (1 << bits) < count + count / 2 { bits += 1 }
    slots = [UInt64](repeating: Self.word(hash: 0, value: Self.empty), count: 1 << bits)
    mask = (1 << bits) - 1
    shift = UInt64(64 - bits)
  }

  /// A slot's word.
  @inlinable
  static func word(hash: Int, value: Int) -> UInt64 {
    let low = UInt64(UInt32(bitPattern: Int32(truncatingIfNeeded: value)))
    return (UInt64(bitPattern: Int64(hash)) & 0xFFFF_FFFF_0000_0000) | low
  }

  /// The first slot to probe for `hash`.
  @inlinable
  func home(of hash: Int) -> Int {
    Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(hash)) &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }

  @inlinable
  func value(at slot: Int) -> Int { Int(Int32(bitPattern: UInt32(truncatingIfNeeded: slots[slot]))) }

  /// The slot holding an entry with `hash` for which `matches` holds, or the empty slot where it would go; `nil`
  /// when the probes, this one included, have stepped over more slots than the budget.
  ///
  /// - Parameters:
  ///   - hash: The hash looked for.
  ///   - identifier: Unused: the table compares hashes, and `matches` for equal hashes.
  ///   - matches: Whether the entry with the given value (whose hash agrees with `hash`) is the one looked for.
  ///   - budget: The slots probes may still step over; this probe takes its steps off.
  /// - Returns: The slot; its value is ``empty`` when no entry matched.
  @inlinable
  func slot(for hash: Int, identifier: () -> Identifier, where matches: (Int) -> Bool, budget: inout Int) -> Int? {
    let start = home(of: hash)
    let high = UInt64(bitPattern: Int64(hash)) & 0xFFFF_FFFF_0000_0000
    let found = slots.withUnsafeBufferPointer { slots in
      var slot = start
      while true {
        let word = slots[slot]
        let value = Int(Int32(bitPattern: UInt32(truncatingIfNeeded: word)))
        if value == Self.empty || (word & 0xFFFF_FFFF_0000_0000 == high && matches(value)) { return slot }
        slot = (slot &+ 1) & mask
      }
    }
    // The probe stepped over the slots from its home to the one found (the table is never full, so it ends). The
    // budget is checked once the probe is over: all probes together take at most the budget and one table.
    budget &-= (found &- start) & mask
    return budget < 0 ? nil : found
  }

  @inlinable
  mutating func set(_ value: Int, hash: Int, identifier: () -> Identifier, at slot: Int) {
    slots[slot] = Self.word(hash: hash, value: value)
  }
}
