extension TerminalListView {
  /// The marker drawn before the selected row.
  static let cursorMarker = "▸ "
  /// The indent drawn before every other row, as wide as the marker.
  static let rowIndent = "  "

  /// Draws the current state: in screen mode, writes the rows that changed since the last frame; in plain
  /// mode, nothing (changes were written as they were applied).
  ///
  /// Called while the view draws a frame or handles a call (from a callback), it draws once that is done: one
  /// frame for all the calls made meanwhile.
  public func render() {
    guard case .screen = mode else { return }
    if isBusy {
      needsFrame = true
    } else {
      runBusy { needsFrame = true }
    }
  }

  /// Draws a frame now (see ``render()``), unless a call made from its callbacks made it out of date.
  func drawFrame() {
    guard case .screen(let size) = mode else { return }
    // A failed or dropped write, or a terminal given back and taken again (a suspend), leaves the screen unknown.
    let interruptions = output.interruptions
    if interruptions != seenInterruptions { differ.invalidate() }
    seenInterruptions = interruptions
    // Rows that came on screen without a change of the viewport (a taller screen, a spinner gone) are measured;
    // nothing to do when the viewport and the measured rows did not change since they were last settled.
    if !isSettled { settle { _ in } }
    let frame = makeFrame(size: size)
    // A call from a callback (a `willDisplayCell`, a cell's configure closure) changed what the frame shows, or
    // waits to: the frame is made again once it is done, and this one is not written.
    guard !(isBusy && frameIsStale) else {
      needsFrame = true
      return
    }
    let bytes = differ.render(frame)
    if !bytes.isEmpty { output.write(bytes) }
    reportScrollPosition()
  }

  /// The frame for the current state: title bar, visible rows (pulling and releasing cells), status bar.
  func makeFrame(size: TerminalSize) -> TerminalFrame {
    let slices = viewport.visibleSlices
    releaseCells(notIn: Set(slices.map { Self.element(for: $0.row) }))
    var lines: [StyledLine] = [titleBar(width: size.columns)]
    if isShowingHelp {
      lines += helpLines(width: size.columns, height: Self.listHeight(for: size))
    } else {
      lines += listHeaderLines(width: size.columns)
      let listStart = lines.count
      for slice in slices {
        // The rest of a frame gone out of date is not pulled: its rows may be elsewhere now.
        if isBusy, frameIsStale { break }
        lines += self.lines(for: slice, width: size.columns)
      }
      lines += Array(repeating: StyledLine(), count: max(listStart + viewport.height - lines.count, 0))
      lines += listFooterLines(width: size.columns)
      if spinnerLineCount(for: size) > 0, let spinner = spinnerLine(width: size.columns) { lines.append(spinner) }
    }
    lines += Array(repeating: StyledLine(), count: max(Self.listHeight(for: size) + 1 - lines.count, 0))
    lines.append(statusBar(width: size.columns))
    if !usesColor { lines = lines.map(Self.withoutColor) }
    return TerminalFrame(size: size, lines: lines)
  }

  static func element(for row: ListViewport.Row) -> ListElement {
    switch row {
    case .header(let section): .header(section: section)
    case .item(let path): .row(path)
    case .footer(let section): .footer(section: section)
    }
  }

  /// The lines of a row shown on screen: the part of the row that the slice shows.
  func lines(for slice: ListViewport.Slice, width: Int) -> [StyledLine] {
    let shown = slice.lines.clamped(to: 0..<max(slice.height, 0))
    return lines(for: Self.element(for: slice.row), shown: shown, width: width)
  }

  /// The lines `shown` of one row (0 being its first): the cell's own lines (cut, or blank lines past the cell's
  /// last), with the cursor marker on the first line and inverse video on every line of the selected row.
  ///
  /// A cell's own lines are asked once per configuration and width, and the lines shown are kept
  /// (``rowLinesMemo``) while the cell, the width, the lines shown, the cursor and the selection mark stay: a
  /// frame remakes only the rows that changed or scrolled, and only their lines on screen, so a row of 65,535
  /// lines costs what the lines it shows cost.
  ///
  /// - Complexity: O(*k*) lines made for the *k* lines shown, when the memo does not have them; plus, once per
  ///   configuration and width, the cell's ``TerminalCell/lines(width:)``.
  func lines(for element: ListElement, shown: Range<Int>, width: Int) -> [StyledLine] {
    guard let cell = displayedCell(for: element) else { return missingCellLines(for: element, shown: shown) }
    var mark: StyledLine?
    var isCursor = false
    if case .row(let path) = element {
      mark = selectionMark(for: path)
      isCursor = path == viewport.selection
    }
    let key = ObjectIdentifier(cell)
    let memo = rowLinesMemo[key]
    if let memo, memo.shown == shown, memo.width == width, memo.isCursor == isCursor, memo.mark == mark {
      return memo.lines
    }
    // A row's selection mark takes columns of its own: the cell lays its lines out in what is left, so that text
    // aligned to the right edge (an accessory) stays whole.
    let cellWidth = max(width - Self.rowIndent.count - (mark?.width ?? 0), 0)
    let contents: [StyledLine]
    if let memo, memo.cellWidth == cellWidth {
      contents = memo.contents
    } else {
      contents = Self.contentLines(of: cell, width: cellWidth)
    }
    let lines = shown.map { index in
      line(
        index, of: element, content: index < contents.count ? contents[index] : nil, mark: mark,
        isCursor: isCursor, width: width)
    }
    rowLinesDrawn += lines.count
    if rowLinesMemo.count > 4 * heldCells.count + 64 {
      let held = Set(heldCells.values.map { ObjectIdentifier($0) })
      rowLinesMemo = rowLinesMemo.filter { held.contains($0.key) }
    }
    rowLinesMemo[key] = RowLines(
      cellWidth: cellWidth, contents: contents, width: width, isCursor: isCursor, mark: mark, shown: shown,
      lines: lines)
    return lines
  }

  /// The lines `shown` of a row whose cell could not be had: blank for a header or footer whose height was given
  /// but whose view was not, a warning on the first line of a row (any error is on the status bar).
  private func missingCellLines(for element: ListElement, shown: Range<Int>) -> [StyledLine] {
    rowLinesDrawn += shown.count
    guard case .row = element else { return Array(repeating: StyledLine(), count: shown.count) }
    let message = lastError.map { "⚠ \($0)" } ?? "⚠ no cell"
    return shown.map {
      $0 == 0 ? StyledLine(Self.rowIndent + message, style: TextStyle(foreground: .red)) : StyledLine()
    }
  }

  /// Line `index` of a row drawn from its cell's line `content` (`nil` past the cell's last line, a blank line),
  /// with its selection mark, under the cursor or not.
  private func line(
    _ index: Int, of element: ListElement, content: StyledLine?, mark: StyledLine?, isCursor: Bool, width: Int
  ) -> StyledLine {
    let contentWidth = max(width - Self.rowIndent.count, 0)
    let markWidth = mark?.width ?? 0
    let cellWidth = max(contentWidth - markWidth, 0)
    let line = content?.truncated(to: cellWidth) ?? StyledLine()
    switch element {
    case .header:
      return line.restyled { .bold + $0 }
    case .footer:
      return StyledLine(Self.rowIndent) + line.restyled { .dim + $0 }
    case .row:
      // The selection mark (a list with a selection mode) on the first line, blanks under it on the others.
      let prefix = index == 0 ? (mark ?? StyledLine()) : StyledLine(String(repeating: " ", count: markWidth))
      guard isCursor else { return StyledLine(Self.rowIndent) + prefix + line }
      let padding = String(repeating: " ", count: max(contentWidth - line.width - markWidth, 0))
      var shown = StyledLine(index == 0 ? Self.cursorMarker : Self.rowIndent, style: .bold) + prefix + line
      shown.append(padding)
      return shown.restyled { $0 + .inverse }
    }
  }

  /// A cell's lines: its own for a ``TerminalCell``, its text representation otherwise.
  static func contentLines(of cell: any ListCell, width: Int) -> [StyledLine] {
    if let cell = cell as? any TerminalCell { return cell.lines(width: width) }
    return [contentLine(of: cell, width: width)]
  }

  /// A cell's line: its own for a ``TerminalCell``, its text representation otherwise.
  static func contentLine(of cell: any ListCell, width: Int) -> StyledLine {
    if let cell = cell as? any TerminalCell { return cell.line(width: width) }
    let limit = StyledRun.scalarLimit(forColumns: width)
    return StyledLine(StyledRun.visiblePrefix(of: cell.textRepresentation, scalarLimit: limit))
  }

  func titleBar(width: Int) -> StyledLine {
    // Drawn again only when the title or the width changed: the same bytes otherwise, sanitised once.
    if let memo = titleBarMemo, memo.width == width, memo.title.utf8.elementsEqual(title.utf8) { return memo.line }
    let style = TextStyle(isBold: true, isInverse: true)
    let shown = StyledRun.visiblePrefix(of: title, scalarLimit: StyledRun.scalarLimit(forColumns: width))
    let text = DisplayWidth.truncate(StyledRun(shown).text, to: width)
    let line = StyledLine(text + String(repeating: " ", count: max(width - DisplayWidth.of(text), 0)), style: style)
    titleBarMemo = (title, width, line)
    return line
  }

  func statusBar(width: Int) -> StyledLine {
    let position = viewport.selectionIndex.map { "\($0 + 1)/\(viewport.itemCount)" } ?? "0/0"
    var left = StyledLine(" \(position)\(followsLastRow ? " follow" : "")  ", style: .bold)
    if let note = selectionNote() { left.append(note + "  ", style: .bold) }
    let shown = StyledRun.visiblePrefix(
      of: statusMessage?.text ?? status, scalarLimit: StyledRun.scalarLimit(forColumns: width))
    let right = StyledRun(shown, style: .dim)
    let rightWidth = min(right.width, width / 2)
    let leftWidth = width - rightWidth - (rightWidth > 0 ? 1 : 0)
    if let filter = filterStatus(width: leftWidth - left.width) {
      left.append(contentsOf: filter)
    } else {
      left.append(actingBindingsAndHelpLine().helpLine, style: .dim)
    }
    var line = left.truncated(to: leftWidth)
    if rightWidth > 0 {
      line.append(String(repeating: " ", count: max(width - line.width - rightWidth, 1)))
      line.append(contentsOf: StyledLine([right]).truncated(to: rightWidth))
    }
    return line
  }

  /// Tells the data source where the viewport is when it moved (so it can report reaching the end and load
  /// more).
  func reportScrollPosition() {
    let position = SyncDelegate.ScrollPosition(
      offset: viewport.offset, viewportHeight: viewport.height, contentHeight: viewport.lineCount)
    guard position != lastScrollPosition else { return }
    lastScrollPosition = position
    dataSource?.didScroll(to: position)
  }
}
