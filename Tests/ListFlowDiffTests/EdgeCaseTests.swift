import ListFlowDiff
import Testing

/// Edge cases with pinned answers: the exact stages the documentation of `StagedChangeset` promises.
@Suite("Edge cases")
struct EdgeCaseTests {
  @Test("identical collections need no stage and an empty single batch")
  func identical() {
    let items = Token.list("a b' c")
    #expect(StagedChangeset(source: items, target: items).isEmpty)
    #expect(Changeset(source: items, target: items).isEmpty)
    let sectioned = sections("A: a b | B: c")
    #expect(StagedChangeset(source: sectioned, target: sectioned).isEmpty)
  }

  @Test("from empty to many: one stage inserting every element")
  func emptyToMany() throws {
    let target = Token.list("a b c d")
    let changes = StagedChangeset(source: [], target: target)
    try #require(changes.count == 1)
    #expect(changes[0] == Changeset(data: target, elementInserted: flat(0, 1, 2, 3)))
    #expect(try replayed(changes, from: []) == target)
  }

  @Test("from many to empty: one stage deleting every element")
  func manyToEmpty() throws {
    let source = Token.list("a b c d")
    let changes = StagedChangeset(source: source, target: [])
    try #require(changes.count == 1)
    #expect(changes[0] == Changeset(data: [], elementDeleted: flat(0, 1, 2, 3)))
    #expect(try replayed(changes, from: source) == [])
  }

  @Test("a reversed list of n elements moves n - 1 of them and nothing else")
  func reversed() throws {
    let source = (0..<20).map { Token($0) }
    let changes = StagedChangeset(source: source, target: Array(source.reversed()))
    try #require(changes.count == 1)
    #expect(changes[0].elementMoved.count == 19)
    #expect(changes.changeCount == 19)
    #expect(try replayed(changes, from: source) == source.reversed())
  }

  @Test("content changes alone are one stage of updates at their positions")
  func updatesOnly() throws {
    let source = Token.list("a b c")
    let target = Token.list("a' b c''")
    let changes = StagedChangeset(source: source, target: target)
    #expect(Array(changes) == [Changeset(data: target, elementUpdated: flat(0, 2))])
  }

  @Test("a flat diff gives updates, then deletes, then inserts and moves, each stage with its data")
  func flatStages() throws {
    let source = Token.list("a b c d")
    let target = Token.list("d' a e c")
    let changes = StagedChangeset(source: source, target: target)
    #expect(
      Array(changes) == [
        Changeset(data: Token.list("a b c d'"), elementUpdated: flat(3)),
        Changeset(data: Token.list("a c d'"), elementDeleted: flat(1)),
        Changeset(data: target, elementInserted: flat(2), elementMoved: [flatMove(2, 0)]),
      ])
  }

  @Test("Heckel's 1978 example: repeated words match in order, only the three words that changed place move")
  func heckelExample() throws {
    let source =
      "MUCH WRITING IS LIKE SNOW , A MASS OF LONG WORDS AND PHRASES FALLS UPON THE RELEVANT FACTS COVERING UP THE DETAILS ."
      .split(separator: " ").map(String.init)
    let target = "A MASS OF LATIN WORDS FALLS UPON THE RELEVANT FACTS LIKE SOFT SNOW , COVERING UP THE DETAILS ."
      .split(separator: " ").map(String.init)
    let changes = StagedChangeset(source: source, target: target)
    try #require(changes.count == 2)
    #expect(changes[0].elementDeleted == flat(0, 1, 2, 9, 11, 12))  // MUCH WRITING IS LONG AND PHRASES
    #expect(changes[1].elementInserted == flat(3, 11))  // LATIN SOFT
    #expect(changes[1].elementMoved == [flatMove(0, 10), flatMove(1, 12), flatMove(2, 13)])  // LIKE SNOW ,
    #expect(try replayed(changes, from: source) == target)
  }

  @Test("a moved element is the only one reported: the others keep their relative order")
  func oneMoveNotMany() throws {
    let source = Token.list("a b c d e f")
    let toEnd = StagedChangeset(source: source, target: Token.list("b c d e f a"))
    #expect(toEnd.flatMap(\.elementMoved) == [flatMove(0, 5)])
    let toFront = StagedChangeset(source: source, target: Token.list("f a b c d e"))
    #expect(toFront.flatMap(\.elementMoved) == [flatMove(5, 0)])
  }

  @Test("a sectioned diff gives its four stages, each with the documented data")
  func sectionedStages() throws {
    let source = sections("A: a b c | B: d e | C: f")
    let target = sections("C': f | A: c' g a | D: h | B: d b")
    let changes = StagedChangeset(source: source, target: target)
    try #require(changes.count == 4)
    #expect(
      changes[0]
        == Changeset(data: sections("A: a b c' | B: d e | C': f"), sectionUpdated: [2], elementUpdated: [path(0, 2)]))
    #expect(changes[1] == Changeset(data: sections("A: a b c' | B: d | C': f"), elementDeleted: [path(1, 1)]))
    #expect(
      changes[2]
        == Changeset(
          data: sections("C': f | A: a b c' | D: h | B: d"), sectionInserted: [2],
          sectionMoved: [Move(source: 2, target: 0)]
        ))
    #expect(changes[3].data == target)
    #expect(changes[3].elementInserted == [path(1, 1)])
    #expect(changes[3].elementMoved.count == 2)  // b into B, and one of c and a inside A
    #expect(changes[3].elementMoved.contains(move(path(1, 1), path(3, 1))))
    #expect(try replayed(changes, from: source) == target)
  }

  @Test("every section moved: reversed sections move all but one, their elements do not move")
  func everySectionMoved() throws {
    let source = sections("A: a | B: b | C: c | D: d")
    let target = Array(source.reversed())
    let changes = StagedChangeset(source: source, target: target)
    try #require(changes.count == 1)
    #expect(changes[0].sectionMoved.count == 3)
    #expect(changes[0].elementChangeCount == 0)
    #expect(try replayed(changes, from: source) == target)
  }

  @Test("items crossing sections are moves from their old path to their new one")
  func itemsCrossingSections() throws {
    let source = sections("A: a b | B: c")
    let target = sections("A: b c | B: a")
    let changes = StagedChangeset(source: source, target: target)
    try #require(changes.count == 1)
    #expect(changes[0].elementMoved == [move(path(1, 0), path(0, 1)), move(path(0, 0), path(1, 0))])
    #expect(changes[0].changeCount == 2)
    #expect(try replayed(changes, from: source) == target)
  }

  @Test("all elements moved to another section: every one is a move, nothing is deleted or inserted")
  func allMovedAcrossSections() throws {
    let source = sections("A: a b | B: c d")
    let target = sections("A: c d | B: a b")
    let changes = StagedChangeset(source: source, target: target)
    #expect(changes.flatMap(\.elementMoved).count == 4)
    #expect(changes.changeCount == 4)
    #expect(try replayed(changes, from: source) == target)
  }

  @Test("an element leaving a deleted section or joining an inserted one is a delete and an insert, not a move")
  func noMoveThroughDeletedOrInsertedSections() throws {
    let source = sections("A: a b | B: c")
    let target = sections("A: a | C: b c")
    let changes = StagedChangeset(source: source, target: target)
    #expect(changes.flatMap(\.elementMoved).isEmpty)
    #expect(changes.flatMap(\.sectionDeleted) == [1])
    #expect(changes.flatMap(\.sectionInserted) == [1])
    #expect(changes.flatMap(\.elementDeleted) == [path(0, 1)])
    #expect(changes.flatMap(\.elementInserted).isEmpty)  // C arrives with its elements
    #expect(try replayed(changes, from: source) == target)
  }

  @Test("from no sections to some, and back: section inserts and deletes only")
  func emptySections() throws {
    let some = sections("A: a b | B: | C: c")
    let growing = StagedChangeset(source: [], target: some)
    #expect(Array(growing) == [Changeset(data: some, sectionInserted: [0, 1, 2])])
    let shrinking = StagedChangeset(source: some, target: [])
    #expect(Array(shrinking) == [Changeset(data: [], sectionDeleted: [0, 1, 2])])
  }
}
