import ListFlow

/// The visible window of a sectioned list on a screen of a given height, with a selected item.
///
/// The list is laid out as flat rows: for each section an optional header row, its items, an optional footer
/// row. Each row takes one or more screen lines (its height): headers and footers take their section's
/// ``Section/headerHeight`` and ``Section/footerHeight``, items the heights given to ``Section/init(headerHeight:itemHeights:footerHeight:)``
/// (one line each by default). The viewport holds the first visible *line* (``offset``) and the selected item,
/// and keeps the selection on screen as it moves. A row can be cut at the top or bottom edge of the screen: see
/// ``visibleSlices``.
///
/// It knows only the shape of the list, so it is cheap to update: O(*s*) in the number of sections when every
/// item takes one line, plus O(*n*) for the items of sections that declare heights.
///
/// Sizes never trap: counts and line sums saturate at `Int.max` (rows past it cannot be reached), the screen and
/// row heights are clamped to 0…``maximumHeight`` (rows to at least 1), and moves of any distance stop at the
/// first and last item.
///
/// ```swift
/// var viewport = ListViewport(height: 10)
/// viewport.setSections([.init(hasHeader: true, itemCount: 100, hasFooter: false)])
/// viewport.moveSelection(by: 15)   // selects 0:14, scrolls so that it is visible
/// viewport.visibleRows             // [.item(0:5), … .item(0:14)]
/// ```
struct ListViewport: Hashable, Sendable {
  /// The shape of one section: the heights of its header and footer (0 when it has none), and its items'.
  struct Section: Hashable, Sendable {
    /// The lines of the header row, 0 when the section has none.
    var headerHeight: Int
    /// The number of items.
    var itemCount: Int
    /// The lines of the footer row, 0 when the section has none.
    var footerHeight: Int
    /// The lines of the first items, each at least 1; items past the end of this array take one line.
    private(set) var itemHeights: [Int]

    /// Creates a section shape whose rows take one line each.
    ///
    /// - Parameters:
    ///   - hasHeader: Whether a header row comes first.
    ///   - itemCount: The number of items; negative counts are treated as 0.
    ///   - hasFooter: Whether a footer row comes last.
    init(hasHeader: Bool = false, itemCount: Int, hasFooter: Bool = false) {
      self.headerHeight = hasHeader ? 1 : 0
      self.itemCount = max(itemCount, 0)
      self.footerHeight = hasFooter ? 1 : 0
      self.itemHeights = []
    }

    /// Creates a section shape with rows of several lines.
    ///
    /// - Parameters:
    ///   - headerHeight: The lines of the header, 0 for none; clamped to 0…`maximumHeight`.
    ///   - itemHeights: The lines of each item; clamped to 1…`maximumHeight`.
    ///   - footerHeight: The lines of the footer, 0 for none; clamped like the header's.
    init(headerHeight: Int = 0, itemHeights: [Int], footerHeight: Int = 0) {
      self.headerHeight = min(max(headerHeight, 0), ListViewport.maximumHeight)
      self.itemCount = itemHeights.count
      self.footerHeight = min(max(footerHeight, 0), ListViewport.maximumHeight)
      let clamped = itemHeights.map { min(max($0, 1), ListViewport.maximumHeight) }
      // All one line: keep no array, so that such sections cost O(1).
      self.itemHeights = clamped.allSatisfy { $0 == 1 } ? [] : clamped
    }

    /// Creates a section shape of `itemCount` items whose first ones take the lines `leadingItemHeights` gives
    /// (clamped to 1…`maximumHeight`), the others one line each.
    ///
    /// - Parameters:
    ///   - headerHeight: The lines of the header, 0 for none; clamped to 0…`maximumHeight`.
    ///   - itemCount: The number of items; negative counts are treated as 0.
    ///   - leadingItemHeights: The lines of the first items; heights past `itemCount` are ignored.
    ///   - footerHeight: The lines of the footer, 0 for none; clamped like the header's.
    init(headerHeight: Int, itemCount: Int, leadingItemHeights: [Int], footerHeight: Int) {
      self.init(
        headerHeight: headerHeight, itemHeights: Array(leadingItemHeights.prefix(max(itemCount, 0))),
        footerHeight: footerHeight)
      self.itemCount = max(itemCount, 0)
    }

    /// The number of items whose heights the shape keeps: the items past them take one line each.
    var declaredItemCount: Int { min(itemHeights.count, itemCount) }

    /// Changes the heights of some items (clamped to 1…`maximumHeight`), the others keeping theirs.
    ///
    /// - Parameter heights: The new height of each item to change, by index; indices outside the section are
    ///   ignored.
    /// - Complexity: O(1) when every new height is one line past the items with declared heights; else O(*d*)
    ///   for the *d* items up to the last one changed or declared.
    mutating func setHeights(_ heights: [Int: Int]) {
      let changes = heights.filter { $0.key >= 0 && $0.key < itemCount }
      let declared = itemHeights.count
      guard changes.contains(where: { $0.key < declared || $0.value != 1 }) else { return }
      var all = itemHeights
      let end = max(declared, (changes.filter { $0.value != 1 }.keys.max() ?? -1) + 1)
      if end > all.count { all += Array(repeating: 1, count: end - all.count) }
      for (item, height) in changes where item < all.count {
        all[item] = min(max(height, 1), ListViewport.maximumHeight)
      }
      itemHeights = all.allSatisfy { $0 == 1 } ? [] : all
    }

    /// Whether a header row comes before the items.
    var hasHeader: Bool {
      get { headerHeight > 0 }
      set { headerHeight = newValue ? max(headerHeight, 1) : 0 }
    }

    /// Whether a footer row follows the items.
    var hasFooter: Bool {
      get { footerHeight > 0 }
      set { footerHeight = newValue ? max(footerHeight, 1) : 0 }
    }

    /// The lines of an item.
    ///
    /// - Parameter item: The item's index in the section.
    /// - Returns: Its height, at least 1.
    func height(ofItem item: Int) -> Int {
      itemHeights.indices.contains(item) ? max(itemHeights[item], 1) : 1
    }

    /// The rows the section takes: header, items, footer (at most `Int.max`).
    var rowCount: Int { saturatingSum(saturatingSum(hasHeader ? 1 : 0, itemCount), hasFooter ? 1 : 0) }
  }

  /// One row of the laid-out list.
  enum Row: Hashable, Sendable {
    /// A section's header.
    case header(section: Int)
    /// An item.
    case item(ItemPath)
    /// A section's footer.
    case footer(section: Int)
  }

  /// A row on screen and which of its lines are shown: all of them, or the lower part of a row cut by the top
  /// edge, or the upper part of one cut by the bottom edge.
  struct Slice: Hashable, Sendable {
    /// The row.
    var row: Row
    /// The lines of the row that are shown, 0 being the row's first line.
    var lines: Range<Int>
    /// The row's height.
    var height: Int
  }

  /// The sections, in order.
  private(set) var sections: [Section] = []
  /// The number of lines the list area shows.
  private(set) var height: Int
  /// The first visible line, counted from the top of the list (with one-line rows, the first visible row).
  var offset = 0
  /// The selected item, if the list has any item.
  var selection: ItemPath?
  /// The first flat row of each section, plus the total at the end.
  private var sectionStarts: [Int] = [0]
  /// The number of items before each section, plus the total at the end.
  private var itemStarts: [Int] = [0]
  /// The first line of each section, plus the total at the end.
  private var sectionLineStarts: [Int] = [0]
  /// Per section: the first line of each declared item relative to the section's first item, plus the end
  /// (`itemHeights.count + 1` values); empty for sections of one-line items.
  private var itemLineStarts: [[Int]] = []

  /// The tallest list area or row: the most rows a terminal reports (`UInt16.max`).
  static let maximumHeight = Int(UInt16.max)

  /// Creates an empty viewport.
  ///
  /// - Parameter height: The lines of the list area; clamped to 0…``maximumHeight``.
  init(height: Int) {
    self.height = min(max(height, 0), Self.maximumHeight)
  }

  /// The number of rows of the whole list.
  var rowCount: Int { sectionStarts.last ?? 0 }

  /// The number of lines of the whole list.
  var lineCount: Int { sectionLineStarts.last ?? 0 }

  /// The number of items of the whole list.
  var itemCount: Int { itemStarts.last ?? 0 }

  /// Replaces the list's shape, keeping the selection at `selection` (clamped into the new list) and the
  /// offset where it was as long as the selection stays visible.
  ///
  /// - Parameters:
  ///   - sections: The new shape.
  ///   - selection: The item to select; the current selection by default. Out-of-range paths are clamped to
  ///     the nearest existing item.
  /// - Complexity: O(*s*) in the number of sections, plus O(*d*) for the *d* items with declared heights.
  mutating func setSections(_ sections: [Section], selecting selection: ItemPath?? = .none) {
    layOut(sections)
    let wanted = selection ?? self.selection
    self.selection = wanted.flatMap(clampedItem) ?? (itemCount > 0 ? item(atGlobalIndex: 0) : nil)
    clampOffset()
    scrollToSelection()
  }

  /// Changes the heights of some items, keeping the row at the top of the screen there (and the line of it that
  /// shows first); the selection stays, and is not scrolled into view.
  ///
  /// A view that learns the heights of rows it assumed to take one line corrects its shape this way: the rows on
  /// screen stay where they are.
  ///
  /// - Parameter heights: The new height of each item to change (clamped to 1…``maximumHeight``); paths
  ///   outside the list are ignored.
  /// - Complexity: O(*s*) in the sections, plus O(*d*) for the items with declared heights.
  mutating func setItemHeights(_ heights: [ItemPath: Int]) {
    guard !heights.isEmpty else { return }
    var anchor: (row: Int, line: Int)?
    if offset < lineCount {
      let row = rowIndex(atLine: offset)
      anchor = (row, offset - lineIndex(ofRow: row))
    }
    var shape = sections
    var bySection: [Int: [Int: Int]] = [:]
    for (path, height) in heights where shape.indices.contains(path.section) {
      bySection[path.section, default: [:]][path.item] = height
    }
    for (section, items) in bySection { shape[section].setHeights(items) }
    layOut(shape)
    if let anchor, anchor.row < rowCount {
      offset = saturatingSum(lineIndex(ofRow: anchor.row), min(anchor.line, height(ofRow: anchor.row) - 1))
    }
    clampOffset()
  }

  /// Takes a new shape and computes where its sections and rows start; the selection and offset are left as
  /// they are.
  private mutating func layOut(_ sections: [Section]) {
    self.sections = sections
    sectionStarts = [0]
    itemStarts = [0]
    sectionLineStarts = [0]
    itemLineStarts = []
    sectionStarts.reserveCapacity(sections.count + 1)
    itemStarts.reserveCapacity(sections.count + 1)
    sectionLineStarts.reserveCapacity(sections.count + 1)
    itemLineStarts.reserveCapacity(sections.count)
    for section in sections {
      sectionStarts.append(saturatingSum(sectionStarts.last!, section.rowCount))
      itemStarts.append(saturatingSum(itemStarts.last!, section.itemCount))
      var starts: [Int] = []
      if !section.itemHeights.isEmpty {
        let declared = min(section.itemHeights.count, section.itemCount)
        starts.reserveCapacity(declared + 1)
        starts.append(0)
        for item in 0..<declared { starts.append(starts[item] + section.height(ofItem: item)) }
      }
      itemLineStarts.append(starts)
      let lines = saturatingSum(
        saturatingSum(section.headerHeight, itemLines(before: section.itemCount, in: itemLineStarts.count - 1)),
        section.footerHeight)
      sectionLineStarts.append(saturatingSum(sectionLineStarts.last!, lines))
    }
  }

  /// The selected row's first line on screen (0 is the top of the list area), if that line is visible.
  var selectionScreenRow: Int? {
    guard let selection, let row = rowIndex(of: selection) else { return nil }
    let line = lineIndex(ofRow: row)
    guard line >= offset, line - offset < height else { return nil }
    return line - offset
  }

  /// The selected row's first line relative to the top of the list area (0 is the top), while some line of the
  /// row is on screen: negative when its first lines are above the top, as when the wheel scrolled into a row
  /// taller than the screen. What ``keepSelection(atScreenRow:)`` takes to keep the row where it is.
  var selectionAnchor: Int? {
    guard let selection, let row = rowIndex(of: selection), height > 0 else { return nil }
    let line = lineIndex(ofRow: row)
    let rowHeight = sections[selection.section].height(ofItem: selection.item)
    guard line - offset < height, saturatingSum(line, rowHeight) > offset else { return nil }
    return line - offset
  }

  /// Scrolls so that the selected row's first line sits on a given screen line, as far as the list allows.
  ///
  /// A view calls it after a change with the line the selection was on before (``selectionAnchor``), so rows
  /// inserted or deleted above the selection do not make the list jump under the cursor (and do not repaint the
  /// screen). A negative line (the row's first lines above the top) is kept while the row still reaches the
  /// screen there, so that a change does not scroll a row the wheel scrolled into back to its first line; else the
  /// row comes on screen as ``scrollToSelection()`` brings it.
  ///
  /// - Parameter screenRow: The line of the list area, 0 being its top; any value.
  mutating func keepSelection(atScreenRow screenRow: Int) {
    guard let selection, let row = rowIndex(of: selection) else { return }
    let start = lineIndex(ofRow: row)
    if screenRow < 0, height > 0 {
      let kept = saturatingSum(start, screenRow == .min ? .max : -screenRow)
      if kept < saturatingSum(start, sections[selection.section].height(ofItem: selection.item)) {
        offset = kept
        clampOffset()
        return
      }
    }
    offset = start - min(max(screenRow, 0), max(height - 1, 0))
    clampOffset()
    scrollToSelection()
  }

  /// Changes the height of the list area (after a resize), keeping the selection visible. When the wheel had
  /// scrolled into the selected row, its first lines above the top (a row taller than the screen), the row's lines
  /// stay on their screen lines as far as the list allows (``keepSelection(atScreenRow:)``), rather than the row
  /// going back to its first line.
  ///
  /// - Parameter height: The new height; clamped to 0…``maximumHeight``.
  mutating func setHeight(_ height: Int) {
    let anchor = selectionAnchor
    self.height = min(max(height, 0), Self.maximumHeight)
    if let anchor, anchor < 0 {
      keepSelection(atScreenRow: anchor)
      return
    }
    clampOffset()
    scrollToSelection()
  }

  /// The rows on screen, from the top, whole or cut: at most ``height`` of them.
  ///
  /// - Complexity: O(*h* + log *s*), *h* the height and *s* the number of sections (plus O(log *d*) for a
  ///   section with *d* declared heights).
  var visibleRows: [Row] { visibleSlices.map(\.row) }

  /// The rows on screen, from the top, with the lines of each that are shown; their line counts add up to
  /// `min(height, lineCount - offset)`.
  ///
  /// - Complexity: As ``visibleRows``.
  var visibleSlices: [Slice] {
    let end = min(saturatingSum(offset, height), lineCount)
    guard offset < end else { return [] }
    var slices: [Slice] = []
    slices.reserveCapacity(min(end - offset, rowCount))
    var line = offset
    var index = rowIndex(atLine: offset)
    // The rows lie end to end: each starts where the one above ends (one look-up of a row's first line).
    var start = lineIndex(ofRow: index)
    while line < end, index < rowCount {
      let row = row(at: index)
      let rowHeight = height(of: row)
      let shownEnd = min(saturatingSum(start, rowHeight), end)
      slices.append(Slice(row: row, lines: (line - start)..<(shownEnd - start), height: rowHeight))
      line = shownEnd
      start = saturatingSum(start, rowHeight)
      index += 1
    }
    return slices
  }

  /// The items that take some of a range of lines of the list.
  ///
  /// - Parameter lines: Lines counted from the top of the list; the part outside the list is ignored.
  /// - Returns: The items, in order (headers and footers left out).
  /// - Complexity: O(*r* log *s*) for the *r* rows in the range.
  func items(inLines lines: Range<Int>) -> [ItemPath] {
    let lines = lines.clamped(to: 0..<lineCount)
    guard !lines.isEmpty else { return [] }
    var items: [ItemPath] = []
    var index = rowIndex(atLine: lines.lowerBound)
    while index < rowCount, lineIndex(ofRow: index) < lines.upperBound {
      if case .item(let path) = row(at: index) { items.append(path) }
      index += 1
    }
    return items
  }

  /// The row shown on a line of the list area, if any: what a mouse click on that line hits.
  ///
  /// - Parameter screenLine: The line, 0 being the top of the list area.
  /// - Returns: The header, item or footer there, or `nil` below the end of the list or outside the area.
  func row(atScreenLine screenLine: Int) -> Row? {
    guard screenLine >= 0, screenLine < height else { return nil }
    let line = saturatingSum(offset, screenLine)
    guard line < lineCount else { return nil }
    return row(at: rowIndex(atLine: line))
  }

  /// The row at a flat row index.
  ///
  /// - Parameter index: A flat row index in `0..<rowCount`.
  /// - Returns: The header, item or footer at that index.
  /// - Precondition: `index` is in `0..<rowCount`.
  /// - Complexity: O(log *s*) in the number of sections.
  func row(at index: Int) -> Row {
    precondition(index >= 0 && index < rowCount, "row \(index) is outside 0..<\(rowCount)")
    let section = Self.lastIndex(in: sectionStarts, notAbove: index)
    var local = index - sectionStarts[section]
    if sections[section].hasHeader {
      if local == 0 { return .header(section: section) }
      local -= 1
    }
    return local < sections[section].itemCount
      ? .item(ItemPath(item: local, section: section)) : .footer(section: section)
  }

  /// The flat row index of an item.
  ///
  /// - Parameter path: An item's path.
  /// - Returns: Its flat row index, or `nil` when the list has no such item.
  func rowIndex(of path: ItemPath) -> Int? {
    guard sections.indices.contains(path.section), (0..<sections[path.section].itemCount).contains(path.item) else {
      return nil
    }
    return saturatingSum(
      saturatingSum(sectionStarts[path.section], sections[path.section].hasHeader ? 1 : 0), path.item)
  }

  /// The first line of a flat row, counted from the top of the list.
  ///
  /// - Parameter index: A flat row index in `0..<rowCount`; a negative one counts as 0, and one past the rows
  ///   the counts can reach (a list of `Int.max` rows) gives the line of the last row it can reach.
  /// - Returns: The line.
  /// - Complexity: O(log *s*).
  func lineIndex(ofRow index: Int) -> Int {
    guard !sections.isEmpty else { return 0 }
    let index = max(index, 0)
    let section = Self.lastIndex(in: sectionStarts, notAbove: index)
    let shape = sections[section]
    var local = index - sectionStarts[section]
    let start = sectionLineStarts[section]
    if shape.hasHeader {
      if local == 0 { return start }
      local -= 1
    }
    return saturatingSum(
      saturatingSum(start, shape.headerHeight), itemLines(before: min(local, shape.itemCount), in: section))
  }

  /// The height of a flat row, in lines.
  ///
  /// - Parameter index: A flat row index in `0..<rowCount`.
  /// - Returns: The height, at least 1.
  /// - Precondition: `index` is in `0..<rowCount`.
  func height(ofRow index: Int) -> Int {
    height(of: row(at: index))
  }

  /// The height of a row of the list, in lines (at least 1).
  func height(of row: Row) -> Int {
    switch row {
    case .header(let section): sections[section].headerHeight
    case .footer(let section): sections[section].footerHeight
    case .item(let path): sections[path.section].height(ofItem: path.item)
    }
  }

  /// The flat row index of the row that holds a line.
  ///
  /// - Parameter line: A line in `0..<lineCount`.
  /// - Returns: The row's index.
  /// - Precondition: `line` is in `0..<lineCount`.
  /// - Complexity: O(log *s* + log *d*).
  func rowIndex(atLine line: Int) -> Int {
    precondition(line >= 0 && line < lineCount, "line \(line) is outside 0..<\(lineCount)")
    let section = Self.lastIndex(in: sectionLineStarts, notAbove: line)
    let shape = sections[section]
    var local = line - sectionLineStarts[section]
    var row = sectionStarts[section]
    if shape.hasHeader {
      if local < shape.headerHeight { return row }
      local -= shape.headerHeight
      row += 1
    }
    if local < itemLines(before: shape.itemCount, in: section) {
      return saturatingSum(row, item(atItemLine: local, in: section))
    }
    return saturatingSum(row, shape.itemCount)
  }

  /// Moves the selection by a number of items (negative is up), across sections, skipping headers and
  /// footers, stopping at the first and last item; then scrolls it into view.
  ///
  /// - Parameter distance: The items to move by; any value, `Int.min` and `Int.max` included.
  mutating func moveSelection(by distance: Int) {
    guard itemCount > 0 else { return }
    let current = selection.flatMap(globalIndex(of:)) ?? 0
    let (target, overflow) = current.addingReportingOverflow(distance)
    let wanted = overflow ? (distance > 0 ? Int.max : 0) : target
    selection = item(atGlobalIndex: min(max(wanted, 0), itemCount - 1))
    scrollToSelection()
  }

  /// Selects an item (clamped into the list) and scrolls it into view.
  ///
  /// - Parameter path: The item to select.
  mutating func select(_ path: ItemPath) {
    selection = clampedItem(path)
    scrollToSelection()
  }

  /// The number of items after the selected one.
  var itemsAfterSelection: Int {
    guard let index = selection.flatMap(globalIndex(of:)) else { return 0 }
    return itemCount - 1 - index
  }

  /// The selected item's position among all items, 0-based.
  var selectionIndex: Int? { selection.flatMap(globalIndex(of:)) }

  /// Scrolls as little as possible so that the selected row is visible, with the header of its section when it
  /// is the section's first item and the footer when it is the last (so the end of the list comes on screen
  /// with the last item); the selected row itself always wins when the screen is too short for all, and its
  /// first line wins when the row is taller than the screen.
  mutating func scrollToSelection() {
    guard let selection, let row = rowIndex(of: selection), height > 0 else { return }
    let section = sections[selection.section]
    let start = lineIndex(ofRow: row)
    let end = saturatingSum(start, section.height(ofItem: selection.item))
    let top = selection.item == 0 ? start - section.headerHeight : start
    let bottom = selection.item == section.itemCount - 1 ? saturatingSum(end, section.footerHeight) : end
    if bottom - offset > height { offset = bottom - height }
    if top < offset { offset = top }
    if end - offset > height { offset = end - height }
    if start < offset { offset = start }
    clampOffset()
  }

  mutating func clampOffset() {
    offset = max(0, min(offset, lineCount - height))
  }

  func globalIndex(of path: ItemPath) -> Int? {
    guard rowIndex(of: path) != nil else { return nil }
    return saturatingSum(itemStarts[path.section], path.item)
  }

  func item(atGlobalIndex index: Int) -> ItemPath {
    var section = Self.lastIndex(in: itemStarts, notAbove: index)
    // Sections without items share their start with the next one: take the one that holds the item.
    while sections[section].itemCount == 0 || index - itemStarts[section] >= sections[section].itemCount {
      section += 1
    }
    return ItemPath(item: index - itemStarts[section], section: section)
  }

  private func clampedItem(_ path: ItemPath) -> ItemPath? {
    guard itemCount > 0 else { return nil }
    if rowIndex(of: path) != nil { return path }
    if path.section >= sections.count || path.section < 0 {
      return item(atGlobalIndex: path.section < 0 ? 0 : itemCount - 1)
    }
    let start = itemStarts[path.section]
    let inSection = min(max(path.item, 0), sections[path.section].itemCount - 1)
    return item(atGlobalIndex: min(saturatingSum(start, max(inSection, 0)), itemCount - 1))
  }

  /// The lines of a section's first `count` items.
  private func itemLines(before count: Int, in section: Int) -> Int {
    let starts = itemLineStarts[section]
    guard let declaredEnd = starts.last else { return count }
    let declared = starts.count - 1
    return count <= declared ? starts[count] : saturatingSum(declaredEnd, count - declared)
  }

  /// The item of a section that holds a line counted from the section's first item.
  private func item(atItemLine line: Int, in section: Int) -> Int {
    let starts = itemLineStarts[section]
    guard let declaredEnd = starts.last, starts.count > 1 else { return line }
    if line >= declaredEnd { return starts.count - 1 + (line - declaredEnd) }
    return Self.lastIndex(in: starts, notAbove: line)
  }

  /// The last index of a sorted array whose value is at most `value` (binary search), among all but its last.
  static func lastIndex(in starts: [Int], notAbove value: Int) -> Int {
    max(0, starts.dropLast().partitioningIndex { $0 > value } - 1)
  }
}

/// `a + b` for non-negative numbers, or `Int.max` when it does not fit.
func saturatingSum(_ a: Int, _ b: Int) -> Int {
  let (sum, overflow) = a.addingReportingOverflow(b)
  return overflow ? Int.max : sum
}
