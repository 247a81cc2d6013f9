// The row path's diff: a state's rows aligned with the rows shown, hashed once, and made into the list's
// stages with a binder made only for a row that is read. `ListController(rows:cell:)` (ListController+Rows.swift)
// is its public face.

/// A section of rows as the row diff sees it: its identity, and its header and footer rows as its content.
@usableFromInline
struct _RowSectionKey<Row: Differentiable>: Differentiable {
  @usableFromInline let id: ListIdentifier
  @usableFromInline let header: Row?
  @usableFromInline let footer: Row?
  @usableFromInline let indexTitle: String?

  @inlinable
  init(_ section: borrowing ListSection<Row>) {
    self.id = section.id
    self.header = section.header
    self.footer = section.footer
    self.indexTitle = section.indexTitle
  }

  @inlinable var differenceIdentifier: ListIdentifier { id }
  @inlinable var differenceHash: Int { id.hash }
  @inlinable func hasSameIdentity(as other: Self) -> Bool { id == other.id }

  @inlinable
  func isContentEqual(to source: Self) -> Bool {
    Self.isContentEqual(header: header, footer: footer, indexTitle: indexTitle, to: source)
  }

  /// Whether a section with this header, footer and index title has the content of `source`: read from the
  /// section in place, where a key made of it to compare would copy them.
  @inlinable
  static func isContentEqual(header: Row?, footer: Row?, indexTitle: String?, to source: Self) -> Bool {
    func same(_ left: Row?, _ right: Row?) -> Bool {
      switch (left, right) {
      case (nil, nil): true
      case (let left?, let right?): left.isContentEqual(to: right)
      default: false
      }
    }
    return same(header, source.header) && same(footer, source.footer) && indexTitle == source.indexTitle
  }
}

extension _RowSectionKey: Sendable where Row: Sendable {}

/// The rows a list was made from, section by section, in the shape of that list, with their hashes.
@usableFromInline
struct _RowMemo<Row: Differentiable & Sendable>: Sendable {
  @usableFromInline let sections: [ArraySection<_RowSectionKey<Row>, Row>]
  /// The ``Differentiable/differenceHash`` of every row, section by section: the next diff reads them instead of
  /// hashing the rows again, and a section whose rows are unchanged keeps its hashes.
  @usableFromInline let sectionHashes: [ArraySlice<Int>]
  /// Every hash in order, when the memo was made whole (its sections' hashes are slices of it); `nil` when it
  /// reused the sections of another memo.
  @usableFromInline let flatHashes: [Int]?
  /// The flat positions an alignment by identity with the memo shown left out (deleted from it, inserted in this
  /// one), ascending, when the memo was made by that alignment; the plan then does not align again. With them,
  /// the source positions of the rows it kept whose bits differ from their row in this memo (ascending), when
  /// there were few: only those can have changed content (see `_sameBits`).
  @usableFromInline var alignment: (deleted: [Int], inserted: [Int], differing: [Int]?)?

  /// The memo of `sections`, every row hashed.
  @inlinable
  init(_ sections: [ListSection<Row>]) {
    var hashes: [Int] = []
    hashes.reserveCapacity(sections.reduce(0) { $0 + $1.items.count })
    for section in sections {
      for row in section.items { hashes.append(row.differenceHash) }
    }
    self.init(sections, hashes: hashes)
  }

  /// The memo of `sections` with the hashes of their rows given, in order.
  @inlinable
  init(_ sections: [ListSection<Row>], hashes: [Int]) {
    self.sections = sections.map {
      ArraySection(model: _RowSectionKey($0), elements: $0.items)
    }
    var bounds: [Range<Int>] = []
    bounds.reserveCapacity(sections.count)
    var start = 0
    for section in sections {
      bounds.append(start..<start + section.items.count)
      start += section.items.count
    }
    sectionHashes = bounds.map { hashes[$0] }
    flatHashes = hashes
  }

  /// The memo of `sections`, whose rows are mostly those of `shown` (of its sections at `shownSections`, in that
  /// order, when given): the rows an alignment by identity pairs with a row shown take its hash, and only the
  /// others are hashed. `nil` when the sections are not those shown in order, or too many rows changed for the
  /// alignment; then every row is hashed.
  ///
  /// - Complexity: O(*n* + *d*²) identity comparisons and *d* hashes for *d* rows inserted, deleted or moved.
  @inlinable
  init?(_ sections: [ListSection<Row>], aligningWith shown: _RowMemo<Row>, shownSections: [Int]? = nil) {
    let shownSections = shownSections ?? Array(shown.sections.indices)
    guard sections.count == shownSections.count else { return nil }
    let rowCount = sections.reduce(0) { $0 + $1.items.count }
    var hashes: [Int] = []
    hashes.reserveCapacity(rowCount)
    var deleted: [Int] = []
    var inserted: [Int] = []
    var flatDeleted: [Int] = []
    var flatInserted: [Int] = []
    // The rows compared equal by identity but not by bits, noted while the alignment compares (it compares
    // every pair it keeps): at most `differingLimit`, else `nil` and the plan compares every row kept.
    var differing: [Int]? = []
    let differingLimit = Swift.max(256, rowCount / 16)
    var sourceBase = 0
    var targetBase = 0
    for (index, section) in sections.enumerated() {
      let shownIndex = shownSections[index]
      guard shown.sections[shownIndex].model.id == section.id else { return nil }
      let oldHashes = shown.sectionHashes[shownIndex]
      let differingStart = differing?.count ?? 0
      let noteBase = sourceBase
      // The rows noted are written through a pointer: a variable the closures below captured and changed would
      // have every access checked for exclusivity at run time (a row noted cost more in checks than in work).
      let aligned = withUnsafeMutablePointer(to: &differing) { differing in
        shown.sections[shownIndex].elements.withUnsafeBufferPointer { old in
          section.items.withUnsafeBufferPointer { new in
            // The same bits are the same row (identity and content); else the identities are compared, and a row
            // kept with other bits is noted, in a function of its own: the loops below stay small.
            @inline(never) func note(_ source: Int) {
              guard differing.pointee != nil else { return }
              if differing.pointee!.count < differingLimit {
                differing.pointee!.append(noteBase + source)
              } else {
                differing.pointee = nil
              }
            }
            guard let oldBase = old.baseAddress, let newBase = new.baseAddress else {
              return _alignSection(
                sourceCount: old.count, targetCount: new.count, sourceBase: 0, targetBase: 0, deleted: &deleted,
                inserted: &inserted, run: { _, _, _ in 0 }, sourceHash: { _ in 0 }, targetHash: { _ in 0 })
            }
            return _alignSection(
              sourceCount: old.count, targetCount: new.count, sourceBase: 0, targetBase: 0, deleted: &deleted,
              inserted: &inserted,
              run: { source, target, limit in
                // Row by row a few rows (a search's probe off the alignment stops at the first), then the rows with
                // the same bits by comparing memory, up to the next row that differs.
                let piece = _sameBitsPiece(of: Row.self)
                var count = 0
                while count < limit {
                  let stop = Swift.min(limit, count + piece)
                  while count < stop {
                    let oldRow = oldBase + source + count
                    let newRow = newBase + target + count
                    if !_sameBits(oldRow, newRow) {
                      guard oldRow.pointee.hasSameIdentity(as: newRow.pointee) else { return count }
                      note(source + count)
                    }
                    count += 1
                  }
                  count += _sameBitsPrefix(oldBase + source + count, newBase + target + count, limit: limit - count)
                }
                return count
              }, sourceHash: { oldHashes[oldHashes.startIndex + $0] }, targetHash: { new[$0].differenceHash })
          }
        }
      }
      guard aligned else { return nil }
      // Noted in the order compared: ascending once sorted, each once.
      if let noted = differing, noted.count > differingStart,
        !zip(noted[differingStart...], noted[(differingStart + 1)...]).allSatisfy({ $0 < $1 })
      {
        differing = Array(noted[..<differingStart]) + Set(noted[differingStart...]).sorted()
      }
      // The aligned rows pair up in order, in runs between the positions left out: each run's hashes are copied
      // in one block, and only the inserted rows are hashed.
      var source = oldHashes.startIndex
      var target = 0
      var nextDeleted = 0
      func copyRun(upTo end: Int) {
        while nextDeleted < deleted.count, oldHashes.startIndex + deleted[nextDeleted] == source {
          source += 1
          nextDeleted += 1
        }
        while target < end {
          // The run stops before the next deleted source row.
          let sourceLimit =
            nextDeleted < deleted.count ? oldHashes.startIndex + deleted[nextDeleted] : oldHashes.endIndex
          let count = Swift.min(end - target, sourceLimit - source)
          hashes.append(contentsOf: oldHashes[source..<source + count])
          source += count
          target += count
          while nextDeleted < deleted.count, oldHashes.startIndex + deleted[nextDeleted] == source {
            source += 1
            nextDeleted += 1
          }
        }
      }
      for position in inserted {
        copyRun(upTo: position)
        hashes.append(section.items[position].differenceHash)
        target += 1
      }
      copyRun(upTo: section.items.count)
      flatDeleted.append(contentsOf: deleted.lazy.map { $0 + sourceBase })
      flatInserted.append(contentsOf: inserted.lazy.map { $0 + targetBase })
      sourceBase += oldHashes.count
      targetBase += section.items.count
      deleted.removeAll(keepingCapacity: true)
      inserted.removeAll(keepingCapacity: true)
    }
    self.init(sections, hashes: hashes)
    alignment = (flatDeleted, flatInserted, differing)
  }

  /// The memo of a state: for every untouched section of `match` the rows and hashes of `shown` (whose rows are
  /// the same storage), and for the others those of `part` (the memo of those sections alone, in order).
  @inlinable
  init(reusing shown: _RowMemo<Row>, match: _SectionMatch, part: _RowMemo<Row>) {
    self.sections = match.merged(untouched: { shown.sections[$0] }) { part.sections[$0] }
    sectionHashes = match.merged(untouched: { shown.sectionHashes[$0] }) { part.sectionHashes[$0] }
    flatHashes = nil
  }

  /// The hashes of every row, in order.
  ///
  /// - Complexity: O(1) for a memo made whole, else O(*n*).
  @inlinable var hashes: [Int] { flatHashes ?? _joined(sectionHashes[...]) }

  /// Whether `list` has as many sections as the rows, and as many rows in each.
  @inlinable
  func hasShape(of list: ListSnapshot) -> Bool {
    guard sections.count == list.count else { return false }
    // By index: a `zip` would copy every section of both (a retain and a release of each thing it holds).
    for index in sections.indices where sections[index].elements.count != list[index].elements.count {
      return false
    }
    return true
  }
}

/// The hashes of several sections, one after another (copied in blocks, not element by element).
@inlinable
func _joined(_ parts: ArraySlice<ArraySlice<Int>>) -> [Int] {
  var joined: [Int] = []
  joined.reserveCapacity(parts.reduce(0) { $0 + $1.count })
  for part in parts { joined.append(contentsOf: part) }
  return joined
}

/// Whether two arrays are the same storage: then their elements are equal without a look at them, since an
/// array's storage is never changed while another array shares it.
///
/// - Complexity: O(1).
@inlinable
func _sharesStorage<Element>(_ first: [Element], _ second: [Element]) -> Bool {
  guard first.count == second.count else { return false }
  guard !first.isEmpty else { return true }
  return first.withUnsafeBufferPointer { first in
    second.withUnsafeBufferPointer { second in first.baseAddress == second.baseAddress }
  }
}

/// Makes a state's list from its rows and diffs it with the list shown.
///
/// With the rows of the list shown (`shown`), the rows are diffed; the new list holds the rows, whose binders are
/// made when read, and the stages are cut from the list shown around the changed rows. Without them, the first
/// list is inserted whole, and a later one is diffed by its binders (after an edit or a move, the controller
/// reads the rows shown back first: `_StaleRows`). When the sections the state keeps are in the
/// order shown (others may be inserted or deleted around them) and most of their row arrays are the very arrays
/// shown (untouched sections of the app's state), only the other sections are diffed: an untouched section costs
/// O(1).
///
/// - Parameters:
///   - sections: The state's sections of rows.
///   - source: The list shown.
///   - shown: The rows `source` was made from, or `nil`.
///   - cell: Makes a row's binder.
///   - duplicates: The duplicate policy.
/// - Returns: The list, the changes and the rows, or the error that rejects the state.
/// - Complexity: O(n) in the rows of the sections that changed, inserted or deleted (of both lists when no
///   section is untouched), plus O(*s* log *s*) for *s* sections, plus one call to `cell` per new or changed header or
///   footer.
@inlinable
func _prepareRows<Row: Differentiable & Sendable>(
  _ sections: [ListSection<Row>],
  source: ListSnapshot,
  shown: _RowMemo<Row>?,
  cell: @escaping @Sendable (Row) -> CellBinder,
  duplicates: DuplicatePolicy
) -> Result<PreparedState, ListFlowError> where Row.DifferenceIdentifier: Sendable {
  guard let shown, shown.hasShape(of: source) else {
    let target = sections.map { _lazySection($0, model: nil, cell: cell) }
    if source.isEmpty, duplicates == .matchInOrder {
      // The first list: every section is inserted, and no binder needs to be made to say so.
      let changes =
        target.isEmpty
        ? StagedChangeset() : StagedChangeset([Changeset(data: target, sectionInserted: Array(target.indices))])
      return .success(PreparedState(target: target, changes: changes, rows: _RowMemo(sections)))
    }
    return _prepareBinders(target, source: source, rows: _RowMemo(sections), duplicates: duplicates)
  }
  // With `.reject`, a duplicate between a changed and an untouched section must be seen: diff everything.
  if duplicates == .matchInOrder,
    let prepared = _prepareChangedSections(sections, source: source, shown: shown, cell: cell)
  {
    return prepared
  }
  // The rows are aligned with the rows shown by identity: the aligned rows take the hashes shown, only the rows
  // left out are hashed, and the plan starts from this alignment instead of aligning the hashes again.
  let rows =
    duplicates == .matchInOrder ? _RowMemo(sections, aligningWith: shown) ?? _RowMemo(sections) : _RowMemo(sections)
  let plan = _plan(
    source: shown.sections, target: rows.sections, policy: duplicates, sourceHashes: shown.hashes,
    targetHashes: rows.hashes, alignment: rows.alignment)
  if let error = plan.error {
    // `.reject` judges the state alone: rows shown that hold an identity twice are matched in order (only
    // `.reject` sets an error, so the retry cannot come back here).
    if duplicates == .matchInOrder { return .failure(ListFlowError(error)) }
    if let rejected = _stateDuplicate(after: error, target: rows.sections) { return .failure(ListFlowError(rejected)) }
    return _prepareRows(sections, source: source, shown: shown, cell: cell, duplicates: .matchInOrder)
  }
  let target = _targetList(sections, source: source, plan: plan, cell: cell, alignment: rows.alignment)
  let stages = plan.stages(source: source, target: target, targetData: target)
  return .success(PreparedState(target: target, changes: StagedChangeset(stages), rows: rows))
}

/// The fast path of ``_prepareRows``: when at least one section is untouched (the others inserted, deleted, or
/// kept with other row arrays or another header or footer; any of them may move), diffs the changed sections
/// alone and puts the stages back in place. A row cannot come from or go to an untouched section, whose rows are the very
/// array shown. `nil` when the path does not apply.
///
/// - Complexity: O(*s* log *s*) for *s* sections, plus the diff of the changed sections.
@inlinable
func _prepareChangedSections<Row: Differentiable & Sendable>(
  _ sections: [ListSection<Row>],
  source: ListSnapshot,
  shown: _RowMemo<Row>,
  cell: @escaping @Sendable (Row) -> CellBinder
) -> Result<PreparedState, ListFlowError>? where Row.DifferenceIdentifier: Sendable {
  guard let match = _SectionMatch(sections, shown: shown) else { return nil }
  let changed = match.changedTarget
  // The changed sections are aligned with theirs shown, as a whole state is: the aligned rows take the hashes
  // shown, and keep what was read of them (only when no section was inserted or deleted: the alignment pairs
  // sections in order).
  let changedSections = changed.map { sections[$0] }
  let part =
    _RowMemo(changedSections, aligningWith: shown, shownSections: match.changedSource) ?? _RowMemo(changedSections)
  let rows = _RowMemo(reusing: shown, match: match, part: part)
  guard !match.isUnchanged else {
    return .success(PreparedState(target: source, changes: StagedChangeset(), rows: rows))
  }
  let plan = _plan(
    source: match.changedSource.map { shown.sections[$0] }, target: part.sections, policy: .matchInOrder,
    sourceHashes: _joined(match.changedSource.map { shown.sectionHashes[$0] }[...]), targetHashes: part.hashes,
    alignment: part.alignment)
  if let error = plan.error { return .failure(ListFlowError(error)) }
  let partSource = match.changedSource.map { source[$0] }
  let partList = _targetList(changedSections, source: partSource, plan: plan, cell: cell, alignment: part.alignment)
  let target = match.merged(untouched: { source[$0] }) { partList[$0] }
  // Each stage of the part becomes a stage of the whole, its sections among the untouched ones.
  guard
    let stages = match.wholeStages(
      plan.stages(source: partSource, target: partList, targetData: partList), source: source, target: target)
  else { return nil }
  return .success(PreparedState(target: target, changes: StagedChangeset(stages), rows: rows))
}

/// The sections of a list matched with those shown by identity, for ``_prepareChangedSections`` and
/// ``_listChanges(from:to:duplicates:)``: which are untouched (kept, with the very rows shown and the same header,
/// footer and index title, wherever they moved) and which changed (inserted, deleted, or kept with other rows,
/// header, footer or index title).
@usableFromInline
struct _SectionMatch {
  /// For each section of the state, its index shown when it is untouched, else `nil`.
  @usableFromInline var untouchedSource: [Int?] = []
  /// For each section of the state, its index shown when it is kept (untouched or changed), else -1.
  @usableFromInline var sourceOfTarget: [Int] = []
  /// The indices shown of the sections deleted or changed, ascending.
  @usableFromInline var changedSource: [Int] = []
  /// The indices in the state of the sections inserted or changed, ascending.
  @usableFromInline var changedTarget: [Int] = []

  /// The match of a state's sections of rows with the rows shown: a section is untouched when its row array is
  /// the very array shown, with the same header, footer and index title.
  @inlinable
  init?<Row: Differentiable & Sendable>(_ sections: [ListSection<Row>], shown: _RowMemo<Row>) {
    // Sections are read in place, by index: iterating them would copy each.
    self.init(
      count: sections.count, shownCount: shown.sections.count, id: { sections[$0].id },
      shownID: { shown.sections[$0].model.id }
    ) { index, shownIndex in
      _sharesStorage(shown.sections[shownIndex].elements, sections[index].items)
        && _RowSectionKey<Row>.isContentEqual(
          header: sections[index].header, footer: sections[index].footer, indexTitle: sections[index].indexTitle,
          to: shown.sections[shownIndex].model)
    }
  }

  /// The match of a list with the list shown: a section is untouched when its rows are the very pieces shown
  /// (an edit, say, left it alone), with a header, footer and index title of the same content. Any number of
  /// sections may have changed: the rows of one untouched section are rows the whole diff would have read.
  init?(_ target: ListSnapshot, shown source: ListSnapshot) {
    self.init(
      count: target.count, shownCount: source.count, id: { target[$0].model.id }, shownID: { source[$0].model.id }
    ) { index, shownIndex in
      _sharesStorage(target[index].elements.pieces, source[shownIndex].elements.pieces)
        && target[index].model.isContentEqual(to: source[shownIndex].model)
    }
  }

  /// The match, or `nil` when an identity repeats or no section is untouched (the changed sections would be the
  /// whole list). Sections kept may change their order, and any number of them may have changed.
  ///
  /// - Parameters:
  ///   - count: The number of sections of the state.
  ///   - shownCount: The number of sections shown.
  ///   - id: The identity of a section of the state.
  ///   - shownID: The identity of a section shown.
  ///   - isUntouched: Whether a section of the state, of the identity of a section shown, is untouched.
  /// - Complexity: O(*s*) for *s* sections.
  @inlinable
  init?(
    count: Int, shownCount: Int, id: (Int) -> ListIdentifier, shownID: (Int) -> ListIdentifier,
    isUntouched: (_ index: Int, _ shownIndex: Int) -> Bool
  ) {
    guard Swift.max(count, shownCount) > 1 else { return nil }
    if count == shownCount, (0..<count).allSatisfy({ id($0) == shownID($0) }) {
      sourceOfTarget = Array(0..<count)
    } else {
      var indexOfID: [ListIdentifier: Int] = [:]
      indexOfID.reserveCapacity(count)
      for index in 0..<count {
        guard indexOfID.updateValue(index, forKey: id(index)) == nil else { return nil }
      }
      sourceOfTarget = [Int](repeating: -1, count: count)
      for shownIndex in 0..<shownCount {
        guard let index = indexOfID[shownID(shownIndex)] else { continue }
        // Two sections shown with one identity.
        guard sourceOfTarget[index] < 0 else { return nil }
        sourceOfTarget[index] = shownIndex
      }
    }
    untouchedSource.reserveCapacity(count)
    var isUntouchedShown = [Bool](repeating: false, count: shownCount)
    for index in 0..<count {
      let shownIndex = sourceOfTarget[index]
      if shownIndex >= 0, isUntouched(index, shownIndex) {
        untouchedSource.append(shownIndex)
        isUntouchedShown[shownIndex] = true
      } else {
        untouchedSource.append(nil)
        changedTarget.append(index)
      }
    }
    // No section untouched: the whole list is diffed.
    guard changedTarget.count < count else { return nil }
    for shownIndex in 0..<shownCount where !isUntouchedShown[shownIndex] { changedSource.append(shownIndex) }
  }

  /// Whether the state is the list shown: no section changed, and none moved.
  @inlinable var isUnchanged: Bool {
    changedSource.isEmpty && changedTarget.isEmpty && untouchedSource.indices.allSatisfy { untouchedSource[$0] == $0 }
  }

  /// One value for each section of the state, in order: `untouched` of its index shown for an untouched
  /// section, else `changed` of its index among ``changedTarget``.
  @inlinable
  func merged<T>(untouched: (Int) -> T, changed: (Int) -> T) -> [T] {
    var result: [T] = []
    result.reserveCapacity(untouchedSource.count)
    var nextChanged = 0
    for shownIndex in untouchedSource {
      if let shownIndex {
        result.append(untouched(shownIndex))
      } else {
        result.append(changed(nextChanged))
        nextChanged += 1
      }
    }
    return result
  }

  /// The stages of the changed sections (diffed from `source`'s sections ``changedSource`` to `target`'s
  /// ``changedTarget``) made stages of the whole list. The part's updates and deletes name its sections in the
  /// order shown, its inserted and moved rows in the state's order: each is mapped to its section's index in the
  /// whole. The stage of sections is made for the whole, as the plan makes it: the sections inserted, and those
  /// kept (untouched or changed) outside one longest run that keeps its order, moved. The last stage holds
  /// `target`, not a list made again. `nil` when the part's stages are not shaped as the plan makes them (then
  /// the whole list is diffed).
  ///
  /// - Complexity: O(*s*) per stage for *s* sections, plus O(*k* log *k*) for *k* sections kept that changed
  ///   their order, plus O(*c*) for *c* changes.
  @usableFromInline
  func wholeStages(
    _ stages: [Changeset<ListSnapshot>], source: ListSnapshot, target: ListSnapshot
  ) -> [Changeset<ListSnapshot>]? {
    guard sourceOfTarget.count == target.count, untouchedSource.count == target.count else { return nil }
    // Each kept section's index shown, once the deleted ones are gone (where a move starts).
    var rankOfShown = [Int](repeating: -1, count: source.count)
    for shownIndex in sourceOfTarget where shownIndex >= 0 { rankOfShown[shownIndex] = 0 }
    var rank = 0
    for shownIndex in source.indices where rankOfShown[shownIndex] == 0 {
      rankOfShown[shownIndex] = rank
      rank += 1
    }
    let inserted = target.indices.filter { sourceOfTarget[$0] < 0 }
    var moved: [Move<Int>] = []
    if let staying = _longestIncreasingSubsequenceMask(sourceOfTarget.filter { $0 >= 0 }) {
      var keptRank = 0
      for (index, shownIndex) in sourceOfTarget.enumerated() where shownIndex >= 0 {
        if !staying[keptRank] { moved.append(Move(source: rankOfShown[shownIndex], target: index)) }
        keptRank += 1
      }
    }
    var isChangedShown = [Bool](repeating: false, count: source.count)
    for shownIndex in changedSource { isChangedShown[shownIndex] = true }
    let keptChanged = changedSource.reduce(0) { $0 + (rankOfShown[$1] >= 0 ? 1 : 0) }

    var result: [Changeset<ListSnapshot>] = []
    result.reserveCapacity(stages.count + 1)
    // The whole in the order shown before the next stage, and the part's sections in it (those shown until a
    // stage changes them; made only if a stage of sections must be added).
    var current = source
    var partCurrent: ListSnapshot?
    var isArranged = false
    // The plan's stages come in this order: updates, deletes, sections, rows.
    var lastPhase = -1
    let needsArranging = !inserted.isEmpty || !moved.isEmpty
    /// The stage of sections, from the part's sections in the state's order (`nil`: those shown).
    func arranging(_ part: ListSnapshot?, isLast: Bool) -> Changeset<ListSnapshot>? {
      let part = part ?? changedSource.map { source[$0] }
      guard part.count == changedTarget.count else { return nil }
      return Changeset(
        data: isLast ? target : merged(untouched: { source[$0] }) { part[$0] },
        sectionInserted: inserted, sectionMoved: moved)
    }
    for (index, stage) in stages.enumerated() {
      let isLast = index == stages.count - 1
      let names = (
        updates: !stage.sectionUpdated.isEmpty || !stage.elementUpdated.isEmpty,
        deletes: !stage.sectionDeleted.isEmpty || !stage.elementDeleted.isEmpty,
        sections: !stage.sectionInserted.isEmpty || !stage.sectionMoved.isEmpty,
        rows: !stage.elementInserted.isEmpty || !stage.elementMoved.isEmpty
      )
      let phase = names.updates ? 0 : names.deletes ? 1 : names.sections ? 2 : 3
      guard phase > lastPhase else { return nil }
      lastPhase = phase
      switch names {
      case (false, false, true, false):
        // The part's own stage of sections: its data is the part's sections in the state's order.
        guard let whole = arranging(stage.data, isLast: isLast) else { return nil }
        result.append(whole)
        isArranged = true
      case (false, false, false, true):
        if !isArranged, needsArranging {
          guard let whole = arranging(partCurrent, isLast: false) else { return nil }
          result.append(whole)
        }
        isArranged = true
        // Before and after it, the whole is in the state's order (with no section inserted or moved, the list
        // without its deleted sections is).
        guard stage.data.count == changedTarget.count else { return nil }
        result.append(
          stage.mappingSections(
            data: isLast ? target : merged(untouched: { source[$0] }) { stage.data[$0] },
            before: { changedTarget[$0] }, after: { changedTarget[$0] }))
      case (true, false, false, false), (false, true, false, false):
        // In the order shown: the part's sections are ``changedSource`` (those kept, after its deletes).
        guard stage.data.count == (names.updates ? changedSource.count : keptChanged) else { return nil }
        // The last stage holds the state; any other, the whole with the part's sections replaced.
        if isLast && !needsArranging {
          current = target
        } else {
          var whole: ListSnapshot = []
          whole.reserveCapacity(current.count)
          var nextPart = 0
          for shownIndex in source.indices {
            if !isChangedShown[shownIndex] {
              whole.append(current[shownIndex])
            } else if names.updates || rankOfShown[shownIndex] >= 0 {
              whole.append(stage.data[nextPart])
              nextPart += 1
            }
          }
          current = whole
        }
        result.append(
          stage.mappingSections(data: current, before: { changedSource[$0] }, after: { changedSource[$0] }))
        partCurrent = stage.data
      default:
        return nil
      }
    }
    if !isArranged, needsArranging {
      guard let whole = arranging(partCurrent, isLast: true) else { return nil }
      result.append(whole)
    }
    return result
  }
}

/// The plan of the row diff: under ``DuplicatePolicy/matchInOrder``, first the path for a change that keeps the
/// sections and touches few rows (it costs about a comparison per row, where the full plan hashes every row),
/// else the full plan. Both give the same stages.
@inlinable
func _plan<Row: Differentiable & Sendable>(
  source: [ArraySection<_RowSectionKey<Row>, Row>],
  target: [ArraySection<_RowSectionKey<Row>, Row>],
  policy: DuplicatePolicy,
  sourceHashes: [Int],
  targetHashes: [Int],
  alignment: (deleted: [Int], inserted: [Int], differing: [Int]?)? = nil
) -> _SectionedPlan {
  if policy == .matchInOrder,
    let plan = _SectionedPlan(
      sparseSource: source, target: target, sourceHashes: sourceHashes, targetHashes: targetHashes,
      alignment: alignment)
  {
    return plan
  }
  return _SectionedPlan(
    source: source, target: target, policy: policy, sourceHashes: sourceHashes, targetHashes: targetHashes)
}

/// The list of a state's sections: each row's binder is made by `cell` when a view reads it, and a section whose
/// header and footer kept their content keeps their binders.
///
/// - Complexity: O(1) per section, plus a call to `cell` per header or footer that changed.
@inlinable
func _targetList<Row: Differentiable & Sendable>(
  _ sections: [ListSection<Row>],
  source: ListSnapshot,
  plan: _SectionedPlan,
  cell: @escaping @Sendable (Row) -> CellBinder,
  alignment: (deleted: [Int], inserted: [Int], differing: [Int]?)? = nil
) -> ListSnapshot where Row.DifferenceIdentifier: Sendable {
  var target: ListSnapshot = []
  target.reserveCapacity(sections.count)
  var bases = (source: 0, target: 0)
  for (targetSection, section) in sections.enumerated() {
    let sourceSection = plan.sourceSection(ofTargetSection: targetSection)
    // With an alignment of the rows shown (same sections, in order), the rows it kept keep the titles and
    // identity hashes read of them (see `_RowCarry`).
    let carrying =
      alignment.map { alignment in
        (source[targetSection].elements, alignment.deleted, alignment.inserted, bases.source, bases.target)
      }
    if alignment != nil {
      bases = (bases.source + source[targetSection].elements.count, bases.target + section.items.count)
    }
    // A kept section whose header and footer did not change keeps their binders.
    guard let sourceSection, !plan.isModelUpdated(sourceSection: sourceSection) else {
      target.append(_lazySection(section, model: nil, cell: cell, carrying: carrying))
      continue
    }
    target.append(_lazySection(section, model: source[sourceSection].model, cell: cell, carrying: carrying))
  }
  return target
}

/// A section of rows as a view reads it: its rows' binders are made by `cell` when read, each identified by its
/// row's ``Differentiable/differenceIdentifier`` (so a row's identity is read without making its binder); its
/// header and footer
/// binders are those of `model` when given (a section shown whose header and footer kept their content), else
/// made now. With `carrying` (the section shown, the flat positions an alignment with it left out, and the
/// section's first flat position on each side), the rows that alignment kept take what was read of them there.
@inlinable
func _lazySection<Row: Differentiable & Sendable>(
  _ section: ListSection<Row>, model: ListSectionSnapshot.Model?, cell: @escaping @Sendable (Row) -> CellBinder,
  carrying: (list: CellBinderList, deleted: [Int], inserted: [Int], sourceBase: Int, targetBase: Int)? = nil
) -> ListSectionSnapshot where Row.DifferenceIdentifier: Sendable {
  let model =
    model.map {
      ListSectionSnapshot.Model(id: section.id, header: $0.header, footer: $0.footer, indexTitle: section.indexTitle)
    }
    ?? ListSectionSnapshot.Model(
      id: section.id, header: section.header.map(cell), footer: section.footer.map(cell),
      indexTitle: section.indexTitle)
  return ListSectionSnapshot(
    model: model,
    elements: CellBinderList(
      rows: section.items, identity: { ListIdentifier($0[$1].differenceIdentifier) },
      identityHashes: { rows in
        // Each row read in place: a `map` would copy every row (a retain and a release of what it holds).
        rows.withUnsafeBufferPointer { rows in
          [Int](unsafeUninitializedCapacity: rows.count) { hashes, count in
            for position in rows.indices {
              hashes.initializeElement(at: position, to: ListIdentifier(rows[position].differenceIdentifier).hash)
            }
            count = rows.count
          }
        }
      }, cell: cell,
      carrying: carrying.map { carrying in
        (
          carrying.list, carrying.deleted, carrying.inserted, carrying.sourceBase, carrying.targetBase,
          { new, newStart, old, oldStart, count in
            new.withUnsafeBufferPointer { new in
              old.withUnsafeBufferPointer { old in
                (0..<count).map { new[newStart + $0].isContentEqual(to: old[oldStart + $0]) }
              }
            }
          }
        )
      }))
}
