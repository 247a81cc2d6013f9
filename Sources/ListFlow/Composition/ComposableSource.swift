/// A feed of sections that a ``ComposedDataSource`` can hold as a child: a ``SectionedDataSource``, a
/// ``ListController`` made without a view, a ``PagedListFeed``, an ``OutlineFeed``, another composite, or a
/// type of your own.
///
/// A source keeps the sections it shows (``displayedSections``) and, after every change of them, sends the
/// staged changes from the sections before to the sections after through its ``compositionLink``. The composite
/// shifts them to the child's place and passes them on, up to the ``ListEngine`` that shows the list.
///
/// ```swift
/// final class ClockFeed: ComposableSource {
///   let compositionLink = CompositionLink<ListSectionSnapshot>()
///   private(set) var displayedSections: [ListSectionSnapshot] = []
///
///   func tick(_ time: String) {
///     let next = [ListSection(id: "clock", items: [LabelCell.makeBinder(value: time, id: "now")]).snapshot]
///     compositionLink.send(from: displayedSections, to: next)
///     displayedSections = next
///   }
/// }
/// ```
@MainActor
public protocol ComposableSource<Section>: AnyObject {
  /// The type of the source's sections.
  associatedtype Section: DifferentiableSection

  /// The sections the source shows now.
  var displayedSections: [Section] { get }

  /// The source's section index titles, naming its displayed sections; none by default.
  var displayedSectionIndexTitles: [SectionIndexTitle] { get }

  /// The link through which the source sends its changes to the composite that holds it.
  var compositionLink: CompositionLink<Section> { get }

  /// Takes a row the user moved inside this source (positions local to it) into the source's model, and sends
  /// the move through ``compositionLink``. By default a source's rows cannot move.
  ///
  /// - Parameter move: The move; the caller has checked that both positions exist.
  /// - Throws: ``ListFlowError/rowNotMovable(_:)`` when the source does not take moves.
  func moveRow(_ move: Move<ItemPath>) throws(ListFlowError)
}

extension ComposableSource {
  /// No index titles.
  public var displayedSectionIndexTitles: [SectionIndexTitle] { [] }

  /// Throws ``ListFlowError/rowNotMovable(_:)``.
  ///
  /// - Parameter move: The move.
  public func moveRow(_ move: Move<ItemPath>) throws(ListFlowError) { throw .rowNotMovable(move.source) }
}

/// The connection of a ``ComposableSource`` to the composite that holds it (or to nothing, when it stands alone).
///
/// A source owns one link and sends every change of its displayed sections through it; the composite sets
/// itself as the link's receiver when it adds the source, and clears it when it removes it.
@MainActor
public final class CompositionLink<Section: DifferentiableSection> {
  /// The composite holding the source, and the source's identity there.
  weak var parent: ComposedDataSource<Section>?
  /// The identity under which the parent knows the source.
  var childID: ObjectIdentifier?
  /// Called with every change sent, in the source's own positions; for a standalone source's observers.
  public var didSend: @MainActor (StagedChangeset<[Section]>) -> Void = { _ in }

  /// Creates a link that is not connected yet.
  public init() {}

  /// Whether a composite holds the source.
  public var isComposed: Bool { parent != nil }

  /// Sends staged changes of the source's displayed sections to the composite.
  ///
  /// - Parameters:
  ///   - changes: The stages from the sections displayed before to those displayed now.
  ///   - reloading: Whether the view should reload rather than animate these changes.
  public func send(_ changes: StagedChangeset<[Section]>, reloading: Bool = false) {
    guard !changes.isEmpty || reloading else { return }
    didSend(changes)
    if let parent, let childID { parent.child(childID, didChange: changes, reloading: reloading) }
  }

  /// Tells the list that rows the source hid (a ``RowHidingSource``) may be gone, so that the selection drops
  /// those the source no longer holds.
  func sendHiddenRowsChange() {
    parent?.childHiddenRowsChanged()
  }

  /// Diffs two lists of sections and sends the changes; duplicate identities are matched in order.
  ///
  /// - Parameters:
  ///   - old: The sections displayed before.
  ///   - new: The sections displayed now.
  /// - Complexity: O(*n* + *m*) for the diff.
  public func send(from old: [Section], to new: [Section]) {
    send(StagedChangeset(source: old, target: new))
  }
}
