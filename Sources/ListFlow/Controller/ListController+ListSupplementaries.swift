extension ListController {
  /// The list's own header, above the first section: the engine's ``ListEngine/listHeader``. A controller made
  /// without a view has none (setting it does nothing): a composite's header belongs to its
  /// ``ListEngine``.
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
