@testable import ListFlow

/// What is wrong with a selection change told to the feed `name` that shows `rows` and owns only the identities
/// whose description starts with `prefix`: each identity it does not own, and each position that does not hold
/// one of the change's identities on the same side (added or removed).
@MainActor
func misroutings(
  of change: ListSelection.Change, toldTo name: String, showing rows: [ListSectionSnapshot], owning prefix: String
) -> [String] {
  var found: [String] = []
  for id in change.added + change.removed where !id.description.hasPrefix(prefix) {
    found.append("\(name) told of \(id): \(change)")
  }
  for (paths, ids) in [(change.addedRows, change.added), (change.removedRows, change.removed)] {
    for path in paths {
      let id =
        rows.indices.contains(path.section) && rows[path.section].elements.indices.contains(path.item)
        ? rows[path.section].elements.identity(at: path.item) : nil
      if id == nil || !ids.contains(id!) { found.append("\(name) told of \(path): \(change)") }
    }
  }
  return found
}
