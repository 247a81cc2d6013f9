extension Array where Element: DifferentiableSection {
  /// Applies one sectioned changeset to these sections.
  ///
  /// Deletes, updates and move sources name positions in these sections; inserts and move targets name positions
  /// in the result. An inserted section arrives whole, with the elements it has in `changeset.data`; inserted
  /// sections, the models of updated sections and the content of inserted or updated elements are taken from
  /// `changeset.data` at the position they end up at. Applying every stage of a ``StagedChangeset`` to its source
  /// gives its target.
  ///
  /// - Parameter changeset: The changeset.
  /// - Returns: The sections once the changeset is applied.
  /// - Throws: ``DiffError/positionOutOfRange(_:)`` when a position is outside the sections or the result, is named
  ///   twice, names an element of a deleted or inserted section, or the counts do not add up.
  /// - Complexity: O(*n* + *c*) for *n* elements and *c* changes.
  public func applying<Data: Collection>(_ changeset: Changeset<Data>) throws(DiffError) -> [Element]
  where Data.Element == Element {
    typealias Item = Element.Elements.Element
    let data = Array(changeset.data)

    // Sections: which are deleted, moved away, updated; where each one of the result comes from.
    var deleted = [Bool](repeating: false, count: count)
    var movedAway = [Bool](repeating: false, count: count)
    var updated = [Bool](repeating: false, count: count)
    try _mark(changeset.sectionDeleted, in: &deleted, as: "deleted section")
    try _mark(changeset.sectionMoved.map(\.source), in: &movedAway, as: "moved section")
    try _mark(changeset.sectionUpdated, in: &updated, as: "updated section")
    if let both = indices.first(where: { deleted[$0] && (movedAway[$0] || updated[$0]) }) {
      throw .positionOutOfRange("section \(both) is deleted and also moved or updated")
    }
    var origin = try _layOut(
      count: data.count,
      fixed: changeset.sectionInserted + changeset.sectionMoved.map(\.target),
      survivors: indices.filter { !deleted[$0] && !movedAway[$0] },
      level: "sections"
    )
    for move in changeset.sectionMoved { origin[move.target] = move.source }

    // Elements of the sections before: which are deleted, moved away, updated.
    let elements = map { [Item]($0.elements) }
    var gone = elements.map { [Bool](repeating: false, count: $0.count) }  // deleted or moved away
    var changed = gone
    var deletedItems = gone
    for (path, kind) in changeset.elementDeleted.map({ ($0, "deleted") })
      + changeset.elementMoved.map({ ($0.source, "moved") }) + changeset.elementUpdated.map({ ($0, "updated") })
    {
      guard indices.contains(path.section), !deleted[path.section], elements[path.section].indices.contains(path.item)
      else { throw .positionOutOfRange("\(kind) element \(path) is not in a kept section before the change") }
      if kind == "updated" {
        // As the flat `applying` checks: the deletes are marked by now (a moved element may be updated too).
        guard !deletedItems[path.section][path.item] else {
          throw .positionOutOfRange("element \(path) is deleted and also updated")
        }
        guard !changed[path.section][path.item] else {
          throw .positionOutOfRange("updated element \(path) named twice")
        }
        changed[path.section][path.item] = true
      } else {
        guard !gone[path.section][path.item] else { throw .positionOutOfRange("element \(path) named twice") }
        gone[path.section][path.item] = true
        if kind == "deleted" { deletedItems[path.section][path.item] = true }
      }
    }

    // Elements of the sections after: fixed positions (inserts and move targets) per result section.
    var fixed = [[Int]](repeating: [], count: data.count)
    for path in changeset.elementInserted + changeset.elementMoved.map(\.target) {
      guard data.indices.contains(path.section), origin[path.section] >= 0 else {
        throw .positionOutOfRange("element \(path) is not in a kept section after the change")
      }
      fixed[path.section].append(path.item)
    }
    var movedFrom: [ItemPath: ItemPath] = [:]
    for move in changeset.elementMoved { movedFrom[move.target] = move.source }

    var result: [Element] = []
    result.reserveCapacity(data.count)
    for (section, source) in origin.enumerated() {
      guard source >= 0 else {
        result.append(data[section])
        continue
      }
      let newItems = [Item](data[section].elements)
      let layout = try _layOut(
        count: newItems.count,
        fixed: fixed[section],
        survivors: elements[source].indices.filter { !gone[source][$0] },
        level: "elements of section \(section)"
      )
      let items = layout.enumerated().map { item, sourceItem -> Item in
        var from = ItemPath(item: sourceItem, section: source)
        if sourceItem < 0 {
          guard let moved = movedFrom[ItemPath(item: item, section: section)] else { return newItems[item] }
          from = moved
        }
        return changed[from.section][from.item] ? newItems[item] : elements[from.section][from.item]
      }
      result.append(Element(source: updated[source] ? data[section] : self[source], elements: items))
    }
    return result
  }
}
