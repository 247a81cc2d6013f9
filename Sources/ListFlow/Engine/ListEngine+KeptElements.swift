/// A data source told apart the two ways an element leaves a view: removed by a change (its position before the
/// stage, ``ListDataSource/didEndDisplaying(_:for:)``), or still in the list but off the screen (its position in
/// the list shown now). ``ListEngine`` is one; a view casts its data source to it.
@MainActor
package protocol _KeptElementEnding: AnyObject {
  /// An element the list still has left the screen: the view scrolled, or drew a change that pushed it off (rows
  /// inserted above it, a taller row, a child of a composite moved). `element` is its position in the list the
  /// data source shows now: while a change's last stage is drawn, the list after the change.
  func _didEndDisplaying(_ cell: any ListCell, forKept element: ListElement)
}

extension ListEngine: _KeptElementEnding {
  /// An element the list still has left the screen: the matching `didEndDisplaying…` closure of the feed that
  /// owns it in the list shown (``snapshot``: during the last stage of a change, the list after the change, with
  /// the owners after it), at its position there, then of ``delegate``; as a scroll ends it.
  ///
  /// - Complexity: O(1) but for the owner's closures.
  package func _didEndDisplaying(_ cell: any ListCell, forKept element: ListElement) {
    displayedCells.endDisplay(ObjectIdentifier(cell))
    if let (owner, local) = route(element, routes: nil) { owner.endDisplaying(keptCell: cell, at: local) }
    element.notify(
      cell, row: delegate.didEndDisplayingCell, header: delegate.didEndDisplayingHeader,
      footer: delegate.didEndDisplayingFooter)
  }
}
