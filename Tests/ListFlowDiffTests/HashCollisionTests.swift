import ListFlowDiff
import ListFlowTesting
import Testing

/// An element whose hashes all collide: the diff must still tell identities apart with `==`.
private struct Colliding: Differentiable, Equatable {
  var id: Int
  var version = 0
  var differenceIdentifier: Int { id }
  var differenceHash: Int { 7 }
  func isContentEqual(to source: Colliding) -> Bool { version == source.version }
}

@Suite("Hash collisions")
struct HashCollisionTests {
  @Test("identifiers whose hashes all collide are matched by ==, and replay gives the target")
  func collidingHashes() throws {
    var random = SplitMix64(seed: 7)
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

  @Test("colliding duplicates are still found under .reject")
  func collidingDuplicates() {
    let source = [Colliding(id: 1), Colliding(id: 2), Colliding(id: 1)]
    #expect(throws: DiffError.self) {
      try StagedChangeset(source: source, target: [Colliding(id: 3)], duplicates: .reject)
    }
  }
}
