/// The registrations and free cells of one list view: cells (and header and footer views) are dequeued from it
/// and given back to it when they leave the screen.
///
/// A host keeps one pool and exposes it as ``ListView/reusePool``; the controller dequeues from it. A reuse
/// identifier is registered explicitly with ``register(_:forReuseIdentifier:)``, or automatically the first time
/// a binder of a cell type is dequeued (unless ``registersAutomatically`` is `false`). A cell given back with
/// ``enqueue(_:)`` gets ``ListCell/prepareForReuse()`` and is handed out again before a new one is created.
///
/// ```swift
/// let pool = CellReusePool()
/// pool.register(TitleCell.self)
/// let cell = try pool.dequeue(for: binder)   // a free TitleCell, or a new one
/// pool.enqueue(cell)                         // prepareForReuse, then free again
/// ```
@MainActor
public final class CellReusePool {
  /// One registration: a reuse identifier bound to a cell type.
  public struct Registration: Hashable, Sendable, CustomStringConvertible {
    /// The reuse identifier.
    public var reuseIdentifier: String
    /// The name of the cell type.
    public var cellTypeName: String
    /// Whether the pool registered it on first dequeue (`true`) or it was registered explicitly.
    public var isAutomatic: Bool

    /// `reuseIdentifier -> CellType`, with `(automatic)` when the pool made it.
    public var description: String {
      "\(reuseIdentifier) -> \(cellTypeName)\(isAutomatic ? " (automatic)" : "")"
    }
  }

  /// Whether dequeuing a binder whose reuse identifier is unknown registers its cell type (`true` by default).
  public var registersAutomatically: Bool

  /// Every registration, in the order it was made.
  public private(set) var registrations: [Registration] = []
  /// The number of cells the pool has created, all reuse identifiers together.
  public private(set) var createdCount = 0
  /// The number of times a free cell was handed out again.
  public private(set) var reuseCount = 0

  /// Each reuse identifier's slot: its index in `slotTypes` and `slotFree`.
  private var slots: [String: Int] = [:]
  /// The cell type registered for each slot, or `nil` for an identifier that only has cells given back.
  private var slotTypes: [(any ListCell.Type)?] = []
  /// The free cells of each slot.
  private var slotFree: [[any ListCell]] = []
  /// The slot of each cell handed out.
  private var handedOut: [ObjectIdentifier: Int] = [:]
  /// The last identifier looked up, and its slot. A list dequeues the same few identifiers over and over, and
  /// comparing two equal identifiers is usually one comparison of their bits, where hashing one reads it whole.
  private var lastLookup: (reuseIdentifier: String, slot: Int)?

  /// Creates an empty pool.
  ///
  /// - Parameter registersAutomatically: Whether unknown cell types are registered on first dequeue.
  public init(registersAutomatically: Bool = true) {
    self.registersAutomatically = registersAutomatically
  }

  /// Registers a cell type under a reuse identifier, replacing an earlier registration of that identifier.
  ///
  /// - Parameters:
  ///   - cellType: The type of cell to create for the identifier.
  ///   - reuseIdentifier: The identifier; the type's ``ListCell/reuseIdentifier`` by default.
  public func register(_ cellType: any ListCell.Type, forReuseIdentifier reuseIdentifier: String? = nil) {
    add(cellType, reuseIdentifier ?? cellType.reuseIdentifier, isAutomatic: false)
  }

  /// The cell type registered for a reuse identifier, if any.
  ///
  /// - Parameter reuseIdentifier: The identifier.
  /// - Returns: The registered type, or `nil`.
  public func registeredType(forReuseIdentifier reuseIdentifier: String) -> (any ListCell.Type)? {
    slot(of: reuseIdentifier).flatMap { slotTypes[$0] }
  }

  /// Hands out a cell for `binder`: a free one if there is one, else a new one; the cell is not configured yet.
  ///
  /// - Parameter binder: The binder the cell is for.
  /// - Returns: A cell of the type registered for the binder's reuse identifier.
  /// - Throws: ``ListFlowError/unregisteredCell(reuseIdentifier:)`` when the identifier is unknown and
  ///   ``registersAutomatically`` is `false`. A type registered under the identifier that differs from the
  ///   binder's is *not* an error here: ``CellBinder/configure(_:)`` reports it.
  public func dequeue(for binder: CellBinder) throws(ListFlowError) -> any ListCell {
    let reuseIdentifier = binder.reuseIdentifier
    if registersAutomatically, registeredType(forReuseIdentifier: reuseIdentifier) == nil {
      add(binder.cellType, reuseIdentifier, isAutomatic: true)
    }
    return try dequeue(reuseIdentifier: reuseIdentifier)
  }

  /// Hands out a cell registered under `reuseIdentifier`: a free one if there is one, else a new one.
  ///
  /// - Parameter reuseIdentifier: The identifier.
  /// - Returns: The cell.
  /// - Throws: ``ListFlowError/unregisteredCell(reuseIdentifier:)`` when nothing is registered under it.
  public func dequeue(reuseIdentifier: String) throws(ListFlowError) -> any ListCell {
    guard let slot = slot(of: reuseIdentifier), let cellType = slotTypes[slot] else {
      throw .unregisteredCell(reuseIdentifier: reuseIdentifier)
    }
    let cell: any ListCell
    if let reused = slotFree[slot].popLast() {
      cell = reused
      reuseCount += 1
    } else {
      cell = cellType.init()
      createdCount += 1
    }
    handedOut[ObjectIdentifier(cell)] = slot
    return cell
  }

  /// Gives a cell back: it is prepared for reuse and handed out again by a later dequeue.
  ///
  /// A cell that this pool did not hand out is kept under its type's reuse identifier. A cell that is already
  /// free is not added twice.
  ///
  /// - Parameter cell: The cell that left the screen.
  public func enqueue(_ cell: any ListCell) {
    let slot: Int
    if let handedOutSlot = handedOut.removeValue(forKey: ObjectIdentifier(cell)) {
      slot = handedOutSlot
    } else {
      slot = makeSlot(for: type(of: cell).reuseIdentifier)
      if slotFree[slot].contains(where: { $0 === cell }) { return }
    }
    cell.prepareForReuse()
    slotFree[slot].append(cell)
  }

  /// The number of free cells kept under a reuse identifier.
  ///
  /// - Parameter reuseIdentifier: The identifier.
  /// - Returns: How many cells wait to be reused.
  public func freeCount(reuseIdentifier: String) -> Int { slot(of: reuseIdentifier).map { slotFree[$0].count } ?? 0 }

  /// The slot of a reuse identifier, or `nil` when it has none.
  private func slot(of reuseIdentifier: String) -> Int? {
    if let lastLookup, lastLookup.reuseIdentifier == reuseIdentifier { return lastLookup.slot }
    guard let slot = slots[reuseIdentifier] else { return nil }
    lastLookup = (reuseIdentifier, slot)
    return slot
  }

  /// The slot of a reuse identifier, made empty when it has none.
  private func makeSlot(for reuseIdentifier: String) -> Int {
    if let slot = slot(of: reuseIdentifier) { return slot }
    let slot = slotTypes.count
    slots[reuseIdentifier] = slot
    slotTypes.append(nil)
    slotFree.append([])
    lastLookup = (reuseIdentifier, slot)
    return slot
  }

  private func add(_ cellType: any ListCell.Type, _ reuseIdentifier: String, isAutomatic: Bool) {
    slotTypes[makeSlot(for: reuseIdentifier)] = cellType
    registrations.append(
      Registration(
        reuseIdentifier: reuseIdentifier,
        cellTypeName: String(describing: cellType),
        isAutomatic: isAutomatic
      )
    )
  }
}
