extension ListController {
  /// Scrolls the view to a row (see ``ListEngine/scrollToRow(at:alignment:)``); a controller with no view (a
  /// composite's child) does nothing: scroll through the composite's controller instead.
  ///
  /// - Parameters:
  ///   - path: The row's position in the list shown.
  ///   - alignment: Where the row goes on screen; the smallest scroll by default.
  /// - Throws: An out-of-range error.
  public func scrollToRow(at path: ItemPath, alignment: ScrollAlignment = .visible) throws(ListFlowError) {
    try engine?.scrollToRow(at: path, alignment: alignment)
  }

  /// Scrolls the view to the first row with an identity (see ``ListEngine/scrollToRow(withIdentity:alignment:)``).
  ///
  /// - Parameters:
  ///   - id: The row's identity, as its binder has it.
  ///   - alignment: Where the row goes on screen; the smallest scroll by default.
  /// - Throws: ``ListFlowError/rowNotFound(_:)``.
  public func scrollToRow(
    withIdentity id: ListIdentifier, alignment: ScrollAlignment = .visible
  )
    throws(ListFlowError)
  {
    try engine?.scrollToRow(withIdentity: id, alignment: alignment)
  }
}
