import ListFlow

extension ListViewport {
  /// Selects an item (clamped into the list) and scrolls so that it sits where `alignment` says, as far as the
  /// list allows: the first line of the list never goes below the top, the last never above the bottom.
  ///
  /// A row taller than the screen shows its first line at the top, whatever the alignment. With
  /// ``ListEngine/ScrollAlignment/visible`` the scroll is the one of ``scrollToSelection()`` (which brings a section's
  /// header on screen with its first item); the other alignments place the row itself.
  ///
  /// - Parameters:
  ///   - path: The item.
  ///   - alignment: Where the row goes on screen.
  mutating func scroll(to path: ItemPath, alignment: ListEngine.ScrollAlignment) {
    selection = clampedSelection(path)
    guard let selection, let row = rowIndex(of: selection), height > 0 else { return }
    let start = lineIndex(ofRow: row)
    let rowHeight = sections[selection.section].height(ofItem: selection.item)
    let end = saturatingSum(start, rowHeight)
    switch alignment {
    case .top: offset = start
    case .center: offset = start - max(height - rowHeight, 0) / 2
    case .bottom: offset = end - height
    case .visible:
      scrollToSelection()
      return
    }
    if end - offset > height { offset = end - height }
    if start < offset { offset = start }
    clampOffset()
  }

  /// Moves the selection one page down (`pages` > 0) or up (`pages` < 0), as many times as `pages` says.
  ///
  /// A page is the screen's height less one line (at least one line). The list scrolls by a page, and the
  /// selection moves to the item a page of lines away from the selected row's first line: the item that holds
  /// that line, or, when it is a header or footer line, the next item going down (the previous one going up).
  /// The selection always moves by at least one item, unless it is on the last (first) item already; a page
  /// past the end stops at the last (first) item.
  ///
  /// - Parameter pages: The pages to move, negative for up; any value.
  /// - Complexity: O(|*pages*| log *n*).
  mutating func movePage(by pages: Int) {
    guard itemCount > 0, pages != 0 else { return }
    defer { scrollToSelection() }
    let distance = max(height - 1, 1)
    for _ in 0..<min(pages.magnitude, UInt(itemCount)) {
      guard let selected = selection, let current = globalIndex(of: selected), let row = rowIndex(of: selected) else {
        return
      }
      let down = pages > 0
      let start = lineIndex(ofRow: row)
      let target = down ? saturatingSum(start, distance) : start - distance
      var next: Int
      if target < 0 {
        next = 0
      } else if target >= lineCount {
        next = itemCount - 1
      } else {
        next = item(nearLine: target, goingDown: down)
      }
      if next == current { next = min(max(current + (down ? 1 : -1), 0), itemCount - 1) }
      guard next != current else { return }
      selection = item(atGlobalIndex: next)
      offset = down ? saturatingSum(offset, distance) : offset - distance
      clampOffset()
      scrollToSelection()
    }
  }

  /// Scrolls the list by lines (negative is up) without moving the selection while its first line stays on
  /// screen, as a mouse wheel does.
  ///
  /// When the selected row's first line leaves the screen, the selection moves to the nearest item whose first
  /// line is on screen; when no item's first line is, to the item that holds the top line; when the screen
  /// shows no item at all (only tall headers and footers), to the nearest item in the direction of the scroll,
  /// which is then scrolled into view.
  ///
  /// - Parameter lines: The lines to scroll by; any value.
  mutating func scroll(byLines lines: Int) {
    guard height > 0, itemCount > 0 else { return }
    offset = lines > 0 ? saturatingSum(offset, lines) : offset + max(lines, -offset)
    clampOffset()
    guard let selection, let selectedRow = rowIndex(of: selection) else { return }
    let start = lineIndex(ofRow: selectedRow)
    let end = saturatingSum(offset, height)
    guard start < offset || start >= end else { return }
    let slices = visibleSlices
    let starting = slices.compactMap { slice -> ItemPath? in
      guard case .item(let path) = slice.row, slice.lines.lowerBound == 0 else { return nil }
      return path
    }
    if let chosen = start < offset ? starting.first : starting.last {
      self.selection = chosen
      return
    }
    if let first = slices.first, case .item(let path) = first.row {
      self.selection = path
      return
    }
    // No item on screen: the nearest one in the direction of the scroll.
    let top = rowIndex(atLine: min(offset, lineCount - 1))
    self.selection = self.item(atGlobalIndex: item(nearRow: top, goingDown: start < offset))
    scrollToSelection()
  }

  /// The global index of the item that holds a line; for a header or footer line, the nearest item below it
  /// (`goingDown`) or above it, as far as the list has one.
  private func item(nearLine line: Int, goingDown: Bool) -> Int {
    item(nearRow: rowIndex(atLine: line), goingDown: goingDown)
  }

  /// The global index of the item at a flat row, or of the nearest item below it (`goingDown`) or above it.
  private func item(nearRow flatRow: Int, goingDown: Bool) -> Int {
    var index = flatRow
    while true {
      if case .item(let path) = row(at: index) { return globalIndex(of: path) ?? 0 }
      if goingDown {
        guard index + 1 < rowCount else { return itemCount - 1 }
        index += 1
      } else {
        guard index > 0 else { return 0 }
        index -= 1
      }
    }
  }

  private func clampedSelection(_ path: ItemPath) -> ItemPath? {
    var copy = self
    copy.select(path)
    return copy.selection
  }
}
