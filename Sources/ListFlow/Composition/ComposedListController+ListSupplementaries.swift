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
