import ListFlowDiff
import Testing

/// The diff example of README.md, compiled and run.
@Suite struct ReadmeDiffExampleTests {
  struct Contact: Differentiable, Equatable {
    var id: Int
    var name: String
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: Contact) -> Bool { name == source.name }
  }

  @Test("the README's diff example turns the list before into the list after, stage by stage")
  func readmeExample() throws {
    let before = [Contact(id: 1, name: "Ada"), Contact(id: 2, name: "Grace"), Contact(id: 3, name: "Edsger")]
    let after = [Contact(id: 3, name: "Edsger"), Contact(id: 1, name: "Ada L."), Contact(id: 4, name: "Barbara")]

    var shown = before
    let stages = StagedChangeset(source: before, target: after)
    for stage in stages {
      shown = try shown.applying(stage)
    }
    #expect(shown == after)
    #expect(stages.map(\.elementUpdated) == [[ItemPath(item: 0, section: 0)], [], []])
    #expect(stages[1].elementDeleted == [ItemPath(item: 1, section: 0)])
    #expect(stages[2].elementInserted == [ItemPath(item: 2, section: 0)])
    #expect(
      stages[2].elementMoved == [Move(source: ItemPath(item: 1, section: 0), target: ItemPath(item: 0, section: 0))])
  }
}
