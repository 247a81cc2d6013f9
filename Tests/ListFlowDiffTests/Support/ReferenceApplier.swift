import ListFlowDiff

/// A changeset that cannot be applied, and why.
struct ReplayError: Error, CustomStringConvertible {
  var description: String
}

/// Applies changesets the way a batch-updating view does, independently of `Array.applying(_:)`: it takes from
/// `data` only what a view takes from it (inserted elements and sections, new contents of updated ones) and
/// everything else from the collection before the batch. If the result equals `data`, the positions of the
/// changeset are right.
enum ReferenceApplier {
  /// One level (the sections, or the elements of one section): for each position after the batch, the position
  /// before it it comes from, or -1 for an insert.
  ///
  /// Survivors (neither deleted nor moved away) fill, in their order, the positions that are neither inserted
  /// nor move targets.
  static func layOut(
    before: Int, after: Int, deleted: [Int], inserted: [Int], moved: [(source: Int, target: Int)], what: String
  ) throws(ReplayError) -> [Int] {
    var gone = [Bool](repeating: false, count: before)
    for position in deleted + moved.map(\.source) {
      guard position >= 0, position < before else {
        throw ReplayError(description: "\(what): \(position) out of 0..<\(before)")
      }
      guard !gone[position] else { throw ReplayError(description: "\(what): \(position) deleted or moved twice") }
      gone[position] = true
    }
    var origin = [Int](repeating: -2, count: after)  // -2: not yet known
    for position in inserted {
      guard position >= 0, position < after, origin[position] == -2 else {
        throw ReplayError(description: "\(what): insert \(position) out of 0..<\(after) or named twice")
      }
      origin[position] = -1
    }
    for move in moved {
      guard move.target >= 0, move.target < after, origin[move.target] == -2 else {
        throw ReplayError(description: "\(what): move target \(move.target) out of 0..<\(after) or named twice")
      }
      origin[move.target] = move.source
    }
    var survivor = 0
    for position in 0..<after where origin[position] == -2 {
      while survivor < before && gone[survivor] { survivor += 1 }
      guard survivor < before else { throw ReplayError(description: "\(what): too few survivors") }
      origin[position] = survivor
      survivor += 1
    }
    while survivor < before && gone[survivor] { survivor += 1 }
    guard survivor == before else { throw ReplayError(description: "\(what): too many survivors") }
    return origin
  }

  /// Applies a flat changeset.
  static func apply<Element>(_ changeset: Changeset<[Element]>, to old: [Element]) throws(ReplayError) -> [Element] {
    guard changeset.sectionChangeCount == 0 else {
      throw ReplayError(description: "section changes in a flat changeset")
    }
    let paths =
      changeset.elementDeleted + changeset.elementInserted + changeset.elementUpdated
      + changeset.elementMoved.flatMap { [$0.source, $0.target] }
    guard paths.allSatisfy({ $0.section == 0 }) else { throw ReplayError(description: "a path outside section 0") }
    let data = changeset.data
    var updated = [Bool](repeating: false, count: old.count)
    for position in changeset.elementUpdated.map(\.item) {
      guard position >= 0, position < old.count, !updated[position] else {
        throw ReplayError(description: "update \(position) out of range or named twice")
      }
      updated[position] = true
    }
    guard !changeset.elementDeleted.contains(where: { (0..<old.count).contains($0.item) && updated[$0.item] }) else {
      throw ReplayError(description: "an element both updated and deleted")
    }
    let origin = try layOut(
      before: old.count, after: data.count, deleted: changeset.elementDeleted.map(\.item),
      inserted: changeset.elementInserted.map(\.item),
      moved: changeset.elementMoved.map { ($0.source.item, $0.target.item) }, what: "elements")
    return origin.enumerated().map { position, source in
      source < 0 || updated[source] ? data[position] : old[source]
    }
  }

  /// Applies a sectioned changeset.
  static func apply<Model, Element>(
    _ changeset: Changeset<[ArraySection<Model, Element>]>, to old: [ArraySection<Model, Element>]
  ) throws(ReplayError) -> [ArraySection<Model, Element>] {
    let data = changeset.data
    let sectionUpdated = Set(changeset.sectionUpdated)
    guard sectionUpdated.count == changeset.sectionUpdated.count, sectionUpdated.allSatisfy(old.indices.contains),
      sectionUpdated.isDisjoint(with: changeset.sectionDeleted)
    else { throw ReplayError(description: "a section update out of range, named twice or deleted") }
    let sectionOrigin = try layOut(
      before: old.count, after: data.count, deleted: changeset.sectionDeleted, inserted: changeset.sectionInserted,
      moved: changeset.sectionMoved.map { ($0.source, $0.target) }, what: "sections")
    let keptBefore = Set(sectionOrigin.filter { $0 >= 0 })
    let keptAfter = Set(sectionOrigin.indices.filter { sectionOrigin[$0] >= 0 })

    // Element positions before the batch must be in kept sections, after it in sections that were not inserted.
    for path in changeset.elementDeleted + changeset.elementUpdated + changeset.elementMoved.map(\.source) {
      guard keptBefore.contains(path.section), old[path.section].elements.indices.contains(path.item) else {
        throw ReplayError(description: "element \(path) is not in a kept section before the batch")
      }
    }
    for path in changeset.elementInserted + changeset.elementMoved.map(\.target) {
      guard keptAfter.contains(path.section) else {
        throw ReplayError(description: "element \(path) is not in a kept section after the batch")
      }
    }
    let updated = Set(changeset.elementUpdated)
    guard updated.count == changeset.elementUpdated.count, updated.isDisjoint(with: changeset.elementDeleted) else {
      throw ReplayError(description: "an element update named twice or deleted")
    }
    let movedAway = Set(changeset.elementMoved.map(\.source))
    guard movedAway.count == changeset.elementMoved.count else {
      throw ReplayError(description: "an element moved twice")
    }
    let deleted = Set(changeset.elementDeleted)
    var movedFrom: [ItemPath: ItemPath] = [:]
    for move in changeset.elementMoved { movedFrom[move.target] = move.source }

    var result: [ArraySection<Model, Element>] = []
    for (section, source) in sectionOrigin.enumerated() {
      guard source >= 0 else {
        result.append(data[section])
        continue
      }
      let stay = old[source].elements.indices.filter { item in
        let path = ItemPath(item: item, section: source)
        return !movedAway.contains(path) && !deleted.contains(path)
      }
      let inserted = changeset.elementInserted.filter { $0.section == section }.map(\.item)
      let moveTargets = changeset.elementMoved.filter { $0.target.section == section }.map(\.target.item)
      let fixed = Set(inserted + moveTargets)
      guard fixed.count == inserted.count + moveTargets.count else {
        throw ReplayError(description: "section \(section): a position inserted or moved to twice")
      }
      let count = data[section].elements.count
      guard fixed.allSatisfy({ (0..<count).contains($0) }), stay.count + fixed.count == count else {
        throw ReplayError(
          description: "section \(section): \(stay.count) stay, \(fixed.count) arrive, \(count) expected")
      }
      var stayers = stay.makeIterator()
      var elements: [Element] = []
      for item in 0..<count {
        let from: ItemPath
        if fixed.contains(item) {
          guard let moved = movedFrom[ItemPath(item: item, section: section)] else {
            elements.append(data[section].elements[item])
            continue
          }
          from = moved
        } else {
          from = ItemPath(item: stayers.next()!, section: source)
        }
        elements.append(updated.contains(from) ? data[section].elements[item] : old[from.section].elements[from.item])
      }
      let model = sectionUpdated.contains(source) ? data[section].model : old[source].model
      result.append(ArraySection(model: model, elements: elements))
    }
    return result
  }
}
