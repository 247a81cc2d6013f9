import ListFlow

/// Makes sections and rows with identities never used before: each section numbered after the last, each row
/// given the next row number. For tests that grow a list in chunks.
struct NumberedSections {
  /// The number of the last row made.
  private(set) var lastRow = 0
  /// The number of the last section made.
  private(set) var lastSection = 0

  /// The next row number.
  mutating func nextRow() -> Int {
    lastRow += 1
    return lastRow
  }

  /// A new section of `rows` rows, each made by `row` from its number.
  mutating func section<Row>(rows: Int, _ row: (Int) -> Row) -> ListSection<Row> {
    lastSection += 1
    var items: [Row] = []
    items.reserveCapacity(rows)
    for _ in 0..<rows { items.append(row(nextRow())) }
    return ListSection(id: lastSection, items: items)
  }
}
