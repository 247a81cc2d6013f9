extension ListEngine {
  /// Moves the remembered positions of the displayed cells through a stage; cells whose element the stage
  /// removes are forgotten (the view ends their display).
  ///
  /// - Complexity: O(*d* log *c*) for *d* displayed cells and *c* changes in the stage.
  func remapDisplayedCells(through stage: Changeset<ListSnapshot>) {
    guard !displayedCells.isEmpty, !stage.isEmpty else { return }
    let mapper = PathMapper(stage)
    var remapped: [ObjectIdentifier: ListElement] = [:]
    remapped.reserveCapacity(displayedCells.count)
    for (cell, element) in displayedCells {
      switch element {
      case .row(let path):
        if case .kept(let target) = mapper.map(path) { remapped[cell] = .row(target) }
      case .header(let section):
        if let target = mapper.mapSection(section) { remapped[cell] = .header(section: target) }
      case .footer(let section):
        if let target = mapper.mapSection(section) { remapped[cell] = .footer(section: target) }
      }
    }
    displayedCells = remapped
  }
}
