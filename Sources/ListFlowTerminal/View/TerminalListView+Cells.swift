extension TerminalListView {
  /// Whether a section has a header or footer: the data source's height for it is not `nil`. No cell is
  /// dequeued or configured for it.
  func hasSupplementary(_ element: ListElement) -> Bool {
    if heldCells[element] != nil { return true }
    return dataSource?.height(of: element) != nil
  }

  /// A configured cell for an element from the data source, or `nil` (no header/footer, or an error, recorded).
  func pullCell(for element: ListElement) -> (any ListCell)? {
    guard let dataSource else { return nil }
    do {
      let cell: (any ListCell)? =
        switch element {
        case .row(let path): try dataSource.cell(at: path, for: self)
        case .header(let section): try dataSource.header(inSection: section, for: self)
        case .footer(let section): try dataSource.footer(inSection: section, for: self)
        }
      // A cell configured now (perhaps one drawn before, from the pool) is drawn anew.
      if let cell { rowLinesMemo[ObjectIdentifier(cell)] = nil }
      return cell
    } catch {
      record(error)
      return nil
    }
  }

  /// The cell held for an element on screen, pulled (and announced with `willDisplay`) the first time.
  func displayedCell(for element: ListElement) -> (any ListCell)? {
    if let cell = heldCells[element] { return cell }
    let changes = appliedChanges
    guard let cell = pullCell(for: element) else { return nil }
    // Its configure closure changed the list: the cell shows the element's row before the change, which may be
    // elsewhere now. It goes back to the pool; the frame, out of date, is made again.
    guard changes == appliedChanges else {
      reusePool.enqueue(cell)
      return nil
    }
    heldCells[element] = cell
    dataSource?.willDisplay(cell, for: element)
    return cell
  }

  /// Gives back the cells of elements that left the screen while the list keeps them (scrolled off, or pushed off
  /// by the change just drawn): each ends its display at its position in the list shown now, which the engine
  /// tells from an element a change removed (``endDisplaying(_:_:)``, a position before the stage).
  func releaseCells(notIn visible: Set<ListElement>) {
    let keeping = dataSource as? any _KeptElementEnding
    for (element, cell) in heldCells where !visible.contains(element) {
      // A callback changed the list (its cells moved): the next frame gives back what is left.
      guard !(isBusy && frameIsStale), let held = heldCells[element], held === cell else { break }
      heldCells[element] = nil
      if let keeping {
        keeping._didEndDisplaying(cell, forKept: element)
        reusePool.enqueue(cell)
      } else {
        endDisplaying(cell, element)
      }
    }
  }

  /// Announces that a cell left the screen, at a position of the list before the change (a stage removed or
  /// replaced its element, or a reload dropped it), and returns it to the reuse pool.
  func endDisplaying(_ cell: any ListCell, _ element: ListElement) {
    dataSource?.didEndDisplaying(cell, for: element)
    reusePool.enqueue(cell)
  }

  /// Follows the held cells through a stage (whose paths `mapper` maps): deleted ones go back to the pool, moved ones change key,
  /// reconfigured ones are replaced by new cells with their new content, reloaded ones and those of updated sections are dropped (pulled
  /// again when drawn).
  func moveHeldCells(through update: ListUpdate, mapper: PathMapper) {
    let changeset = update.changeset
    // A stage that updates no row has no row to reconfigure or reload: its rows' kinds are not asked.
    let refreshesRows = !update.refreshedRows.isEmpty
    var moved: [ListElement: any ListCell] = [:]
    moved.reserveCapacity(heldCells.count)
    for (element, cell) in heldCells {
      switch element {
      case .row(let path):
        // Only the held rows are split into reconfigured and reloaded: their binders alone are made.
        let kind = refreshesRows ? update.rowKind(at: path) : nil
        guard case .kept(let target) = mapper.map(path), kind != .reloaded else {
          endDisplaying(cell, element)
          continue
        }
        guard kind == .reconfigured, let dataSource else {
          moved[.row(target)] = cell
          continue
        }
        // A reconfigured row gets a new cell (a cell is configured once); on an error it is pulled again when drawn.
        do {
          let replacement = try dataSource.reconfiguredCell(replacing: cell, at: target, for: self)
          rowLinesMemo[ObjectIdentifier(replacement)] = nil
          moved[.row(target)] = replacement
        } catch {
          record(error)
        }
        reusePool.enqueue(cell)
      case .header(let section), .footer(let section):
        guard !changeset.sectionUpdated.contains(section), let target = mapper.mapSection(section) else {
          endDisplaying(cell, element)
          continue
        }
        if case .header = element {
          moved[.header(section: target)] = cell
        } else {
          moved[.footer(section: target)] = cell
        }
      }
    }
    heldCells = moved
  }
}

/// The lines drawn of a cell on screen and what they were drawn for: the cell's own lines at the width it was
/// given, and the row's lines on screen made from them.
struct RowLines {
  /// The width the cell laid its lines out in.
  var cellWidth: Int
  /// The cell's own lines at `cellWidth`, as it gave them (not cut).
  var contents: [StyledLine]
  var width: Int
  var isCursor: Bool
  var mark: StyledLine?
  /// The row's lines that `lines` holds, 0 being its first.
  var shown: Range<Int>
  var lines: [StyledLine]
}
