import ListFlowDiff
import ListFlowTerminal
import ListFlowTesting
import TestSupport

/// A one-section list of generated items served straight to a `TerminalListView`, as a hand-written data source
/// of an app would; it makes random 1% changes as exact changeset stages.
@MainActor
final class ArrayDataSource: ListDataSource {
  var items: [Item]

  init(items: [Item]) { self.items = items }

  /// One stage: the items after it and the changes it makes (positions as `Changeset` documents them).
  struct Stage {
    var items: [Item]
    var changeset: Changeset<ListSnapshot>
  }

  var numberOfSections: Int { 1 }

  func numberOfRows(inSection section: Int) -> Int { items.count }

  func cell(at path: ItemPath, for view: any ListView) throws(ListFlowError) -> any ListCell {
    guard items.indices.contains(path.item) else { throw .rowOutOfRange(path: path, rowCount: items.count) }
    let cell = try view.reusePool.dequeue(reuseIdentifier: TextCell.reuseIdentifier)
    try fill(cell, at: path)
    return cell
  }

  /// Fills a new cell with a row's text.
  private func fill(_ cell: any ListCell, at path: ItemPath) throws(ListFlowError) {
    guard let cell = cell as? TextCell else {
      throw .mistypedCell(
        reuseIdentifier: TextCell.reuseIdentifier, expected: "TextCell", found: String(describing: type(of: cell)))
    }
    let item = items[path.item]
    cell.title = "item \(UInt64(bitPattern: Int64(item.id)) % 1_000_000)"
    cell.subtitle = "payload"
    cell.accessory = "\(item.payload)"
  }

  func header(inSection section: Int, for view: any ListView) throws(ListFlowError) -> (any ListCell)? { nil }

  func footer(inSection section: Int, for view: any ListView) throws(ListFlowError) -> (any ListCell)? { nil }

  /// One line per row; no header or footer exists.
  func height(of element: ListElement) -> RowHeight? {
    guard case .row(let path) = element, items.indices.contains(path.item) else { return nil }
    return .exact(1)
  }

  /// Makes `items.count / fraction` changes, a quarter each: updates, deletes, moves, inserts.
  ///
  /// - Returns: The stages, in order: updates (positions before), deletes (positions before), then inserts and
  ///   moves (moves from positions after the deletes to positions in the result, inserts at positions in it).
  func applyRandomChanges(fraction: Int, using random: inout SeededRandom) -> [Stage] {
    let quarter = max(items.count / fraction / 4, 1)
    let chosen = Self.distinct(3 * quarter, below: items.count, using: &random)
    let updated = chosen[0..<quarter].sorted()
    let deleted = chosen[quarter..<2 * quarter].sorted()
    let movers = Array(chosen[2 * quarter..<3 * quarter])
    var stages: [Stage] = []

    // Stage 1: updates in place.
    var current = items
    for index in updated { current[index] = current[index].updated }
    stages.append(
      Stage(
        items: current, changeset: Changeset(data: [], elementUpdated: updated.map { ItemPath(item: $0, section: 0) })))

    // Stage 2: deletes. `shift[i]` is how many deleted indices are below source index i (for the movers).
    let deletedSet = Set(deleted)
    let afterDeletes = current.enumerated().filter { !deletedSet.contains($0.offset) }.map(\.element)
    stages.append(
      Stage(
        items: afterDeletes,
        changeset: Changeset(data: [], elementDeleted: deleted.map { ItemPath(item: $0, section: 0) })))

    // Stage 3: movers leave their places (positions after the deletes) and, with the new items, land at
    // random positions of the result.
    let moverPositions = movers.map { index in index - deleted.partitioningIndex { $0 >= index } }
    let moverSet = Set(moverPositions)
    let stay = afterDeletes.enumerated().filter { !moverSet.contains($0.offset) }.map(\.element)
    let newItems = random.newItems(quarter)
    let extras: [(item: Item, source: Int?)] =
      moverPositions.map { (afterDeletes[$0], $0) } + newItems.map { ($0, nil) }
    let finalCount = stay.count + extras.count
    let targets = Self.distinct(extras.count, below: finalCount, using: &random).sorted()
    var result: [Item] = []
    result.reserveCapacity(finalCount)
    var moved: [Move<ItemPath>] = []
    var inserted: [ItemPath] = []
    var stayIndex = 0
    var extraIndex = 0
    for position in 0..<finalCount {
      if extraIndex < targets.count, targets[extraIndex] == position {
        let extra = extras[extraIndex]
        result.append(extra.item)
        if let source = extra.source {
          moved.append(Move(source: ItemPath(item: source, section: 0), target: ItemPath(item: position, section: 0)))
        } else {
          inserted.append(ItemPath(item: position, section: 0))
        }
        extraIndex += 1
      } else {
        result.append(stay[stayIndex])
        stayIndex += 1
      }
    }
    stages.append(Stage(items: result, changeset: Changeset(data: [], elementInserted: inserted, elementMoved: moved)))
    return stages
  }

  /// `count` distinct random numbers below `bound`, in the order drawn.
  static func distinct(_ count: Int, below bound: Int, using random: inout SeededRandom) -> [Int] {
    var seen = Set<Int>()
    var result: [Int] = []
    while result.count < min(count, bound) {
      let value = random.below(bound)
      if seen.insert(value).inserted { result.append(value) }
    }
    return result
  }
}

extension Array where Element == Int {
  /// The first index whose element satisfies `predicate`, for an array sorted so that it is false then true.
  func partitioningIndex(where predicate: (Int) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if predicate(self[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
