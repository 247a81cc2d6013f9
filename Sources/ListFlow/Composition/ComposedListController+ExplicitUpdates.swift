extension ComposedListController {
  /// Fills the cells of rows again, by identity, whichever child shows them: see
  /// ``ListEngine/reconfigureRows(_:animated:)``.
  ///
  /// - Parameters:
  ///   - ids: The rows' identities; those with no row are reported as ``ListFlowError/unknownRows(_:)``.
  ///   - animated: Whether the view should animate the batch.
  public func reconfigureRows(_ ids: [ListIdentifier], animated: Bool = true) {
    engine.reconfigureRows(ids, animated: animated)
  }

  /// Replaces the cells of rows, by identity, whichever child shows them: see
  /// ``ListEngine/reloadRows(_:animated:)``.
  ///
  /// - Parameters:
  ///   - ids: The rows' identities; those with no row are reported as ``ListFlowError/unknownRows(_:)``.
  ///   - animated: Whether the view should animate the batch.
  public func reloadRows(_ ids: [ListIdentifier], animated: Bool = true) {
    engine.reloadRows(ids, animated: animated)
  }
}
