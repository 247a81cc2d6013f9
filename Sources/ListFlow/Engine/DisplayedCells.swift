/// Where each displayed cell is, by the cell's identity, followed through every stage lazily: a stage only logs
/// its ``PathMapper``, and a cell's position is brought up to date when it is asked for (its action arrives).
///
/// Only cells that send actions are kept (the engine asks). A stage costs O(*c*) in its changes; every
/// ``logLimit`` stages the log is folded into the positions (O(*d* × ``logLimit``) for *d* kept cells, so O(*d*)
/// a stage on average), which keeps a lookup at most ``logLimit`` mappings long.
struct DisplayedCells {
  /// The position of each displayed cell, and how many logged stages it has been followed through.
  private var positions: [ObjectIdentifier: (element: ListElement, stage: Int)] = [:]
  /// The mappers of the stages applied since the log was last folded.
  private var log: [PathMapper] = []
  /// Stages logged before the positions are brought up to date all at once.
  static let logLimit = 64

  /// A cell appeared at an element of the list shown.
  mutating func display(_ cell: ObjectIdentifier, at element: ListElement) {
    positions[cell] = (element, log.count)
  }

  /// A cell left the screen.
  /// A cell shown in place of another at the same element (a reconfigured row): it is found where the other was.
  mutating func replace(_ old: ObjectIdentifier, with new: ObjectIdentifier) {
    guard let position = positions.removeValue(forKey: old) else { return }
    positions[new] = position
  }

  mutating func endDisplay(_ cell: ObjectIdentifier) {
    positions[cell] = nil
  }

  /// The view reloaded: every cell is displayed anew.
  mutating func removeAll() {
    positions = [:]
    log = []
  }

  /// A stage was applied; a stage that moves nothing (updates only) is not logged.
  mutating func follow<Data>(_ stage: Changeset<Data>) {
    guard !positions.isEmpty else {
      log = []
      return
    }
    guard
      !stage.sectionDeleted.isEmpty || !stage.sectionInserted.isEmpty || !stage.sectionMoved.isEmpty
        || !stage.elementDeleted.isEmpty || !stage.elementInserted.isEmpty || !stage.elementMoved.isEmpty
    else { return }
    log.append(PathMapper(stage))
    if log.count >= Self.logLimit { fold() }
  }

  /// The element a cell shows now, or `nil` when it is not displayed (or its element was removed).
  mutating func element(of cell: ObjectIdentifier) -> ListElement? {
    guard let (element, stage) = positions[cell] else { return nil }
    guard let current = Self.map(element, through: log[stage...]) else {
      positions[cell] = nil
      return nil
    }
    positions[cell] = (current, log.count)
    return current
  }

  /// Brings every position up to date and empties the log.
  private mutating func fold() {
    var folded: [ObjectIdentifier: (element: ListElement, stage: Int)] = [:]
    folded.reserveCapacity(positions.count)
    for (cell, (element, stage)) in positions {
      if let current = Self.map(element, through: log[stage...]) { folded[cell] = (current, 0) }
    }
    positions = folded
    log = []
  }

  private static func map(_ element: ListElement, through mappers: ArraySlice<PathMapper>) -> ListElement? {
    var element = element
    for mapper in mappers {
      switch element {
      case .row(let path):
        guard case .kept(let target) = mapper.map(path) else { return nil }
        element = .row(target)
      case .header(let section):
        guard let target = mapper.mapSection(section) else { return nil }
        element = .header(section: target)
      case .footer(let section):
        guard let target = mapper.mapSection(section) else { return nil }
        element = .footer(section: target)
      }
    }
    return element
  }
}
