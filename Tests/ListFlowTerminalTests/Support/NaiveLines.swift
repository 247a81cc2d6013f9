import ListFlow

@testable import ListFlowTerminal

/// The list laid out the slow, obvious way: one entry per screen line, naming the row and the row's line.
///
/// The multi-line viewport tests compare `ListViewport` with it: what is on screen, which row a line holds, where
/// a page move lands.
struct NaiveLines {
  struct Line: Hashable {
    var row: ListViewport.Row
    var lineInRow: Int
    var rowHeight: Int
  }

  var lines: [Line] = []
  /// Every row, in order, with its first line and height.
  var rows: [(row: ListViewport.Row, start: Int, height: Int)] = []

  init(_ sections: [ListViewport.Section]) {
    func add(_ row: ListViewport.Row, _ height: Int) {
      rows.append((row, lines.count, height))
      for line in 0..<height { lines.append(Line(row: row, lineInRow: line, rowHeight: height)) }
    }
    for (index, section) in sections.enumerated() {
      if section.headerHeight > 0 { add(.header(section: index), section.headerHeight) }
      for item in 0..<section.itemCount {
        add(.item(ItemPath(item: item, section: index)), section.height(ofItem: item))
      }
      if section.footerHeight > 0 { add(.footer(section: index), section.footerHeight) }
    }
  }

  var items: [ItemPath] {
    rows.compactMap { if case .item(let path) = $0.row { path } else { nil } }
  }

  func start(of path: ItemPath) -> Int? { rows.first { $0.row == .item(path) }?.start }
  func height(of path: ItemPath) -> Int? { rows.first { $0.row == .item(path) }?.height }

  /// The lines a viewport at `offset` of `height` lines shows.
  func shown(offset: Int, height: Int) -> [Line] {
    Array(lines[min(offset, lines.count)..<min(offset + height, lines.count)])
  }

  /// Where a page move from `selection` lands, by the rule `ListViewport.movePage(by:)` documents.
  func page(from selection: ItemPath, down: Bool, height: Int) -> ItemPath {
    let items = self.items
    let current = items.firstIndex(of: selection)!
    let distance = max(height - 1, 1)
    let target = start(of: selection)! + (down ? distance : -distance)
    var next: Int
    if target < 0 {
      next = 0
    } else if target >= lines.count {
      next = items.count - 1
    } else {
      let rowIndex = rows.firstIndex { $0.start <= target && target < $0.start + $0.height }!
      if case .item(let path) = rows[rowIndex].row {
        next = items.firstIndex(of: path)!
      } else if down {
        let later = rows[rowIndex...].compactMap { if case .item(let path) = $0.row { path } else { nil } }.first
        next = later.flatMap { items.firstIndex(of: $0) } ?? items.count - 1
      } else {
        let earlier = rows[...rowIndex].compactMap { if case .item(let path) = $0.row { path } else { nil } }.last
        next = earlier.flatMap { items.firstIndex(of: $0) } ?? 0
      }
    }
    if next == current { next = min(max(current + (down ? 1 : -1), 0), items.count - 1) }
    return items[next]
  }
}
