/// Lays out one level (the sections, or the elements of one section) after a batch.
///
/// Positions named by inserts and move targets are fixed; the survivors (neither deleted nor moved away) fill the
/// other positions in their order, as batch-updating views do.
///
/// - Parameters:
///   - count: The number of positions after the batch.
///   - fixed: The fixed positions (inserts and move targets).
///   - survivors: The positions before the batch of the survivors, in order.
///   - level: Names the level in error messages.
/// - Returns: For each position after the batch, the survivor's position before it, or -1 for a fixed position.
/// - Throws: ``DiffError/positionOutOfRange(_:)`` when a fixed position is out of range or named twice, or when
///   the counts do not add up.
internal func _layOut(count: Int, fixed: [Int], survivors: [Int], level: String) throws(DiffError) -> [Int] {
  guard count >= 0, fixed.count + survivors.count == count else {
    throw .positionOutOfRange(
      "\(level): \(survivors.count) kept and \(fixed.count) inserted or moved do not make the \(count) expected"
    )
  }
  var layout = [Int](repeating: -2, count: count)
  for position in fixed {
    guard layout.indices.contains(position) else {
      throw .positionOutOfRange("\(level): position \(position) is outside 0..<\(count)")
    }
    guard layout[position] == -2 else { throw .positionOutOfRange("\(level): position \(position) named twice") }
    layout[position] = -1
  }
  var next = survivors.makeIterator()
  for position in layout.indices where layout[position] == -2 {
    layout[position] = next.next()!  // the counts were checked above
  }
  return layout
}

/// Marks positions of a level before a batch, checking that each is in range and named once.
internal func _mark(_ positions: [Int], in marks: inout [Bool], as what: String) throws(DiffError) {
  for position in positions {
    guard marks.indices.contains(position) else {
      throw .positionOutOfRange("\(what) position \(position) is outside 0..<\(marks.count)")
    }
    guard !marks[position] else { throw .positionOutOfRange("\(what) position \(position) named twice") }
    marks[position] = true
  }
}

extension Array where Element: Differentiable {
  /// Applies one flat changeset (every path in section 0) to this array.
  ///
  /// Deletes, updates and move sources are positions in this array; inserts and move targets are positions in
  /// the result. Inserted elements, and the new content of updated ones, are taken from `changeset.data` at the
  /// position they end up at. Applying every stage of a ``StagedChangeset`` to its source gives its target.
  ///
  /// ```swift
  /// var list = source
  /// for stage in StagedChangeset(source: source, target: target) { list = try list.applying(stage) }
  /// // list == target
  /// ```
  ///
  /// - Parameter changeset: The changeset; its section lists must be empty.
  /// - Returns: The array once the changeset is applied.
  /// - Throws: ``DiffError/positionOutOfRange(_:)`` when a position is outside the array or the result, a
  ///   position is named twice, a path is in another section than 0, or the counts do not add up.
  /// - Complexity: O(*n* + *c*) for *n* elements and *c* changes.
  public func applying<Data: Collection>(_ changeset: Changeset<Data>) throws(DiffError) -> [Element]
  where Data.Element == Element {
    guard changeset.sectionChangeCount == 0 else {
      throw .positionOutOfRange("a flat array has no sections to change")
    }
    let paths =
      changeset.elementDeleted + changeset.elementInserted + changeset.elementUpdated
      + changeset.elementMoved.flatMap { [$0.source, $0.target] }
    if let path = paths.first(where: { $0.section != 0 }) {
      throw .positionOutOfRange("path \(path) is not in section 0 of a flat array")
    }
    let data = Array(changeset.data)
    var deleted = [Bool](repeating: false, count: count)
    var movedAway = [Bool](repeating: false, count: count)
    var updated = [Bool](repeating: false, count: count)
    try _mark(changeset.elementDeleted.map(\.item), in: &deleted, as: "deleted")
    try _mark(changeset.elementMoved.map(\.source.item), in: &movedAway, as: "moved")
    try _mark(changeset.elementUpdated.map(\.item), in: &updated, as: "updated")
    if let both = indices.first(where: { deleted[$0] && (movedAway[$0] || updated[$0]) }) {
      throw .positionOutOfRange("position \(both) is deleted and also moved or updated")
    }
    let layout = try _layOut(
      count: data.count,
      fixed: changeset.elementInserted.map(\.item) + changeset.elementMoved.map(\.target.item),
      survivors: indices.filter { !deleted[$0] && !movedAway[$0] },
      level: "elements"
    )
    var origin = layout  // for each result position, the position it comes from here, or -1 when inserted
    for move in changeset.elementMoved { origin[move.target.item] = move.source.item }
    return origin.enumerated().map { position, source in
      source < 0 || updated[source] ? data[position] : self[source]
    }
  }
}
