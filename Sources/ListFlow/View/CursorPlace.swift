/// How a view reads a change that removed its cursor's row, for ``_CursorPlaceReading/cursorPlace(leaving:)``:
/// the list before the change, the list now, and which rows of one are rows of the other. A terminal view reads a
/// batch of staged changes through their path mappers, the engine reads a reload through identity lookups (see
/// `_ReloadCursorFinding`).
///
/// A row *stays* when the change neither removes it nor moves it; a row the change moves to the place does not
/// take it. Each reader says what a move is to it: a stage's moves for a batch, a row found in another section or
/// before the place for a reload.
package protocol _CursorPlaceReading {
  /// A section of the list before the change that the change kept (perhaps moved), as the reader follows its rows.
  associatedtype KeptSection
  /// A section of the list now, as the reader judges its rows.
  associatedtype SectionNow

  /// The number of sections of the list before the change.
  var sectionCountBefore: Int { get }
  /// Section `section` of the list before the change, or `nil` when the change removed it: the search then
  /// passes over it in one step, reading none of its rows.
  func keptSection(_ section: Int) -> KeptSection?
  /// The number of rows of a kept section before the change.
  func rowCountBefore(_ section: KeptSection) -> Int
  /// Where row `item` of a kept section is in the list now, or `nil` when it does not stay.
  func pathNow(ofItem item: Int, in section: KeptSection) -> ItemPath?
  /// The number of sections of the list now.
  var sectionCountNow: Int { get }
  /// Section `section` of the list now.
  func sectionNow(_ section: Int) -> SectionNow
  /// The number of rows of a section of the list now.
  func rowCountNow(_ section: SectionNow) -> Int
  /// Whether row `item` of a section of the list now may take the place: a row the change inserted, or one that
  /// stays; not one the change moved there.
  func mayTakePlace(item: Int, in section: SectionNow) -> Bool
}

extension _CursorPlaceReading {
  /// Where the cursor goes when the change removed its row, the row at `start` in the list before: the first row
  /// after the last row before `start` that stays, unless the change moved it there (so the first row the change
  /// inserted at the place, else the first row after the place that stays, in its section or a later one); when
  /// there is none, the last row before the place that stays; when there is none either, the first row of the list.
  ///
  /// - Parameter start: The cursor's row in the list before the change.
  /// - Returns: The row in the list now, or `nil` when the list has none.
  /// - Complexity: A ``pathNow(ofItem:in:)`` for each row before the place that it passes over (rows that do not
  ///   stay), a ``mayTakePlace(item:in:)`` for each row after it up to the one it returns (rows moved there), and
  ///   a step per section passed over; a section the change removed is passed over in one step. No other row read.
  package func cursorPlace(leaving start: ItemPath) -> ItemPath? {
    // The last row before the place that stays, where it is now.
    var last: ItemPath?
    var section = min(start.section, sectionCountBefore - 1)
    var item = section == start.section ? start.item - 1 : Int.max
    search: while section >= 0 {
      if let kept = keptSection(section) {
        item = min(item, rowCountBefore(kept) - 1)
        while item >= 0 {
          if let path = pathNow(ofItem: item, in: kept) {
            last = path
            break search
          }
          item -= 1
        }
      }
      section -= 1
      item = Int.max
    }
    // The first row after it that the change did not move there.
    section = last?.section ?? 0
    item = last.map { $0.item + 1 } ?? 0
    var first: ItemPath?
    while section < sectionCountNow {
      let now = sectionNow(section)
      let count = rowCountNow(now)
      while item < count {
        if first == nil { first = ItemPath(item: item, section: section) }
        if mayTakePlace(item: item, in: now) { return ItemPath(item: item, section: section) }
        item += 1
      }
      section += 1
      item = 0
    }
    return last ?? first
  }
}
