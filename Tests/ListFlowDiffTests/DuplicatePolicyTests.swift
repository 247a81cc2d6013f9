import ListFlowDiff
import Testing

/// Duplicate identifiers under both policies: `.matchInOrder` replays exactly, `.reject` throws a
/// `DiffError.duplicateIdentifier` that names the identifier, the side and both positions.
@Suite("Duplicate identifiers")
struct DuplicatePolicyTests {
  typealias Section = ArraySection<String, String>

  /// The error a throwing diff throws, or `nil`.
  private func error(_ diff: () throws(DiffError) -> Void) -> DiffError? {
    do {
      try diff()
      return nil
    } catch {
      return error
    }
  }

  private func duplicate(
    _ identifier: String, _ side: DiffError.Duplicate.Side, section: Bool = false, _ first: ItemPath,
    _ second: ItemPath
  ) -> DiffError {
    .duplicateIdentifier(.init(identifier: identifier, side: side, isSection: section, first: first, second: second))
  }

  @Test("matchInOrder pairs the k-th occurrence in the source with the k-th in the target")
  func matchInOrderFlat() throws {
    let source = Token.list("a b a'")
    let target = Token.list("a a' b")
    let changes = try StagedChangeset(source: source, target: target, duplicates: .matchInOrder)
    #expect(changes == StagedChangeset(source: source, target: target))
    #expect(changes.flatMap(\.elementUpdated).isEmpty)  // the first a stays a, the second stays a'
    #expect(changes.flatMap(\.elementMoved).count == 1)
    #expect(try replayed(changes, from: source) == target)
  }

  @Test("matchInOrder deletes and inserts the occurrences left over")
  func matchInOrderLeftovers() throws {
    let changes = StagedChangeset(source: Token.list("a a a"), target: Token.list("a"))
    #expect(changes.flatMap(\.elementDeleted) == flat(1, 2))
    let growing = StagedChangeset(source: Token.list("a"), target: Token.list("a a a"))
    #expect(growing.flatMap(\.elementInserted) == flat(1, 2))
  }

  @Test("matchInOrder replays sections with duplicate section and element identifiers")
  func matchInOrderSections() throws {
    let source = sections("A: a a b | A: b | B: a")
    let target = sections("A: b a | B: a a | A: b b")
    let changes = try StagedChangeset(source: source, target: target, duplicates: .matchInOrder)
    #expect(try replayed(changes, from: source) == target)
  }

  @Test("reject throws for a duplicate in a flat source, naming it and both positions")
  func rejectFlatSource() {
    let thrown = error { () throws(DiffError) in
      _ = try StagedChangeset(source: ["x", "y", "x"], target: ["x"], duplicates: .reject)
    }
    #expect(thrown == duplicate("x", .source, path(0, 0), path(0, 2)))
    #expect(thrown.map { "\($0)" }?.contains("x") == true)
  }

  @Test("reject throws for a duplicate in a flat target, naming it and both positions")
  func rejectFlatTarget() {
    let thrown = error { () throws(DiffError) in
      _ = try StagedChangeset(source: ["x"], target: ["y", "x", "x"], duplicates: .reject)
    }
    #expect(thrown == duplicate("x", .target, path(0, 1), path(0, 2)))
  }

  @Test("reject throws for a duplicate new element of a flat target")
  func rejectFlatTargetInserted() {
    let thrown = error { () throws(DiffError) in
      _ = try StagedChangeset(source: ["x"], target: ["y", "x", "y"], duplicates: .reject)
    }
    #expect(thrown == duplicate("y", .target, path(0, 0), path(0, 2)))
  }

  @Test("reject accepts collections without duplicates and gives the default stages")
  func rejectWithoutDuplicates() throws {
    let source = Token.list("a b c")
    let target = Token.list("c a' d")
    #expect(
      try StagedChangeset(source: source, target: target, duplicates: .reject)
        == StagedChangeset(source: source, target: target))
  }

  @Test("reject throws for a duplicate section identifier in the source")
  func rejectSectionSource() {
    let source = [Section(model: "A", elements: ["a"]), Section(model: "A", elements: ["b"])]
    let thrown = error { () throws(DiffError) in
      _ = try StagedChangeset(source: source, target: [], duplicates: .reject)
    }
    #expect(thrown == duplicate("A", .source, section: true, path(0, 0), path(1, 0)))
  }

  @Test("reject throws for a duplicate section identifier in the target")
  func rejectSectionTarget() {
    let target = [
      Section(model: "B", elements: []), Section(model: "A", elements: ["a"]), Section(model: "B", elements: []),
    ]
    let thrown = error { () throws(DiffError) in
      _ = try StagedChangeset(source: [], target: target, duplicates: .reject)
    }
    #expect(thrown == duplicate("B", .target, section: true, path(0, 0), path(2, 0)))
  }

  @Test("reject throws for an element identifier standing in two sections of the source")
  func rejectElementAcrossSectionsSource() {
    let source = [Section(model: "A", elements: ["x"]), Section(model: "B", elements: ["y", "x"])]
    let thrown = error { () throws(DiffError) in
      _ = try StagedChangeset(source: source, target: source, duplicates: .reject)
    }
    #expect(thrown == duplicate("x", .source, path(0, 0), path(1, 1)))
  }

  @Test("reject throws for an element identifier standing twice in the target")
  func rejectElementTarget() {
    let source = [Section(model: "A", elements: ["x"]), Section(model: "B", elements: ["y"])]
    let target = [Section(model: "A", elements: ["x", "y"]), Section(model: "B", elements: ["y"])]
    let thrown = error { () throws(DiffError) in
      _ = try StagedChangeset(source: source, target: target, duplicates: .reject)
    }
    #expect(thrown == duplicate("y", .target, path(0, 1), path(1, 0)))
  }

  @Test("reject throws for a duplicate element inside an inserted target section")
  func rejectElementInInsertedSection() {
    let target = [Section(model: "A", elements: ["x", "x"])]
    let thrown = error { () throws(DiffError) in
      _ = try StagedChangeset(source: [], target: target, duplicates: .reject)
    }
    #expect(thrown == duplicate("x", .target, path(0, 0), path(0, 1)))
  }

  @Test("reject throws for a duplicate element inside a deleted source section")
  func rejectElementInDeletedSection() {
    let source = [Section(model: "A", elements: ["x", "x"])]
    let thrown = error { () throws(DiffError) in
      _ = try StagedChangeset(source: source, target: [], duplicates: .reject)
    }
    #expect(thrown == duplicate("x", .source, path(0, 0), path(0, 1)))
  }
}
