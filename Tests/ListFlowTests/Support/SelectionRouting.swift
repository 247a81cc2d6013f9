import TestSupport
import Testing

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

/// Follows what list `list` heard is selected (`heard`) through a change told to it: what is wrong is added to
/// `problems`: an identity added that `owns` says is not its own, one told added twice, one told removed that it
/// had not heard added.
func noteHeard(
  _ change: ListSelection.Change, byList list: Int, heard: inout Set<String>, problems: inout [String],
  owns: (String) -> Bool
) {
  for id in change.added.map(\.description) {
    if !owns(id) { problems.append("list \(list) told \(id) was added, not its row") }
    if !heard.insert(id).inserted { problems.append("list \(list) told twice that \(id) was added") }
  }
  for id in change.removed.map(\.description) where heard.remove(id) == nil {
    problems.append("list \(list) told \(id) was removed, not told it was added")
  }
}

/// What is wrong after a step: the engine does not select the model's `selected`, or a list did not hear exactly
/// the selected identities of its rows (`rows(list)`).
@MainActor
func selectionHeardProblems(
  engine: ListEngine, selected: Set<String>, heard: [Set<String>], rows: (Int) -> Set<String>
) -> [String] {
  var problems: [String] = []
  let engineSelection = Set(engine.selection.identifiers.map(\.description))
  if engineSelection != selected {
    problems.append("engine selects \(engineSelection.sorted()), model \(selected.sorted())")
  }
  for list in heard.indices where heard[list] != selected.intersection(rows(list)) {
    problems.append(
      "list \(list) heard \(heard[list].sorted()) selected, its rows selected are "
        + "\(selected.intersection(rows(list)).sorted())")
  }
  return problems
}

/// Runs `run` for each seed, records the problems of the first three seeds that fail and the count of those
/// that fail.
func recordFailingSeeds(_ seeds: Range<UInt64>, _ run: (UInt64) throws -> [String]) rethrows {
  var failures: [UInt64] = []
  for seed in seeds {
    let problems = try run(seed)
    guard !problems.isEmpty else { continue }
    failures.append(seed)
    if failures.count <= 3 { Issue.record("\(problems.joined(separator: "; "))") }
  }
  if !failures.isEmpty {
    Issue.record("\(failures.count) of \(seeds.count) cases failed: seeds \(failures.prefix(30))")
  }
}

/// One random change of `engine`'s selection, kind 0 to 2, followed in the model's `selected`: 0 sets a random
/// part of `rows` (and now and then an identity of no row), 1 toggles a row shown, 2 selects every row shown
/// (`shown`). Returns what it did, for the failure's log.
@MainActor
func selectionStep(
  _ kind: Int, of engine: ListEngine, rows: [String], shown: some Sequence<String>, selected: inout Set<String>,
  _ random: inout SeededRandom
) throws -> String {
  switch kind {
  case 0:
    var ids = rows.filter { _ in random.oneIn(3) }
    if random.oneIn(3) { ids.append("no such row") }
    engine.setSelection(ListSelection(mode: .multiple, identifiers: ids.map { ListIdentifier($0) }))
    selected = Set(ids).intersection(rows)
    return "set \(ids)"
  case 1:
    let paths = engine.snapshot.indices.flatMap { section in
      engine.snapshot[section].elements.indices.map { ItemPath(item: $0, section: section) }
    }
    guard let path = paths.randomElement(using: &random) else { return "no row to toggle" }
    let id = engine.snapshot[path.section].elements.identity(at: path.item).description
    try engine.toggleSelection(ofRowAt: path)
    if selected.remove(id) == nil { selected.insert(id) }
    return "toggled \(id)"
  default:
    engine.selectAll()
    selected.formUnion(shown)
    return "all"
  }
}
