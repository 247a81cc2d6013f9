extension TerminalListView {
  /// The marker drawn before the selected row.
  static let cursorMarker = "▸ "
  /// The indent drawn before every other row, as wide as the marker.
  static let rowIndent = "  "

  /// Draws the current state: in screen mode, writes the rows that changed since the last frame; in plain
  /// mode, nothing (changes were written as they were applied).
  public func render() {
    guard case .screen(let size) = mode else { return }
    // A failed or dropped write, or a terminal given back and taken again (a suspend), leaves the screen unknown.
    let interruptions = output.interruptions
    if interruptions != seenInterruptions { differ.invalidate() }
    seenInterruptions = interruptions
    let bytes = differ.render(makeFrame(size: size))
    if !bytes.isEmpty { output.write(bytes) }
    reportScrollPosition()
  }

  /// The frame for the current state: title bar, visible rows (pulling and releasing cells), status bar.
  func makeFrame(size: TerminalSize) -> TerminalFrame {
    let rows = viewport.visibleRows
    let elements = rows.map(Self.element(for:))
    releaseCells(notIn: Set(elements))
    var lines: [StyledLine] = [titleBar(width: size.columns)] + listHeaderLines(width: size.columns)
    for element in elements { lines.append(line(for: element, width: size.columns)) }
    lines += Array(repeating: StyledLine(), count: max(listAreaHeight(for: size) - elements.count, 0))
    lines += listFooterLines(width: size.columns)
    lines.append(statusBar(width: size.columns))
    return TerminalFrame(size: size, lines: lines)
  }

  static func element(for row: ListViewport.Row) -> ListElement {
    switch row {
    case .header(let section): .header(section: section)
    case .item(let path): .row(path)
    case .footer(let section): .footer(section: section)
    }
  }

  /// One row's line: the cell's own line, with the cursor marker and inverse video on the selected row.
  func line(for element: ListElement, width: Int) -> StyledLine {
    let contentWidth = max(width - Self.rowIndent.count, 0)
    guard let cell = displayedCell(for: element) else {
      // A header or footer whose height was given but whose view was not: a blank line (any error is on the
      // status bar).
      if case .row = element {} else { return StyledLine() }
      let message = lastError.map { "⚠ \($0)" } ?? "⚠ no cell"
      return StyledLine(Self.rowIndent + message, style: TextStyle(foreground: .red))
    }
    var content = Self.contentLine(of: cell, width: contentWidth).truncated(to: contentWidth)
    switch element {
    case .header:
      content.runs = content.runs.map { StyledRun($0.text, style: .bold + $0.style) }
      return content
    case .footer:
      content.runs = content.runs.map { StyledRun($0.text, style: .dim + $0.style) }
      return StyledLine(Self.rowIndent) + content
    case .row(let path):
      let mark = selectionMark(for: path)
      if let mark { content = content.truncated(to: contentWidth - mark.width) }
      guard path == viewport.selection else { return StyledLine(Self.rowIndent) + (mark ?? StyledLine()) + content }
      let padding = String(repeating: " ", count: max(contentWidth - content.width - (mark?.width ?? 0), 0))
      var line = StyledLine(Self.cursorMarker, style: .bold) + (mark ?? StyledLine()) + content
      line.append(padding)
      line.runs = line.runs.map { StyledRun($0.text, style: $0.style + .inverse) }
      return line
    }
  }

  /// A cell's line: its own for a ``TerminalCell``, its text representation otherwise.
  static func contentLine(of cell: any ListCell, width: Int) -> StyledLine {
    if let cell = cell as? any TerminalCell { return cell.line(width: width) }
    let limit = StyledRun.scalarLimit(forColumns: width)
    return StyledLine(StyledRun.visiblePrefix(of: cell.textRepresentation, scalarLimit: limit))
  }

  func titleBar(width: Int) -> StyledLine {
    let style = TextStyle(isBold: true, isInverse: true)
    let shown = StyledRun.visiblePrefix(of: title, scalarLimit: StyledRun.scalarLimit(forColumns: width))
    let text = DisplayWidth.truncate(StyledRun(shown).text, to: width)
    return StyledLine(text + String(repeating: " ", count: max(width - DisplayWidth.of(text), 0)), style: style)
  }

  func statusBar(width: Int) -> StyledLine {
    let position = viewport.selectionIndex.map { "\($0 + 1)/\(viewport.itemCount)" } ?? "0/0"
    var left = StyledLine(" \(position)  ", style: .bold)
    if let filter = filterStatus() {
      left.append(contentsOf: filter)
    } else {
      left.append("j/k move - enter select - d delete - r refresh - q quit", style: .dim)
    }
    let shown = StyledRun.visiblePrefix(of: status, scalarLimit: StyledRun.scalarLimit(forColumns: width))
    let right = StyledRun(shown, style: .dim)
    let rightWidth = min(right.width, width / 2)
    var line = left.truncated(to: width - rightWidth - (rightWidth > 0 ? 1 : 0))
    if rightWidth > 0 {
      line.append(String(repeating: " ", count: max(width - line.width - rightWidth, 1)))
      line.append(contentsOf: StyledLine([right]).truncated(to: rightWidth))
    }
    return line
  }

  /// Tells the data source where the viewport is when it moved (so it can report reaching the end and load
  /// more).
  func reportScrollPosition() {
    let position = ScrollPosition(
      offset: viewport.offset, viewportHeight: viewport.height, contentHeight: viewport.rowCount)
    guard position != lastScrollPosition else { return }
    lastScrollPosition = position
    dataSource?.didScroll(to: position)
  }
}
