/// One batch of changes, and the data as it is once the batch is applied.
///
/// A changeset is one stage of a ``StagedChangeset``. Positions follow the rules of batch-updating views
/// (`UITableView.performBatchUpdates` among them):
///
/// - deletes (``sectionDeleted``, ``elementDeleted``) and updates (``sectionUpdated``, ``elementUpdated``) name
///   positions in the data *before* this stage;
/// - inserts (``sectionInserted``, ``elementInserted``) name positions in ``data``, the data *after* it;
/// - moves go from a position before the stage to a position after it.
///
/// Positions that are not named keep their relative order. Applying the changeset to the data before it,
/// with `Array.applying(_:)`, gives ``data``.
public struct Changeset<Data: Collection> {
  /// The data once this stage is applied.
  public var data: Data
  /// Sections deleted, as indices before this stage, ascending.
  public var sectionDeleted: [Int]
  /// Sections inserted, as indices after this stage, ascending.
  public var sectionInserted: [Int]
  /// Sections whose model changed, as indices before this stage, ascending.
  public var sectionUpdated: [Int]
  /// Sections moved, from an index before this stage to one after it, ordered by target.
  public var sectionMoved: [Move<Int>]
  /// Elements deleted, as paths before this stage, ascending.
  public var elementDeleted: [ItemPath]
  /// Elements inserted, as paths after this stage, ascending.
  public var elementInserted: [ItemPath]
  /// Elements whose content changed, as paths before this stage, ascending.
  public var elementUpdated: [ItemPath]
  /// Elements moved, from a path before this stage to one after it, ordered by target.
  public var elementMoved: [Move<ItemPath>]

  /// Creates a changeset.
  ///
  /// - Parameters:
  ///   - data: The data once the stage is applied.
  ///   - sectionDeleted: Sections deleted, as indices before the stage.
  ///   - sectionInserted: Sections inserted, as indices after the stage.
  ///   - sectionUpdated: Sections whose model changed, as indices before the stage.
  ///   - sectionMoved: Sections moved.
  ///   - elementDeleted: Elements deleted, as paths before the stage.
  ///   - elementInserted: Elements inserted, as paths after the stage.
  ///   - elementUpdated: Elements updated, as paths before the stage.
  ///   - elementMoved: Elements moved.
  public init(
    data: Data,
    sectionDeleted: [Int] = [],
    sectionInserted: [Int] = [],
    sectionUpdated: [Int] = [],
    sectionMoved: [Move<Int>] = [],
    elementDeleted: [ItemPath] = [],
    elementInserted: [ItemPath] = [],
    elementUpdated: [ItemPath] = [],
    elementMoved: [Move<ItemPath>] = []
  ) {
    self.data = data
    self.sectionDeleted = sectionDeleted
    self.sectionInserted = sectionInserted
    self.sectionUpdated = sectionUpdated
    self.sectionMoved = sectionMoved
    self.elementDeleted = elementDeleted
    self.elementInserted = elementInserted
    self.elementUpdated = elementUpdated
    self.elementMoved = elementMoved
  }

  /// The number of section changes: deletes, inserts, updates and moves.
  public var sectionChangeCount: Int {
    sectionDeleted.count + sectionInserted.count + sectionUpdated.count + sectionMoved.count
  }

  /// The number of element changes: deletes, inserts, updates and moves.
  public var elementChangeCount: Int {
    elementDeleted.count + elementInserted.count + elementUpdated.count + elementMoved.count
  }

  /// The number of all changes, sections and elements.
  public var changeCount: Int { sectionChangeCount + elementChangeCount }

  /// Whether the stage changes nothing.
  public var isEmpty: Bool { changeCount == 0 }
}

extension Changeset: Equatable where Data: Equatable {}
extension Changeset: Sendable where Data: Sendable {}

extension Changeset: CustomStringConvertible {
  /// The non-empty lists of changes, one per line.
  public var description: String {
    var lines: [String] = []
    func add<T>(_ name: String, _ values: [T]) {
      if !values.isEmpty { lines.append("\(name): \(values.map { "\($0)" }.joined(separator: ", "))") }
    }
    add("sectionDeleted", sectionDeleted)
    add("sectionInserted", sectionInserted)
    add("sectionUpdated", sectionUpdated)
    add("sectionMoved", sectionMoved)
    add("elementDeleted", elementDeleted)
    add("elementInserted", elementInserted)
    add("elementUpdated", elementUpdated)
    add("elementMoved", elementMoved)
    return lines.isEmpty ? "(no changes)" : lines.joined(separator: "\n")
  }
}
