import ListFlow

extension TerminalListView {
  /// Pulls the list's own header and footer from the data source (at each reload), giving the old ones back to
  /// the reuse pool, and makes room for them: the rows' area shrinks by one line for each.
  ///
  /// The header is pinned under the title bar and the footer above the status bar: they stay on screen while
  /// the rows scroll. A screen too small for them shows them only when a line is left for the rows.
  func pullListSupplementaries() {
    for cell in [listSupplementaries.header, listSupplementaries.footer].compactMap({ $0 }) {
      reusePool.enqueue(cell)
    }
    listSupplementaries = (nil, nil)
    if let dataSource {
      do {
        listSupplementaries.header = try dataSource.listHeader(for: self)
        listSupplementaries.footer = try dataSource.listFooter(for: self)
      } catch {
        record(error)
      }
    }
    if case .screen(let size) = mode { viewport.setHeight(listAreaHeight(for: size)) }
  }

  /// The lines the rows take on a screen: all but the title and status bars, the spinner's line while it runs,
  /// and the list's header and footer.
  func listAreaHeight(for size: TerminalSize) -> Int {
    max(Self.listHeight(for: size) - spinnerLineCount(for: size) - listSupplementaryLineCount(for: size), 0)
  }

  /// The line the spinner takes while it runs: 1 when it leaves at least one line for the rows, else 0 (the
  /// spinner is not drawn, and the rows keep the list's one line).
  func spinnerLineCount(for size: TerminalSize) -> Int {
    spinner != nil && Self.listHeight(for: size) > 1 ? 1 : 0
  }

  /// The lines the list's header takes above the rows: 1 when it is shown, else 0.
  var listHeaderLineCount: Int {
    guard listSupplementaries.header != nil, case .screen(let size) = mode else { return 0 }
    return listSupplementaryLineCount(for: size) > 0 ? 1 : 0
  }

  /// The list header's line (bold), or none.
  func listHeaderLines(width: Int) -> [StyledLine] {
    supplementaryLine(listSupplementaries.header, style: .bold, width: width)
  }

  /// The list footer's line (dim), or none.
  func listFooterLines(width: Int) -> [StyledLine] {
    supplementaryLine(listSupplementaries.footer, style: .dim, width: width)
  }

  private func listSupplementaryLineCount(for size: TerminalSize) -> Int {
    let count = (listSupplementaries.header == nil ? 0 : 1) + (listSupplementaries.footer == nil ? 0 : 1)
    // Keep at least one line for the rows.
    return Self.listHeight(for: size) - spinnerLineCount(for: size) > count ? count : 0
  }

  private func supplementaryLine(_ cell: (any ListCell)?, style: TextStyle, width: Int) -> [StyledLine] {
    guard let cell, case .screen(let size) = mode, listSupplementaryLineCount(for: size) > 0 else { return [] }
    return [Self.contentLine(of: cell, width: width).truncated(to: width).restyled { style + $0 }]
  }
}
