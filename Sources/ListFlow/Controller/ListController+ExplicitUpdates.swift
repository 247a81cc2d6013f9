extension ListController {
  /// Fills the cells of rows again, by identity, although their content did not change: see
  /// ``ListEngine/reconfigureRows(_:animated:)``.
  ///
  /// A controller made without a view has no cells: the call does nothing; ask the
  /// ``ListEngine`` that shows it instead.
  ///
  /// - Parameters:
  ///   - ids: The rows' identities; those with no row are reported as ``ListFlowError/unknownRows(_:)``.
  ///   - animated: Whether the view should animate the batch.
  public func reconfigureRows(_ ids: [ListIdentifier], animated: Bool = true) {
    engine?.reconfigureRows(ids, animated: animated)
  }

  /// Replaces the cells of rows, by identity, although their content did not change: see
  /// ``ListEngine/reloadRows(_:animated:)``.
  ///
  /// A controller made without a view has no cells: the call does nothing; ask the
  /// ``ListEngine`` that shows it instead.
  ///
  /// - Parameters:
  ///   - ids: The rows' identities; those with no row are reported as ``ListFlowError/unknownRows(_:)``.
  ///   - animated: Whether the view should animate the batch.
  public func reloadRows(_ ids: [ListIdentifier], animated: Bool = true) {
    engine?.reloadRows(ids, animated: animated)
  }
}
