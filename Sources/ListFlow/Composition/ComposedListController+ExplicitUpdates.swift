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

extension ComposedListController {
  /// The list's own header, above the first section of the first child: the engine's
  /// ``ListEngine/listHeader``.
  public var listHeader: CellBinder? {
    get { engine.listHeader }
    set { engine.listHeader = newValue }
  }

  /// The list's own footer, below the last section of the last child: the engine's ``ListEngine/listFooter``.
  public var listFooter: CellBinder? {
    get { engine.listFooter }
    set { engine.listFooter = newValue }
  }
}
