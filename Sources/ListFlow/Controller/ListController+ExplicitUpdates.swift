extension ListController {
  /// Fills the cells of rows again, by identity, although their content did not change: see
  /// ``ListEngine/reconfigureRows(_:animated:)``.
  ///
  /// A controller made without a view has no cells: the call does nothing; ask the
  /// ``ComposedListController`` that shows it instead.
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
  /// ``ComposedListController`` that shows it instead.
  ///
  /// - Parameters:
  ///   - ids: The rows' identities; those with no row are reported as ``ListFlowError/unknownRows(_:)``.
  ///   - animated: Whether the view should animate the batch.
  public func reloadRows(_ ids: [ListIdentifier], animated: Bool = true) {
    engine?.reloadRows(ids, animated: animated)
  }
}

extension ListController {
  /// The list's own header, above the first section: the engine's ``ListEngine/listHeader``. A controller made
  /// without a view has none (setting it does nothing): a composite's header belongs to its
  /// ``ComposedListController``.
  public var listHeader: CellBinder? {
    get { engine?.listHeader }
    set { engine?.listHeader = newValue }
  }

  /// The list's own footer, below the last section: the engine's ``ListEngine/listFooter``. A controller made
  /// without a view has none (setting it does nothing).
  public var listFooter: CellBinder? {
    get { engine?.listFooter }
    set { engine?.listFooter = newValue }
  }
}
