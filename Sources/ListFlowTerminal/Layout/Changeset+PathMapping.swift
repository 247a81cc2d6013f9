/// Where an item path ends up once a stage is applied.
enum MappedPath: Hashable, Sendable {
  /// The item is still there, at this path.
  case kept(ItemPath)
  /// The item (or its section) was deleted; this is the path that now takes its place, possibly out of range.
  case removed(ItemPath)
}

extension Changeset {
  /// Follows an item through this stage: deletes, inserts and moves of sections and items before it shift it.
  ///
  /// - Parameter path: A path in the data before the stage.
  /// - Returns: Where the item is after the stage, or where its place went when it was deleted.
  /// - Complexity: O(*c*) in the number of changes of the stage.
  func mappedPath(_ path: ItemPath) -> MappedPath {
    // Pass 1: the section.
    guard let section = mappedSection(path.section) else { return .removed(ItemPath(item: 0, section: path.section)) }
    // Pass 2: the item itself deleted or moved.
    if elementDeleted.contains(path) { return .removed(ItemPath(item: path.item, section: section)) }
    if let move = elementMoved.first(where: { $0.source == path }) { return .kept(move.target) }
    // Pass 3: take out what left before it in its section, then put back what arrived at or before it.
    var item = path.item
    item -= elementDeleted.lazy.filter { $0.section == path.section && $0.item < path.item }.count
    item -= elementMoved.lazy.filter { $0.source.section == path.section && $0.source.item < path.item }.count
    let arrivals = (elementInserted + elementMoved.map(\.target)).filter { $0.section == section }.map(\.item).sorted()
    for arrival in arrivals where arrival <= item { item += 1 }
    return .kept(ItemPath(item: item, section: section))
  }

  /// Follows a section through this stage.
  ///
  /// - Parameter section: A section index before the stage.
  /// - Returns: Its index after the stage, or `nil` when it was deleted.
  func mappedSection(_ section: Int) -> Int? {
    if sectionDeleted.contains(section) { return nil }
    if let move = sectionMoved.first(where: { $0.source == section }) { return move.target }
    var index = section
    index -= sectionDeleted.lazy.filter { $0 < section }.count
    index -= sectionMoved.lazy.filter { $0.source < section }.count
    for arrival in (sectionInserted + sectionMoved.map(\.target)).sorted() where arrival <= index { index += 1 }
    return index
  }
}
