/// The cell registrations of one list view: which cell type each reuse identifier makes, and the maker of every
/// cell (and header and footer view) the list shows.
///
/// A host keeps one pool and exposes it as ``ListView/reusePool``; the engine dequeues from it. A reuse
/// identifier is registered explicitly with ``register(_:forReuseIdentifier:)``, or automatically the first time
/// a binder of a cell type is dequeued (unless ``registersAutomatically`` is `false`).
///
/// **A binder gets a cell of its own type, unless the app registered another.** An identifier registered
/// automatically decides nothing: every binder dequeued under it gets a cell of its own ``CellBinder/cellType``,
/// whichever type asked first, so a list shows the same cells however long it has been shown (two types that
/// share a custom reuse identifier, or a binder that names another type's, both work). Only an explicit
/// registration decides the type of the cells made for an identifier; a binder whose type is not that type is
/// reported by ``CellBinder/configure(_:)`` as ``ListFlowError/mistypedCell(reuseIdentifier:expected:found:)``.
/// So ``registeredType(forReuseIdentifier:)`` and ``dequeue(reuseIdentifier:)`` name a type for an identifier
/// registered automatically only while binders of one type have used it: once binders of two types were dequeued
/// under it, no single type is registered for it (`nil`, and ``ListFlowError/unregisteredCell(reuseIdentifier:)``),
/// until an explicit registration decides one.
///
/// **Every dequeue makes a new cell.** ListFlow configures a cell once, right after it is made: the mapper, the
/// styles and the capabilities always write onto a cell that has shown nothing before, so a cell can never carry
/// another row's text or a style its row no longer has, and a cell type needs no reset code to be correct. (The
/// alternative, a value of content that mappers and styles fill and the cell shows whole, would change the
/// mapper's `(data, cell)` shape and every style; a new cell keeps both, and costs one small object per row
/// shown, never per row of the list.) A cell given back with ``enqueue(_:)`` is done: it gets
/// ``ListCell/prepareForReuse()``, where a cell that holds a resource (a timer, a file) lets it go, and the pool
/// keeps nothing of it.
///
/// ```swift
/// let pool = CellReusePool()
/// pool.register(TitleCell.self)
/// let cell = try pool.dequeue(for: binder)   // a new TitleCell
/// pool.enqueue(cell)                         // prepareForReuse: the cell is done
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
  /// The number of cells the pool has made, all reuse identifiers together.
  public private(set) var createdCount = 0

  /// The cell type registered for each reuse identifier, and whether the registration is automatic.
  private var types: [String: Entry] = [:]
  /// The last identifier looked up, and its registration. A list dequeues the same few identifiers over and over,
  /// and comparing two equal identifiers is usually one comparison of their bits, where hashing one reads it whole.
  private var lastLookup: (reuseIdentifier: String, entry: Entry)?

  /// A registration's cell type, and whether the pool made it.
  private struct Entry {
    /// The type registered explicitly, or the first type dequeued under an automatic registration.
    var cellType: any ListCell.Type
    var isAutomatic: Bool
    /// Whether binders of another type than ``cellType`` were dequeued under an automatic registration: no single
    /// type is registered then.
    var isShared = false
  }

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

  /// The cell type registered for a reuse identifier, if any: the type registered explicitly (the last one), or
  /// the type of the binders dequeued under an automatic registration while they all had one type.
  ///
  /// An automatic registration decides no cell's type (each binder gets a cell of its own type), so once binders
  /// of two types were dequeued under the identifier, no single type is registered for it.
  ///
  /// - Parameter reuseIdentifier: The identifier.
  /// - Returns: The registered type, or `nil` when nothing is registered under the identifier, or when it is
  ///   registered only automatically and binders of several types used it.
  public func registeredType(forReuseIdentifier reuseIdentifier: String) -> (any ListCell.Type)? {
    guard let entry = entry(forReuseIdentifier: reuseIdentifier), !entry.isShared else { return nil }
    return entry.cellType
  }

  /// Makes a new cell for `binder`; the cell is not configured yet.
  ///
  /// - Parameter binder: The binder the cell is for.
  /// - Returns: A new cell of the type registered explicitly for the binder's reuse identifier, else of the
  ///   binder's own ``CellBinder/cellType`` (whatever type an automatic registration of the identifier names).
  /// - Throws: ``ListFlowError/unregisteredCell(reuseIdentifier:)`` when the identifier is unknown and
  ///   ``registersAutomatically`` is `false`. A type registered explicitly under the identifier that differs from
  ///   the binder's is *not* an error here: ``CellBinder/configure(_:)`` reports it.
  public func dequeue(for binder: CellBinder) throws(ListFlowError) -> any ListCell {
    let reuseIdentifier = binder.reuseIdentifier
    if let entry = entry(forReuseIdentifier: reuseIdentifier) {
      if !entry.isAutomatic { return make(entry.cellType) }
      if !entry.isShared, ObjectIdentifier(entry.cellType) != ObjectIdentifier(binder.cellType) {
        noteShared(reuseIdentifier, entry)
      }
    } else if registersAutomatically {
      add(binder.cellType, reuseIdentifier, isAutomatic: true)
    } else {
      throw .unregisteredCell(reuseIdentifier: reuseIdentifier)
    }
    return make(binder.cellType)
  }

  /// Makes a new cell of the type registered under `reuseIdentifier` (see
  /// ``registeredType(forReuseIdentifier:)``).
  ///
  /// - Parameter reuseIdentifier: The identifier.
  /// - Returns: The cell.
  /// - Throws: ``ListFlowError/unregisteredCell(reuseIdentifier:)`` when no single type is registered under it:
  ///   nothing is, or it is registered only automatically and binders of several types used it.
  public func dequeue(reuseIdentifier: String) throws(ListFlowError) -> any ListCell {
    guard let cellType = registeredType(forReuseIdentifier: reuseIdentifier) else {
      throw .unregisteredCell(reuseIdentifier: reuseIdentifier)
    }
    return make(cellType)
  }

  /// Gives a cell back when it left the list: it gets ``ListCell/prepareForReuse()`` to let go of what it holds,
  /// and is never handed out again.
  ///
  /// - Parameter cell: The cell that left the screen, was deleted, or was replaced by a new cell for its row.
  public func enqueue(_ cell: any ListCell) {
    cell.prepareForReuse()
  }

  /// The registration of a reuse identifier, if any.
  private func entry(forReuseIdentifier reuseIdentifier: String) -> Entry? {
    if let lastLookup, lastLookup.reuseIdentifier == reuseIdentifier { return lastLookup.entry }
    guard let entry = types[reuseIdentifier] else { return nil }
    lastLookup = (reuseIdentifier, entry)
    return entry
  }

  /// Notes that binders of a second type were dequeued under an automatic registration.
  private func noteShared(_ reuseIdentifier: String, _ entry: Entry) {
    var shared = entry
    shared.isShared = true
    types[reuseIdentifier] = shared
    lastLookup = (reuseIdentifier, shared)
  }

  /// A new cell of `cellType`, counted.
  private func make(_ cellType: any ListCell.Type) -> any ListCell {
    createdCount += 1
    return cellType.init()
  }

  private func add(_ cellType: any ListCell.Type, _ reuseIdentifier: String, isAutomatic: Bool) {
    let entry = Entry(cellType: cellType, isAutomatic: isAutomatic)
    types[reuseIdentifier] = entry
    lastLookup = (reuseIdentifier, entry)
    registrations.append(
      Registration(
        reuseIdentifier: reuseIdentifier,
        cellTypeName: String(describing: cellType),
        isAutomatic: isAutomatic
      )
    )
  }
}
