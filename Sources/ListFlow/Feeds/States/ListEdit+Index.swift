/// Where every row of a list is, by identity, kept up to date as ``ListEdit`` inserts, deletes and moves rows:
/// finding a row, inserting or deleting one costs O(log *n*), not a walk over the list.
///
/// Each section is cut into *slots*: slot 0 holds the rows inserted before the section's first row, slot *i* the
/// *i*-th row of the list the index was made from (while it is there) followed by the rows inserted after it. A
/// slot's position is a prefix sum of the slots' row counts (see ``Slots``). The rows of the list the
/// index was made from are found by the hash of their identity (``ListIdentifier`` keeps it) in an open-addressing
/// table of their positions (``_IdentityPositions``), each found row checked by reading its identity; the rows
/// inserted since are kept by identity.
///
/// It is a class, shared with no one while it changes: an edit changes it only when it holds the only reference
/// (`isKnownUniquelyReferenced`), else it stops using it.
final class _RowIndex: @unchecked Sendable {
  /// The rows of one section.
  ///
  /// The slots are kept in blocks of 64, the blocks in groups of 16 (1,024 slots). A block is one record: a bit a
  /// slot says whether its original row is there, another whether rows were inserted in it, and the rows of the
  /// blocks before it in its group. A Fenwick tree counts the rows of each group. A slot's position is the rows of
  /// the groups before its own (the tree: 4 KiB at a million rows, which stays in the cache), of the blocks
  /// before its own in the group and of its block before it (the record, one cache line), and of the slots before
  /// it in the block that hold inserted rows. A bit array per kind and a tree of every block read three cache
  /// lines or more a position, cold in a long list (a third of the cache misses of finding a row). Changing a
  /// block's rows adds to the records after it in its group, at most 15.
  ///
  /// A slot's inserted rows are counted in an array made at the first insert: a position reads at most four cache
  /// lines of it.
  struct Slots {
    /// A block of 64 slots.
    struct Block {
      /// Bit *i*: whether the block's slot *i* holds its row of the original list (slot 0 of the section has none).
      var alive: UInt64
      /// Bit *i*: whether rows were inserted in the block's slot *i*.
      var gapped: UInt64
      /// The rows of the blocks before this one in its group.
      var before: Int32
    }

    /// Blocks a group: 1 << 4.
    static let groupShift = 4
    private var blocks: [Block]
    /// The rows inserted in each slot, after its original row, in order.
    private var gaps: [_SlotKey: [ListIdentifier]] = [:]
    /// The number of rows in each slot's ``gaps``, read for the slots of a block: empty until a row is inserted.
    private var gapCounts: [Int32] = []
    /// The Fenwick tree of the groups' row counts, 1-based.
    private var tree: [Int32]
    /// The number of slots: one more than the rows of the original section.
    private let slotCount: Int
    /// The number of rows.
    private(set) var count: Int

    /// The slots of a section of `count` rows, none inserted.
    init(count: Int) {
      self.count = count
      slotCount = count + 1
      let blockCount = (slotCount + 63) / 64
      var blocks = [Block](repeating: Block(alive: ~0, gapped: 0, before: 0), count: blockCount)
      blocks[0].alive &= ~1
      let spare = blockCount * 64 - slotCount
      if spare > 0 { blocks[blockCount - 1].alive &= ~0 >> UInt64(spare) }
      let groupCount = (blockCount + (1 << Self.groupShift) - 1) >> Self.groupShift
      var tree = [Int32](repeating: 0, count: groupCount + 1)
      var inGroup: Int32 = 0
      for block in blocks.indices {
        if block & ((1 << Self.groupShift) - 1) == 0 { inGroup = 0 }
        blocks[block].before = inGroup
        let rows = Int32(blocks[block].alive.nonzeroBitCount)
        inGroup += rows
        tree[(block >> Self.groupShift) + 1] += rows
      }
      for group in 1...groupCount {
        let parent = group + (group & -group)
        if parent <= groupCount { tree[parent] += tree[group] }
      }
      self.blocks = blocks
      self.tree = tree
    }

    /// Whether slot `slot`'s original row is still there.
    func isAlive(_ slot: Int) -> Bool { blocks[slot >> 6].alive & (1 << UInt64(slot & 63)) != 0 }

    /// The rows inserted in `slot`, in order.
    func inserted(in slot: Int) -> [ListIdentifier] {
      blocks[slot >> 6].gapped & (1 << UInt64(slot & 63)) != 0 ? gaps[_SlotKey(slot)] ?? [] : []
    }

    /// The position of row `id` kept in `slot`: the slot's own row, or (`isInserted`) one of the rows inserted
    /// in it; `nil` when it is not there.
    func position(of id: ListIdentifier, at slot: Int, isInserted: Bool) -> Int? {
      if isInserted {
        guard let offset = inserted(in: slot).firstIndex(of: id) else { return nil }
        return prefix(slot) + (isAlive(slot) ? 1 : 0) + offset
      }
      return isAlive(slot) ? prefix(slot) : nil
    }

    /// The position of slot `slot`'s own row, `nil` when it is not there.
    func position(ofOriginalAt slot: Int) -> Int? { isAlive(slot) ? prefix(slot) : nil }

    /// The number of rows in the slots before `slot`.
    func prefix(_ slot: Int) -> Int {
      let index = slot >> 6
      let block = blocks[index]
      let below: UInt64 = (1 << UInt64(slot & 63)) - 1
      var sum = Int(block.before) + (block.alive & below).nonzeroBitCount
      var group = index >> Self.groupShift
      while group > 0 {
        sum += Int(tree[group])
        group &= group - 1
      }
      var withRows = block.gapped & below
      while withRows != 0 {
        sum += Int(gapCounts[index << 6 + withRows.trailingZeroBitCount])
        withRows &= withRows - 1
      }
      return sum
    }

    /// Adds `delta` rows to the block of `slot`.
    private mutating func add(_ delta: Int, to slot: Int) {
      let index = slot >> 6
      let groupEnd = Swift.min(((index >> Self.groupShift) + 1) << Self.groupShift, blocks.count)
      for later in (index + 1)..<groupEnd { blocks[later].before += Int32(delta) }
      var group = (index >> Self.groupShift) + 1
      while group < tree.count {
        tree[group] += Int32(delta)
        group += group & -group
      }
      count += delta
    }

    /// Takes slot `slot`'s original row out (it is there).
    mutating func removeOriginal(at slot: Int) {
      blocks[slot >> 6].alive &= ~(1 << UInt64(slot & 63))
      add(-1, to: slot)
    }

    /// Takes row `id`, inserted in `slot`, out.
    mutating func removeInserted(_ id: ListIdentifier, from slot: Int) {
      guard let offset = gaps[_SlotKey(slot)]?.firstIndex(of: id) else { return }
      _ = removeInserted(at: slot, offset: offset)
    }

    /// Takes out the row at `position` (less than ``count``): its slot's own row, or one of the rows inserted in
    /// it, whose identity is returned.
    mutating func remove(at position: Int) -> ListIdentifier? {
      let (slot, offset) = locate(position)
      if isAlive(slot) {
        if offset == 0 {
          removeOriginal(at: slot)
          return nil
        }
        return removeInserted(at: slot, offset: offset - 1)
      }
      return removeInserted(at: slot, offset: offset)
    }

    /// Takes out the row `offset` into the rows inserted in `slot`, and returns its identity.
    private mutating func removeInserted(at slot: Int, offset: Int) -> ListIdentifier? {
      guard let id = gaps[_SlotKey(slot)]?.remove(at: offset) else { return nil }
      gapCounts[slot] -= 1
      add(-1, to: slot)
      return id
    }

    /// Inserts `ids` at `position` (in `0...count`) and returns the slot they went to.
    mutating func insert(_ ids: [ListIdentifier], at position: Int) -> Int {
      let (slot, gapIndex) = insertionPoint(position)
      gaps[_SlotKey(slot), default: []].insert(contentsOf: ids, at: gapIndex)
      if gapCounts.isEmpty { gapCounts = Array(repeating: 0, count: slotCount) }
      gapCounts[slot] += Int32(ids.count)
      blocks[slot >> 6].gapped |= 1 << UInt64(slot & 63)
      add(ids.count, to: slot)
      return slot
    }

    /// The slot that holds row `position` (less than ``count``) and the row's offset in it.
    func locate(_ position: Int) -> (slot: Int, offset: Int) {
      let size = tree.count - 1
      var group = 0
      var rest = position
      var step = 1
      while step * 2 <= size { step *= 2 }
      while step > 0 {
        let next = group + step
        if next <= size, Int(tree[next]) <= rest {
          group = next
          rest -= Int(tree[next])
        }
        step /= 2
      }
      // The row is in group `group`, `rest` rows into it: in the last of its blocks with no more rows before it.
      var index = group << Self.groupShift
      let groupEnd = Swift.min(index + (1 << Self.groupShift), blocks.count)
      while index + 1 < groupEnd, Int(blocks[index + 1].before) <= rest { index += 1 }
      rest -= Int(blocks[index].before)
      let block = blocks[index]
      if block.gapped == 0 {
        var word = block.alive
        for _ in 0..<rest { word &= word - 1 }
        return (index << 6 + word.trailingZeroBitCount, 0)
      }
      for slot in index << 6..<Swift.min(index << 6 + 64, slotCount) {
        let rows = (isAlive(slot) ? 1 : 0) + Int(gapCounts[slot])
        if rest < rows { return (slot, rest) }
        rest -= rows
      }
      return (slotCount - 1, rest)
    }

    /// Where rows inserted at `position` (in `0...count`) go: a slot, and a position among its inserted rows.
    private func insertionPoint(_ position: Int) -> (slot: Int, gapIndex: Int) {
      if position == count {
        let last = slotCount - 1
        return (last, inserted(in: last).count)
      }
      let (slot, offset) = locate(position)
      guard isAlive(slot) else { return (slot, offset) }
      // Before the slot's own row: after the rows inserted in the slot before.
      if offset == 0 { return (slot - 1, inserted(in: slot - 1).count) }
      return (slot, offset - 1)
    }
  }

  /// The place of a row inserted since the index was made: its section and its slot.
  struct Location: Equatable {
    var section: Int
    var slot: Int
  }

  /// The list the index was made from: the identities of its rows check what a hash finds.
  let base: ListSnapshot
  var sections: [Slots]
  /// The rows of ``base`` by the hashes of their identities, at their positions in all its rows, section after
  /// section.
  private let positions: _IdentityPositions
  /// The position among all rows of ``base`` of each section's first row, and the number of rows last.
  private let sectionStarts: [Int]
  /// The places of the rows inserted since the index was made.
  private var inserted: [ListIdentifier: Location] = [:]

  /// The index of a list, or `nil` when the list holds an identity twice (or its identities' hashes collide
  /// so often that finding a row would walk long runs of them).
  ///
  /// - Complexity: O(*n*): one hash a row, taken from the rows' runs where they keep them for searches by
  ///   identity, else one identity read (no binder made on the rows path).
  init?(_ list: ListSnapshot) {
    base = list
    sections = list.map { Slots(count: $0.elements.count) }
    var starts: [Int] = [0]
    starts.reserveCapacity(list.count + 1)
    for section in list { starts.append(starts[starts.count - 1] + section.elements.count) }
    var hashes: [Int] = []
    hashes.reserveCapacity(starts[starts.count - 1])
    for section in list { section.elements.appendIdentityHashes(to: &hashes) }
    let identity = { (position: Int) in Self.identity(at: position, of: list, starts: starts) }
    guard let positions = _IdentityPositions(hashes: hashes, distinct: { identity($0) == identity($1) }) else {
      return nil
    }
    self.positions = positions
    sectionStarts = starts
  }

  /// The identity of the row at `position` among all rows of `list`, section after section.
  private static func identity(at position: Int, of list: ListSnapshot, starts: [Int]) -> ListIdentifier {
    let section = starts.partitioningIndex { $0 > position } - 1
    return list[section].elements.identity(at: position - starts[section])
  }

  /// The section and slot of row `id` of ``base``, whether or not it is still there.
  private func baseLocation(of id: ListIdentifier) -> Location? {
    let total = sectionStarts[sectionStarts.count - 1]
    let found = positions.first(of: id, in: 0..<total) {
      Self.identity(at: $0, of: base, starts: sectionStarts)
    }
    guard let found else { return nil }
    let section = sectionStarts.partitioningIndex { $0 > found } - 1
    return Location(section: section, slot: found - sectionStarts[section] + 1)
  }

  /// Where a row is: its position in the list the index describes, and its place in the index.
  struct Found {
    var path: ItemPath
    var location: Location
    /// Whether the row was inserted since the index was made (else it is a row of ``base``).
    var isInserted: Bool
  }

  /// Where row `id` is, or `nil` when the list has no row `id`.
  ///
  /// - Complexity: O(log *n*) and an identity read for each row of ``base`` with the same hash; for a row
  ///   inserted since the index was made, O(*g*) for the *g* rows inserted at the same place.
  func find(_ id: ListIdentifier) -> Found? {
    // A row of ``base`` first (most rows are): a row of it that is not there any more (removed, or moved and
    // so inserted again) is then looked for among the rows inserted.
    if let location = baseLocation(of: id), let path = path(at: location, of: id, isInserted: false) {
      return Found(path: path, location: location, isInserted: false)
    }
    guard !inserted.isEmpty, let location = inserted[id], let path = path(at: location, of: id, isInserted: true)
    else { return nil }
    return Found(path: path, location: location, isInserted: true)
  }

  /// The position of row `id`, from its place in the index (as ``find(_:)`` or ``insert(_:at:)`` gave it, the
  /// row not removed since), without looking its identity up; `nil` when it is not there.
  ///
  /// - Complexity: O(log *n*), plus O(*g*) for a row inserted among *g* at one place.
  func path(at location: Location, of id: ListIdentifier, isInserted: Bool) -> ItemPath? {
    // Read in place: a copy of the section's slots would retain and release each of its arrays.
    guard let item = sections[location.section].position(of: id, at: location.slot, isInserted: isInserted) else {
      return nil
    }
    return ItemPath(item: item, section: location.section)
  }

  /// The position of the row of ``base`` kept at `location`, from its place in the index alone; `nil` when it is
  /// not there. (``path(at:of:isInserted:)`` for such a row, without an identity to pass.)
  ///
  /// - Complexity: O(log *n*).
  func path(atOriginal location: Location) -> ItemPath? {
    guard let item = sections[location.section].position(ofOriginalAt: location.slot) else { return nil }
    return ItemPath(item: item, section: location.section)
  }

  /// The position of a row in the list the index describes, or `nil` when it has no row `id` (see ``find(_:)``).
  func path(of id: ListIdentifier) -> ItemPath? { find(id)?.path }

  /// Forgets row `id`, found where `found` says, which nothing changed since.
  func remove(_ id: ListIdentifier, found: Found) {
    let location = found.location
    if found.isInserted {
      inserted.removeValue(forKey: id)
      sections[location.section].removeInserted(id, from: location.slot)
    } else {
      sections[location.section].removeOriginal(at: location.slot)
    }
  }

  /// Places rows inserted at `path`, in order, and returns their place in the index.
  @discardableResult
  func insert(_ ids: [ListIdentifier], at path: ItemPath) -> Location {
    let slot = sections[path.section].insert(ids, at: path.item)
    let location = Location(section: path.section, slot: slot)
    for id in ids { inserted[id] = location }
    return location
  }
}

extension _RowIndex {
  /// Follows the list through a change made otherwise than by a told edit (a state, an edit diffed, a row the
  /// user moved), so that the next edit finds its rows without making the index again (O(*n*)): each stage's
  /// deletes and the sources of its moves are taken out, then its inserts and the targets of its moves put in, as
  /// a view applies a batch (a row put in is kept like a row an edit inserted). Returns `false` when the index is
  /// to be made again instead: the change inserts, deletes or moves sections, or puts in an identity the list holds
  /// already (an index holds each identity once); or the rows it changes and the rows put in since the index was
  /// made outnumber half the rows it was made from (naming one of *g* rows put in at one place costs O(*g*), and
  /// the list the index was made from stays alive for it), so that a list that states keep changing makes its
  /// index again about once for every row it had, O(1) a row.
  ///
  /// - Complexity: O(*c* log *n*) for *c* row changes, and an identity read and a look-up for each row put in.
  func follow(_ changes: StagedChangeset<ListSnapshot>) -> Bool {
    // A change of more rows than half those the index was made from is not followed at all: making the index
    // again costs less.
    let baseCount = sectionStarts[sectionStarts.count - 1]
    let changed = changes.reduce(inserted.count) {
      $0 + $1.elementDeleted.count + $1.elementInserted.count + $1.elementMoved.count
    }
    guard changed <= baseCount / 2 else { return false }
    for stage in changes {
      guard stage.sectionDeleted.isEmpty, stage.sectionInserted.isEmpty, stage.sectionMoved.isEmpty,
        stage.data.count == sections.count
      else { return false }
      var removed = stage.elementDeleted + stage.elementMoved.map(\.source)
      removed.sort { ($0.section, $0.item) > ($1.section, $1.item) }
      for path in removed {
        guard sections.indices.contains(path.section), (0..<sections[path.section].count).contains(path.item)
        else { return false }
        if let id = sections[path.section].remove(at: path.item) { inserted.removeValue(forKey: id) }
      }
      var placed = stage.elementInserted + stage.elementMoved.map(\.target)
      placed.sort { ($0.section, $0.item) < ($1.section, $1.item) }
      for path in placed {
        guard sections.indices.contains(path.section), (0...sections[path.section].count).contains(path.item),
          stage.data[path.section].elements.indices.contains(path.item)
        else { return false }
        let id = stage.data[path.section].elements.identity(at: path.item)
        guard find(id) == nil else { return false }
        insert([id], at: path)
      }
    }
    return inserted.count <= baseCount / 2
  }
}

/// A slot of a section of a ``_RowIndex``, as the key of the rows inserted in it: hashed by a 64-bit finalizer
/// (SplitMix64's) of the slot and the table's seed instead of a `Hasher` round, as ``ListIdentifier`` is.
struct _SlotKey: Hashable {
  let slot: Int

  init(_ slot: Int) { self.slot = slot }

  func _rawHashValue(seed: Int) -> Int { _IntegerHash.mixed(slot, seed: seed) }
}

/// The token of the controller an edit was made from (``ListController/makeEdit()``).
final class _EditOrigin: Sendable {}

/// What a controller keeps between the edits of its list: the index of the list shown, while no edit holds it.
struct _EditingMemo {
  /// The controller's token.
  let origin = _EditOrigin()
  /// The index of the list shown when ``generation`` is the controller's.
  var index: _RowIndex?
  /// The generation of the list ``index`` describes.
  var generation = -1
}

/// What an edit made from a controller's list remembers, to tell the controller its stages without a diff: the
/// list it started from, the index of its rows, and each row it removed or inserted.
struct _EditLog: Sendable {
  /// One change to a section's rows, at a position of the rows as they were: `delta` rows inserted (positive) or
  /// one removed (-1).
  struct Step: Sendable {
    var section: Int
    var position: Int
    var delta: Int
  }

  /// What the edit did to a row: where it was in the list the edit started from (`nil` for a new row), and the
  /// binder the app gave when it inserted or updated the row (`nil` for a row of that list only moved).
  struct Touch: Sendable {
    var source: ItemPath?
    /// The binder given, as a one-element slice (see ``given(_:at:)``): the piece the edited list holds.
    var binder: ArraySlice<CellBinder>?
    /// Where the row is in the index now, and whether it was inserted since the index was made; `nil` once it
    /// is removed. The list now is read from it without looking the identity up again.
    var place: (location: _RowIndex.Location, isInserted: Bool)?
    /// The row's identity, read only while ``place`` is a row inserted since the index was made: finding its
    /// position names it among the rows inserted at its slot. (A row of the list the index was made from is
    /// found by its slot alone, so its identity is not copied.)
    var insertedID: ListIdentifier?
  }

  /// The most row changes an edit tells: past them, it is diffed (finding a row's place in the list it started
  /// from walks back over the changes).
  static let stepLimit = 1_024

  let origin: _EditOrigin
  /// The controller's generation when the edit was made.
  let generation: Int
  /// The list the edit started from.
  let source: ListSnapshot
  var index: _RowIndex?
  var steps: [Step] = []
  /// The rows touched, by identity: the number of each one's record in ``touches``. Room for a typical edit's rows
  /// from the start (growing a table of touches one doubling at a time rehashed it seven times for 125 rows).
  var touched = [ListIdentifier: Int](minimumCapacity: 128)
  /// What the edit did to each row touched, in the order the rows were first touched: kept apart from the table,
  /// so that ``resolve()`` reads them in place (iterating the table copied each identity and each record, a
  /// fifth of resolving).
  var touches: [Touch] = {
    var touches: [Touch] = []
    touches.reserveCapacity(128)
    return touches
  }()

  /// The number of row `id`'s record in ``touches``, made by `touch` when the row was not touched yet: one
  /// look-up of the table.
  private mutating func touchNumber(of id: ListIdentifier, _ touch: () -> Touch) -> Int {
    let next = touches.count
    let number = Self.claim(&touched[id, default: -1], next: next)
    if number == next { touches.append(touch()) }
    return number
  }

  /// `slot`, or `next` put in it when it holds -1 (a row not touched yet).
  private static func claim(_ slot: inout Int, next: Int) -> Int {
    if slot < 0 { slot = next }
    return slot
  }

  /// The index, made from `list` (the list as it is now) if there is none yet; `nil` when the list holds an
  /// identity twice, or rows changed before it was made.
  mutating func readyIndex(_ list: ListSnapshot) -> _RowIndex? {
    if index == nil, steps.isEmpty { index = _RowIndex(list) }
    return index
  }

  /// Whether a row change can be recorded: the index is this edit's alone, and the steps are under the limit.
  mutating func canRecord() -> Bool {
    index != nil && isKnownUniquelyReferenced(&index) && steps.count < Self.stepLimit
  }

  /// Where a row at `path` now, not touched so far, was in the list the edit started from: `steps` undone, last
  /// first. Static, so that the first touch of a row can read the steps while the table of touches is changed.
  static func sourcePath(of path: ItemPath, undoing steps: [Step]) -> ItemPath {
    var position = path.item
    for step in steps.reversed() where step.section == path.section {
      if step.delta > 0 {
        if position >= step.position + step.delta { position -= step.delta }
      } else if position >= step.position {
        position += 1
      }
    }
    return ItemPath(item: position, section: path.section)
  }

  // Each record reads and changes a row's touch in one look-up of the table (`default:` makes it, with its place
  // in the list the edit started from, when the row was not touched yet).

  /// Records that row `id`, found where `found` says, is removed (``canRecord()`` said it can be).
  mutating func recordRemoval(of id: ListIdentifier, found: _RowIndex.Found) {
    let path = found.path
    do {
      // A copy of the steps for the default, gone before they change (else the append copies them all).
      let steps = steps
      let number = touchNumber(of: id) { Touch(source: Self.sourcePath(of: path, undoing: steps)) }
      touches[number].place = nil
    }
    index?.remove(id, found: found)
    steps.append(Step(section: path.section, position: path.item, delta: -1))
  }

  /// Records that row `row.id` (`row`: one binder, a slice of the array the app gave it in), found where `found`
  /// says, now shows `row`, in its place (``canRecord()`` said it can be): nothing moves, so the index is left as
  /// it is.
  mutating func recordUpdate(of row: ArraySlice<CellBinder>, found: _RowIndex.Found) {
    let steps = steps
    let id = row[row.startIndex].id
    let number = touchNumber(of: id) {
      Touch(
        source: Self.sourcePath(of: found.path, undoing: steps), place: (found.location, found.isInserted),
        insertedID: found.isInserted ? id : nil)
    }
    touches[number].binder = row
  }

  /// Records that rows are inserted at `path`: the app's `binders`, or (`nil`) row `ids` moved.
  mutating func recordInsertion(of ids: [ListIdentifier], binders: [CellBinder]?, at path: ItemPath) {
    // No rows, no step: a step of no rows would be undone as a removal (see `sourcePath(of:undoing:)`).
    guard !ids.isEmpty else { return }
    let place = (index?.insert(ids, at: path)).map { (location: $0, isInserted: true) }
    for (offset, id) in ids.enumerated() {
      let number = touchNumber(of: id) { Touch(source: nil) }
      Self.place(&touches[number], id: id, binder: binders.map { Self.given($0, at: offset) }, at: place)
    }
    steps.append(Step(section: path.section, position: path.item, delta: ids.count))
  }

  /// The app's binder at `offset` of `binders`, as the one-element slice a piece holds: of the app's own array
  /// when it holds that binder alone (telling rows one by one makes no array), else of an array of its own, so
  /// that a piece never keeps the app's other binders alive (an edited list holds the binders of its rows, however
  /// many edits it went through).
  static func given(_ binders: [CellBinder], at offset: Int) -> ArraySlice<CellBinder> {
    binders.count == 1 ? binders[...] : [binders[offset]][...]
  }

  /// Puts a touched row at `place` in the index, with the binder the app gave when it gave one.
  private static func place(
    _ touch: inout Touch, id: ListIdentifier, binder: ArraySlice<CellBinder>?,
    at place: (location: _RowIndex.Location, isInserted: Bool)?
  ) {
    if let binder { touch.binder = binder }
    touch.place = place
    if place?.isInserted == true { touch.insertedID = id }
  }

  /// The touched rows, placed: in the list the edit started from, in the list now, or both. Every list is
  /// sorted by the paths it holds (``kept``: by target).
  struct Resolution {
    /// A row the app gave again: its place in the list the edit started from, and the piece of the binder given
    /// (a struct, for the reason ``CellBinderList/PlacedPiece`` is one).
    struct Update {
      var path: ItemPath
      var piece: CellBinderList.Piece
    }

    var deleted: [ItemPath] = []
    var inserted: [ItemPath] = []
    var kept: [(source: ItemPath, target: ItemPath)] = []
    /// The rows the app gave again, at their place in the list the edit started from, and the piece of the
    /// binder given (the one in ``rows``).
    var updated: [Update] = []
    /// Per section, the touched rows of the list now: position and the piece that holds the row.
    var rows: [[CellBinderList.PlacedPiece]]
    /// Per section, the sorted positions of the touched rows in the list the edit started from and in the list now.
    var touchedSources: [[Int]]
    var touchedTargets: [[Int]]
    /// Per section, the sorted positions of the deleted rows.
    var deletedBySection: [[Int]]
  }

  /// Empty lists, one a count, each with room for that many elements.
  private static func lists<Element>(withRoomFor counts: [Int], of _: Element.Type = Int.self) -> [[Element]] {
    counts.map { count in
      var list: [Element] = []
      list.reserveCapacity(count)
      return list
    }
  }

  /// Places the touched rows; `nil` without an index.
  ///
  /// The rows are put in order twice, by their place in the list the edit started from and by their place now,
  /// each a sort of one integer a row (a row's position among all rows, sections one after another) beside the
  /// row's number: every list of the resolution is then filled in order, with no sort of its own.
  ///
  /// - Complexity: O(*k* log *n* + *k* log *k* + *s*) for *k* touched rows of *n* in *s* sections.
  func resolve() -> Resolution? {
    guard let index else { return nil }
    let sectionCount = source.count
    // The first position of each section among all rows, in the list before and now.
    var sourceStarts: [Int] = []
    var targetStarts: [Int] = []
    sourceStarts.reserveCapacity(sectionCount)
    targetStarts.reserveCapacity(sectionCount)
    var sourceTotal = 0
    var targetTotal = 0
    for section in 0..<sectionCount {
      sourceStarts.append(sourceTotal)
      targetStarts.append(targetTotal)
      sourceTotal += source[section].elements.count
      targetTotal += index.sections[section].count
    }
    // A touched row's places, plain values (copied without a retain), and apart from them its piece, read once.
    struct Row {
      var source: ItemPath?
      var target: ItemPath?
      var isGiven: Bool
    }
    var placed: [Row] = []
    var pieces: [CellBinderList.Piece?] = []
    // Each touched row's key (its position among all rows) and number packed in one integer, the number in the
    // low bits: the two sorts are of plain integers (sorts of pairs with a closure were a fifth of resolving).
    // (A key fits: an index holds fewer than 2^31 rows, and the records of 2^32 rows would not fit in memory.)
    let numberBits = Int.bitWidth - touches.count.leadingZeroBitCount
    var bySource: [Int] = []
    var byTarget: [Int] = []
    placed.reserveCapacity(touches.count)
    pieces.reserveCapacity(touches.count)
    bySource.reserveCapacity(touches.count)
    byTarget.reserveCapacity(touches.count)
    // Per section, the touched rows in the list before and now, and the rows deleted.
    var sourceCounts = [Int](repeating: 0, count: sectionCount)
    var targetCounts = sourceCounts
    var deletedCounts = sourceCounts
    var insertedCount = 0
    // The records read in place: each field copied as it is needed (a copy of a record retains its binder).
    touches.withUnsafeBufferPointer { touches in
      for number in touches.indices {
        let source = touches[number].source
        let target: ItemPath? =
          if let place = touches[number].place {
            place.isInserted
              ? touches[number].insertedID.flatMap { index.path(at: place.location, of: $0, isInserted: true) }
              : index.path(atOriginal: place.location)
          } else {
            nil
          }
        let isGiven = touches[number].binder != nil
        var piece: CellBinderList.Piece?
        if target != nil {
          if let binder = touches[number].binder {
            piece = .binders(binder)
          } else if let source {
            // The one row, cut from its piece (no array of one piece made to hold it).
            let (whole, offset) = self.source[source.section].elements.locate(source.item)
            piece = whole.slice(offset..<offset + 1)
          }
        }
        if let source {
          bySource.append((sourceStarts[source.section] + source.item) << numberBits | number)
          sourceCounts[source.section] += 1
          if target == nil { deletedCounts[source.section] += 1 }
        }
        if let target {
          byTarget.append((targetStarts[target.section] + target.item) << numberBits | number)
          targetCounts[target.section] += 1
          if source == nil { insertedCount += 1 }
        }
        placed.append(Row(source: source, target: target, isGiven: isGiven))
        pieces.append(piece)
      }
    }
    Self.sortIntegers(&bySource)
    Self.sortIntegers(&byTarget)
    let numberMask = (1 << numberBits) - 1

    // Every list starts with room for its rows (counted above): grown a doubling at a time, the kept and updated
    // rows were a twentieth of resolving, and the copies made at each doubling of all of them, with those of the
    // stages' lists (`changes(_:target:)`), were a tenth of the cache lines a told edit writes at 1,000,000 rows.
    var resolution = Resolution(
      rows: Self.lists(withRoomFor: targetCounts, of: CellBinderList.PlacedPiece.self),
      touchedSources: Self.lists(withRoomFor: sourceCounts), touchedTargets: Self.lists(withRoomFor: targetCounts),
      deletedBySection: Self.lists(withRoomFor: deletedCounts))
    resolution.kept.reserveCapacity(byTarget.count)
    resolution.updated.reserveCapacity(bySource.count)
    resolution.deleted.reserveCapacity(deletedCounts.reduce(0, +))
    resolution.inserted.reserveCapacity(insertedCount)
    for key in bySource {
      let number = key & numberMask
      guard let source = placed[number].source else { continue }
      resolution.touchedSources[source.section].append(source.item)
      if placed[number].target == nil {
        resolution.deleted.append(source)
        resolution.deletedBySection[source.section].append(source.item)
      } else if placed[number].isGiven, let piece = pieces[number] {
        // Given again by the app: told, so not compared (reading the row before and comparing was a tenth of a
        // told edit, and most of its cache misses in a long list).
        resolution.updated.append(Resolution.Update(path: source, piece: piece))
      }
    }
    for key in byTarget {
      let number = key & numberMask
      guard let target = placed[number].target else { continue }
      resolution.touchedTargets[target.section].append(target.item)
      guard let piece = pieces[number] else { continue }
      resolution.rows[target.section].append(CellBinderList.PlacedPiece(position: target.item, piece: piece))
      if let source = placed[number].source {
        resolution.kept.append((source, target))
      } else {
        resolution.inserted.append(target)
      }
    }
    return resolution
  }

  /// Sorts `values` ascending: runs of 16 put in order by insertion, then merged pairwise through a buffer. The
  /// standard library's sort of integers, through its comparing closure, cost some 160 instructions an element
  /// for the hundred or so rows of a told edit; this, about a quarter of that.
  ///
  /// - Complexity: O(*n* log *n*).
  static func sortIntegers(_ values: inout [Int]) {
    let count = values.count
    guard count > 1 else { return }
    let run = 16
    values.withUnsafeMutableBufferPointer { values in
      guard let base = values.baseAddress else { return }
      var start = 0
      while start < count {
        let end = Swift.min(start + run, count)
        var next = start + 1
        while next < end {
          let value = base[next]
          var place = next
          while place > start && base[place - 1] > value {
            base[place] = base[place - 1]
            place -= 1
          }
          base[place] = value
          next += 1
        }
        start = end
      }
      guard count > run else { return }
      withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { buffer in
        guard let spare = buffer.baseAddress else { return }
        var from = base
        var into = spare
        var width = run
        while width < count {
          var low = 0
          while low < count {
            let middle = Swift.min(low + width, count)
            let high = Swift.min(low + 2 * width, count)
            var left = low
            var right = middle
            var out = low
            while left < middle && right < high {
              if from[right] < from[left] {
                into[out] = from[right]
                right += 1
              } else {
                into[out] = from[left]
                left += 1
              }
              out += 1
            }
            while left < middle {
              into[out] = from[left]
              left += 1
              out += 1
            }
            while right < high {
              into[out] = from[right]
              right += 1
              out += 1
            }
            low = high
          }
          swap(&from, &into)
          width *= 2
        }
        if from != base { base.update(from: from, count: count) }
      }
    }
  }

  /// The list now: the list the edit started from with the touched rows taken out and put at their places,
  /// sharing the pieces of the untouched rows.
  ///
  /// - Complexity: O(*k* log(*t*/*k*) + *k*) for *k* touched rows of a section that reads through a tree of *t*
  ///   pieces (as every section a told edit left does), O(*p*) more for a section of *p* pieces otherwise.
  func target(_ resolution: Resolution) -> ListSnapshot {
    guard index != nil else { return source }
    var target = source
    for section in target.indices where !resolution.rows[section].isEmpty || !resolution.touchedSources[section].isEmpty
    {
      // The section is left one piece reading through a tree of pieces: the touched rows are cut out of the
      // tree and put in in one descent, which makes only the nodes on their paths.
      target[section].elements = source[section].elements.splicing(
        removing: resolution.touchedSources[section], placing: resolution.rows[section])
    }
    return target
  }

  /// The stages from the list the edit started from to `target`, the list now, made from the touched rows
  /// alone.
  ///
  /// A touched row in both lists is an update when the app gave it again (its content is not compared); it is a move
  /// unless it sits between the same untouched rows in both lists and, among such rows, keeps its order (a
  /// longest increasing run stays).
  ///
  /// - Complexity: O(*k* log *k* + *p*) for *k* touched rows and *p* pieces (see ``target(_:)``).
  func changes(_ resolution: Resolution, target: ListSnapshot) -> StagedChangeset<ListSnapshot> {
    func below(_ value: Int, in sorted: [Int]) -> Int { sorted.partitioningIndex { $0 >= value } }
    // A kept row may stay when as many untouched rows come before it in both lists; of those, a longest run
    // in order stays. The others move, from their place once the deletes are made. The kept rows come by their
    // place now, so the moves do too.
    var moves = Array(repeating: true, count: resolution.kept.count)
    // Each list with room for its section's touched rows from the start (see `resolve()`).
    var staying = Self.lists(withRoomFor: resolution.touchedTargets.map(\.count))
    for (number, row) in resolution.kept.enumerated() {
      let section = row.source.section
      if section == row.target.section,
        row.source.item - below(row.source.item, in: resolution.touchedSources[section])
          == row.target.item - below(row.target.item, in: resolution.touchedTargets[section])
      {
        staying[section].append(number)
      }
    }
    for section in source.indices where !staying[section].isEmpty {
      // The diff's own longest increasing run (`nil`: all of them in order, none moves).
      let stays = _longestIncreasingSubsequenceMask(staying[section].map { resolution.kept[$0].source.item })
      for (index, number) in staying[section].enumerated() where stays?[index] ?? true { moves[number] = false }
    }
    var moved: [Move<ItemPath>] = []
    moved.reserveCapacity(moves.count { $0 })
    for (number, row) in resolution.kept.enumerated() where moves[number] {
      let compact = row.source.item - below(row.source.item, in: resolution.deletedBySection[row.source.section])
      moved.append(Move(source: ItemPath(item: compact, section: row.source.section), target: row.target))
    }

    // The data of the first stages is cut from the list before as a diff's stages are: its pieces kept as they
    // are, read for a moment.
    var stages: [Changeset<ListSnapshot>] = []
    var data = source
    if !resolution.updated.isEmpty {
      // The updates are sorted by their place in the list before: one run a section, each cut once (a filter of
      // every update for every section cost the sections times the updates).
      let updated = resolution.updated
      var start = 0
      while start < updated.count {
        let section = updated[start].path.section
        var end = start + 1
        while end < updated.count, updated[end].path.section == section { end += 1 }
        data[section].elements = data[section].elements._replacing(
          placing: updated[start..<end].map { CellBinderList.PlacedPiece(position: $0.path.item, piece: $0.piece) })
        start = end
      }
      stages.append(Changeset(data: data, elementUpdated: updated.map(\.path)))
    }
    if !resolution.deleted.isEmpty {
      for section in data.indices where !resolution.deletedBySection[section].isEmpty {
        data[section].elements = data[section].elements._removing(resolution.deletedBySection[section])
      }
      stages.append(Changeset(data: data, elementDeleted: resolution.deleted))
    }
    if !resolution.inserted.isEmpty || !moved.isEmpty {
      stages.append(Changeset(data: target, elementInserted: resolution.inserted, elementMoved: moved))
    }
    return StagedChangeset(stages)
  }
}
