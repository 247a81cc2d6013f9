import ListFlowDiff
import Testing

@Suite("Changeset shifting")
struct ChangesetShiftingTests {
  @Test("shifting moves every section index and path section, keeps item indices, and takes the new data")
  func shiftsEverything() {
    let local = Changeset(
      data: ["x"],
      sectionDeleted: [0],
      sectionInserted: [1],
      sectionUpdated: [2],
      sectionMoved: [Move(source: 3, target: 0)],
      elementDeleted: [ItemPath(item: 4, section: 0)],
      elementInserted: [ItemPath(item: 5, section: 1)],
      elementUpdated: [ItemPath(item: 6, section: 2)],
      elementMoved: [Move(source: ItemPath(item: 7, section: 0), target: ItemPath(item: 8, section: 1))]
    )
    let global = local.shifted(bySections: 10, data: ["a", "b"])
    #expect(global.data == ["a", "b"])
    #expect(global.sectionDeleted == [10])
    #expect(global.sectionInserted == [11])
    #expect(global.sectionUpdated == [12])
    #expect(global.sectionMoved == [Move(source: 13, target: 10)])
    #expect(global.elementDeleted == [ItemPath(item: 4, section: 10)])
    #expect(global.elementInserted == [ItemPath(item: 5, section: 11)])
    #expect(global.elementUpdated == [ItemPath(item: 6, section: 12)])
    #expect(
      global.elementMoved == [Move(source: ItemPath(item: 7, section: 10), target: ItemPath(item: 8, section: 11))])
  }

  @Test("shifting staged changes calls the data function once per stage, in order")
  func stagedInOrder() {
    let staged = StagedChangeset([
      Changeset(data: [1], elementDeleted: [ItemPath(item: 0, section: 0)]),
      Changeset(data: [2], elementInserted: [ItemPath(item: 0, section: 0)]),
    ])
    var calls: [[Int]] = []
    let shifted = staged.shifted(bySections: 3) { data -> [Int] in
      calls.append(data)
      return data + [99]
    }
    #expect(calls == [[1], [2]])
    #expect(shifted.map(\.data) == [[1, 99], [2, 99]])
    #expect(shifted[1].elementInserted == [ItemPath(item: 0, section: 3)])
  }
}
