/// The visible window of a sectioned list on a screen of a given height, with a selected item.
///
/// The list is laid out as flat rows: for each section an optional header row, its items, an optional footer
/// row. The viewport holds the first visible row (``offset``) and the selected item, and keeps the selection on
/// screen as it moves. It knows only the shape of the list (which sections have headers and footers, how many
/// items each has), so it is cheap to update for any list size.
///
/// Sizes never trap: counts saturate at `Int.max` (rows past it cannot be reached), heights are clamped to
/// 0…``maximumHeight``, and moves of any distance stop at the first and last item.
///
/// ```swift
/// var viewport = ListViewport(height: 10)
/// viewport.setSections([.init(hasHeader: true, itemCount: 100, hasFooter: false)])
/// viewport.moveSelection(by: 15)   // selects 0:14, scrolls so that it is visible
/// viewport.visibleRows             // [.item(0:5), … .item(0:14)]
/// ```
public struct ListViewport: Hashable, Sendable {
  /// The shape of one section: whether it has a header and a footer, and how many items.
  public struct Section: Hashable, Sendable {
    /// Whether a header row comes before the items.
    public var hasHeader: Bool
    /// The number of items.
    public var itemCount: Int
    /// Whether a footer row follows the items.
    public var hasFooter: Bool

    /// Creates a section shape.
    ///
    /// - Parameters:
    ///   - hasHeader: Whether a header row comes first.
    ///   - itemCount: The number of items; negative counts are treated as 0.
    ///   - hasFooter: Whether a footer row comes last.
    public init(hasHeader: Bool = false, itemCount: Int, hasFooter: Bool = false) {
      self.hasHeader = hasHeader
      self.itemCount = max(itemCount, 0)
      self.hasFooter = hasFooter
    }

    /// The rows the section takes: header, items, footer (at most `Int.max`).
    public var rowCount: Int { saturatingSum(saturatingSum(hasHeader ? 1 : 0, itemCount), hasFooter ? 1 : 0) }
  }

  /// One row of the laid-out list.
  public enum Row: Hashable, Sendable {
    /// A section's header.
    case header(section: Int)
    /// An item.
    case item(ItemPath)
    /// A section's footer.
    case footer(section: Int)
  }

  /// The sections, in order.
  public private(set) var sections: [Section] = []
  /// The number of rows the list area shows.
  public private(set) var height: Int
  /// The index of the first visible row.
  public private(set) var offset = 0
  /// The selected item, if the list has any item.
  public private(set) var selection: ItemPath?
  /// The first flat row of each section, plus the total at the end.
  private var sectionStarts: [Int] = [0]
  /// The number of items before each section, plus the total at the end.
  private var itemStarts: [Int] = [0]

  /// The tallest list area: the most rows a terminal reports (`UInt16.max`).
  public static let maximumHeight = Int(UInt16.max)

  /// Creates an empty viewport.
  ///
  /// - Parameter height: The rows of the list area; clamped to 0…``maximumHeight``.
  public init(height: Int) {
    self.height = min(max(height, 0), Self.maximumHeight)
  }

  /// The number of rows of the whole list.
  public var rowCount: Int { sectionStarts.last ?? 0 }

  /// The number of items of the whole list.
  public var itemCount: Int { itemStarts.last ?? 0 }

  /// Replaces the list's shape, keeping the selection at `selection` (clamped into the new list) and the
  /// offset where it was as long as the selection stays visible.
  ///
  /// - Parameters:
  ///   - sections: The new shape.
  ///   - selection: The item to select; the current selection by default. Out-of-range paths are clamped to
  ///     the nearest existing item.
  /// - Complexity: O(*s*) in the number of sections.
  public mutating func setSections(_ sections: [Section], selecting selection: ItemPath?? = .none) {
    self.sections = sections
    sectionStarts = [0]
    itemStarts = [0]
    sectionStarts.reserveCapacity(sections.count + 1)
    itemStarts.reserveCapacity(sections.count + 1)
    for section in sections {
      sectionStarts.append(saturatingSum(sectionStarts.last!, section.rowCount))
      itemStarts.append(saturatingSum(itemStarts.last!, section.itemCount))
    }
    let wanted = selection ?? self.selection
    self.selection = wanted.flatMap(clampedItem) ?? (itemCount > 0 ? item(atGlobalIndex: 0) : nil)
    clampOffset()
    scrollToSelection()
  }

  /// The selected row's line on screen (0 is the top of the list area), if it is visible.
  public var selectionScreenRow: Int? {
    guard let selection, let row = rowIndex(of: selection), row >= offset, row - offset < height else { return nil }
    return row - offset
  }

  /// Scrolls so that the selected row sits on a given screen line, as far as the list allows.
  ///
  /// A view calls it after a change with the line the selection was on before, so rows inserted or deleted
  /// above the selection do not make the list jump under the cursor (and do not repaint the screen).
  ///
  /// - Parameter screenRow: The line of the list area, 0 being its top.
  public mutating func keepSelection(atScreenRow screenRow: Int) {
    guard let selection, let row = rowIndex(of: selection) else { return }
    offset = row - min(max(screenRow, 0), max(height - 1, 0))
    clampOffset()
    scrollToSelection()
  }

  /// Changes the height of the list area (after a resize), keeping the selection visible.
  ///
  /// - Parameter height: The new height; clamped to 0…``maximumHeight``.
  public mutating func setHeight(_ height: Int) {
    self.height = min(max(height, 0), Self.maximumHeight)
    clampOffset()
    scrollToSelection()
  }

  /// The rows on screen, from the top, at most ``height`` of them.
  ///
  /// - Complexity: O(*h* + log *s*), *h* the height and *s* the number of sections.
  public var visibleRows: [Row] {
    let end = min(offset + height, rowCount)
    guard offset < end else { return [] }
    return (offset..<end).map(row(at:))
  }

  /// The row at a flat row index.
  ///
  /// - Parameter index: A flat row index in `0..<rowCount`.
  /// - Returns: The header, item or footer at that index.
  /// - Precondition: `index` is in `0..<rowCount`.
  /// - Complexity: O(log *s*) in the number of sections.
  public func row(at index: Int) -> Row {
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
  public func rowIndex(of path: ItemPath) -> Int? {
    guard sections.indices.contains(path.section), (0..<sections[path.section].itemCount).contains(path.item) else {
      return nil
    }
    return saturatingSum(
      saturatingSum(sectionStarts[path.section], sections[path.section].hasHeader ? 1 : 0), path.item)
  }

  /// Moves the selection by a number of items (negative is up), across sections, skipping headers and
  /// footers, stopping at the first and last item; then scrolls it into view.
  ///
  /// - Parameter distance: The items to move by; any value, `Int.min` and `Int.max` included.
  public mutating func moveSelection(by distance: Int) {
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
  public mutating func select(_ path: ItemPath) {
    selection = clampedItem(path)
    scrollToSelection()
  }

  /// The number of items after the selected one.
  public var itemsAfterSelection: Int {
    guard let index = selection.flatMap(globalIndex(of:)) else { return 0 }
    return itemCount - 1 - index
  }

  /// The selected item's position among all items, 0-based.
  public var selectionIndex: Int? { selection.flatMap(globalIndex(of:)) }

  /// Scrolls as little as possible so that the selected row is visible, with the header of its section when it
  /// is the section's first item and the footer when it is the last (so the end of the list comes on screen
  /// with the last item); the selected row itself always wins when the screen is too short for all.
  public mutating func scrollToSelection() {
    guard let selection, let row = rowIndex(of: selection), height > 0 else { return }
    let section = sections[selection.section]
    let top = selection.item == 0 && section.hasHeader ? row - 1 : row
    let bottom = selection.item == section.itemCount - 1 && section.hasFooter ? saturatingSum(row, 1) : row
    if bottom - offset >= height { offset = bottom - height + 1 }
    if top < offset { offset = top }
    if row - offset >= height { offset = row - height + 1 }
    if row < offset { offset = row }
    clampOffset()
  }

  private mutating func clampOffset() {
    offset = max(0, min(offset, rowCount - height))
  }

  private func globalIndex(of path: ItemPath) -> Int? {
    guard rowIndex(of: path) != nil else { return nil }
    return saturatingSum(itemStarts[path.section], path.item)
  }

  private func item(atGlobalIndex index: Int) -> ItemPath {
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

  /// The last index of a sorted array whose value is at most `value` (binary search).
  private static func lastIndex(in starts: [Int], notAbove value: Int) -> Int {
    var low = 0
    var high = starts.count - 2
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= value { low = middle } else { high = middle - 1 }
    }
    return low
  }
}

/// `a + b` for non-negative numbers, or `Int.max` when it does not fit.
private func saturatingSum(_ a: Int, _ b: Int) -> Int {
  let (sum, overflow) = a.addingReportingOverflow(b)
  return overflow ? Int.max : sum
}
