import ListFlowDiff
import TestSupport
import Testing

/// An element whose hashes all collide: the diff must still tell identities apart with `==`.
private struct Colliding: Differentiable, Equatable {
  var id: Int
  var version = 0
  var differenceIdentifier: Int { id }
  var differenceHash: Int { 7 }
  func isContentEqual(to source: Colliding) -> Bool { version == source.version }
}

/// A token whose hash is one constant for every token: identity and content as the token's.
private struct CollidingToken: Differentiable, Equatable, CustomStringConvertible {
  var token: Token
  var differenceIdentifier: Int { token.id }
  var differenceHash: Int { 7 }
  func isContentEqual(to source: CollidingToken) -> Bool { token.content == source.token.content }
  var description: String { token.description }
}

/// Sections of tokens, models and elements with one hash.
private func colliding(_ sections: [TokenSection]) -> [ArraySection<CollidingToken, CollidingToken>] {
  sections.map { ArraySection(model: CollidingToken(token: $0.model), elements: $0.elements.map(CollidingToken.init)) }
}

@Suite("Hash collisions")
struct HashCollisionTests {
  @Test("identifiers whose hashes all collide are matched by ==, and replay gives the target")
  func collidingHashes() throws {
    var random = SeededRandom(seed: 7)
    for _ in 0..<200 {
      let source = (0..<Int(random.next() % 40)).map { Colliding(id: $0) }
      var target = source.filter { _ in random.next() % 4 != 0 }.shuffled(using: &random)
      for index in target.indices where random.next() % 5 == 0 { target[index].version += 1 }
      target += (100..<(100 + Int(random.next() % 5))).map { Colliding(id: $0) }
      let changes = StagedChangeset(source: source, target: target)
      let replayed = try changes.reduce(source) { data, stage in try data.applying(stage) }
      #expect(replayed == target)
      let kept = source.filter { element in target.contains { $0.id == element.id } }.count
      #expect(changes.reduce(0) { $0 + $1.elementDeleted.count } == source.count - kept)
    }
  }

  @Test("in sections, an element expected where its run left off is matched only if its identity is equal")
  func collidingHashesInSections() throws {
    var random = SeededRandom(seed: 11)
    for _ in 0..<200 {
      let source = (0..<3).map { section in
        ArraySection(model: section, elements: (0..<Int(random.next() % 20)).map { Colliding(id: section * 100 + $0) })
      }
      // Each section loses some elements and gains new ones in their places: equal hashes, other identities,
      // exactly where the run of kept elements expects the next one.
      let target = source.map { section in
        ArraySection(
          model: section.model,
          elements: section.elements.map { element in
            random.next() % 3 == 0 ? Colliding(id: element.id + 50) : element
          })
      }
      let changes = StagedChangeset(source: source, target: target)
      let replayed = try changes.reduce(source) { data, stage in try data.applying(stage) }
      #expect(replayed == target)
      let replaced = zip(source, target).reduce(0) { count, pair in
        count + zip(pair.0.elements, pair.1.elements).filter { $0.id != $1.id }.count
      }
      #expect(changes.reduce(0) { $0 + $1.elementDeleted.count } == replaced)
      #expect(changes.reduce(0) { $0 + $1.elementInserted.count } == replaced)
    }
  }

  @Test("colliding duplicates are still found under .reject")
  func collidingDuplicates() {
    let source = [Colliding(id: 1), Colliding(id: 2), Colliding(id: 1)]
    #expect(throws: DiffError.self) {
      try StagedChangeset(source: source, target: [Colliding(id: 3)], duplicates: .reject)
    }
  }

  @Test(
    "random flat pairs of up to 400 elements with one hash replay to their target with minimal changes, under both policies"
  )
  func randomCollidingFlatPairs() {
    // Lists longer than about a hundred elements make the hash table give up, so both indexes are checked.
    let failures = fuzzFailures(
      count: DeepPass.cases(quick: 150, deep: 400), make: { $0.flatPair(maximumCount: 400) },
      problems: {
        DiffProperties.problems(
          source: $0.source.map(CollidingToken.init), target: $0.target.map(CollidingToken.init),
          checking: [.replay, .counts, .policies])
      },
      shrink: Shrinking.shrink, show: { "source \($0.source), target \($0.target)" })
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
  }

  @Test(
    "random sectioned pairs of up to 6 x 80 elements with one hash replay to their target with minimal changes, under both policies"
  )
  func randomCollidingSectionedPairs() {
    let failures = fuzzFailures(
      count: DeepPass.cases(quick: 150, deep: 400), make: { $0.sectionedPair(maximumSections: 6, maximumElements: 80) },
      problems: {
        DiffProperties.problems(
          source: colliding($0.source), target: colliding($0.target), checking: [.replay, .counts, .policies])
      },
      shrink: Shrinking.shrink, show: { "source \($0.source), target \($0.target)" })
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
  }
}
