import ListFlow
import ListFlowTesting
import Testing

/// A data source whose counts are set by hand, to feed the view batches that do not add up.
@MainActor
private final class HandmadeDataSource: ListDataSource {
  var rows: [Int]
  init(rows: [Int]) { self.rows = rows }
  var numberOfSections: Int { rows.count }
  func numberOfRows(inSection section: Int) -> Int { rows.indices.contains(section) ? rows[section] : 0 }
  func cell(at path: ItemPath, for view: any ListView) throws(ListFlowError) -> any ListCell {
    let cell = try view.reusePool.dequeue(
      for: TestRow(id: path.item, version: path.section, isAlternate: false).cellBinder)
    (cell as? RowCell)?.text = "\(path)"
    return cell
  }
  func header(inSection section: Int, for view: any ListView) throws(ListFlowError) -> (any ListCell)? { nil }
  func footer(inSection section: Int, for view: any ListView) throws(ListFlowError) -> (any ListCell)? { nil }
  func height(of element: ListElement) -> RowHeight? { .estimated(1) }
}

@Suite("RecordingListView applies batches as a table view does and catches inconsistent ones")
@MainActor
struct RecordingListViewTests {
  @Test("an insert the data source's counts do not account for is recorded as an inconsistency, then reloaded")
  func detectsInvalidRowCount() {
    let dataSource = HandmadeDataSource(rows: [2])
    let view = RecordingListView()
    view.dataSource = dataSource
    view.reloadData()
    // The data source still has 2 rows, but the batch claims one was inserted.
    let stage = Changeset<ListSnapshot>(data: [], elementInserted: [ItemPath(item: 0, section: 0)])
    view.performBatchUpdates(
      ListUpdate(changeset: stage, reconfiguredRows: [], reloadedRows: [], stage: 0, stageCount: 1))
    #expect(view.inconsistencies.count == 1)
    #expect(view.inconsistencies.first?.contains("invalid number of rows in section 0") == true)
    #expect(view.reloadCount == 2)
    #expect(view.renderedLines == ["0:0", "0:1"])
  }

  @Test(
    "a row inserted outside the sections that stay (before the first, past the last, into an inserted one) is caught",
    arguments: [-1, 1, 2])
  func detectsRowInsertedOutsideStayingSections(section: Int) {
    // One section stays (1 row, then 2), one is inserted after it with 1 row.
    let dataSource = HandmadeDataSource(rows: [1])
    let view = RecordingListView()
    view.dataSource = dataSource
    view.reloadData()
    dataSource.rows = [2, 1]
    let stage = Changeset<ListSnapshot>(
      data: [], sectionInserted: [1],
      elementInserted: [ItemPath(item: 0, section: 0), ItemPath(item: 0, section: section)].sorted {
        ($0.section, $0.item) < ($1.section, $1.item)
      })
    view.performBatchUpdates(
      ListUpdate(changeset: stage, reconfiguredRows: [], reloadedRows: [], stage: 0, stageCount: 1))
    #expect(view.inconsistencies.count == 1)
    #expect(view.inconsistencies.first?.contains("is not in a section that stays") == true)
  }

  @Test("a consistent batch keeps the cells that stay and pulls only the inserted ones")
  func appliesConsistentBatch() throws {
    let dataSource = HandmadeDataSource(rows: [2])
    let view = RecordingListView()
    view.dataSource = dataSource
    view.reloadData()
    let kept = try #require(view.cell(at: ItemPath(item: 1, section: 0)))
    dataSource.rows = [2]
    let stage = Changeset<ListSnapshot>(
      data: [],
      elementDeleted: [ItemPath(item: 0, section: 0)],
      elementInserted: [ItemPath(item: 1, section: 0)]
    )
    view.performBatchUpdates(
      ListUpdate(changeset: stage, reconfiguredRows: [], reloadedRows: [], stage: 0, stageCount: 1))
    #expect(view.inconsistencies.isEmpty)
    #expect(view.cell(at: ItemPath(item: 0, section: 0)) === kept)
    #expect(view.renderedLines == ["0:1", "0:1"])
    #expect(view.reusePool.createdCount == 3)
  }

  @Test("the declaration helper names the first difference")
  func declarationDifference() {
    #expect(ListExpectations.difference([1, 2, 3], [1, 2, 3]) == nil)
    #expect(ListExpectations.difference([1, 5, 3], [1, 2, 3]) == "at 1: expected 2, found 5")
    #expect(ListExpectations.difference([1], [1, 2]) == "count 1, expected 2: missing 2")
  }
}
