import ListFlowDiff
import Testing

/// The default `Differentiable` conformances: identity and content as documented.
@Suite("Differentiable defaults")
struct DifferentiableTests {
  struct Contact: Identifiable, Equatable, Differentiable {
    var id: Int
    var name: String
  }

  struct Tag: Identifiable, Hashable, Differentiable {
    var id: String
    var count: Int
  }

  @Test("a Hashable value is its own identity, so equal identity means equal content")
  func hashableDefault() {
    #expect("a".differenceIdentifier == "a")
    #expect(7.isContentEqual(to: 7))
    let changes = StagedChangeset(source: ["a", "b"], target: ["b", "c"])
    #expect(changes.flatMap(\.elementUpdated).isEmpty)
  }

  @Test("an Identifiable & Equatable value is identified by id and updated when == says it changed")
  func identifiableDefault() throws {
    let before = [Contact(id: 1, name: "Ann"), Contact(id: 2, name: "Bo")]
    let after = [Contact(id: 2, name: "Bob"), Contact(id: 1, name: "Ann")]
    #expect(before[0].differenceIdentifier == 1)
    let changes = StagedChangeset(source: before, target: after)
    #expect(changes.flatMap(\.elementUpdated) == flat(1))
    #expect(changes.flatMap(\.elementMoved).count == 1)
    #expect(changes.flatMap(\.elementInserted).isEmpty)
  }

  @Test("an Identifiable & Hashable value is identified by id, not by its whole value")
  func identifiableHashableDefault() {
    let changes = StagedChangeset(source: [Tag(id: "x", count: 1)], target: [Tag(id: "x", count: 2)])
    #expect(Array(changes) == [Changeset(data: [Tag(id: "x", count: 2)], elementUpdated: flat(0))])
  }
}
