import ListFlowDiff
import TestSupport
import Testing

/// The single-batch form, `Changeset(source:target:)`: deletes, updates and move sources in the source,
/// inserts and move targets in the target, data the target; applied in one go it gives the target.
@Suite("Single batch")
struct SingleBatchTests {
  @Test("a flat single batch names source and target positions and applies in one go")
  func flatBatch() throws {
    let source = Token.list("a b c d")
    let target = Token.list("d' a e c")
    let batch = Changeset(source: source, target: target)
    #expect(
      batch
        == Changeset(
          data: target, elementDeleted: flat(1), elementInserted: flat(2), elementUpdated: flat(3),
          elementMoved: [flatMove(3, 0)]))
    #expect(try source.applying(batch) == target)
  }

  @Test("a sectioned single batch applies in one go, sections and elements together")
  func sectionedBatch() throws {
    let source = sections("A: a b c | B: d e | C: f")
    let target = sections("C': f | A: c' g a | D: h | B: d b")
    let batch = Changeset(source: source, target: target)
    #expect(batch.data == target)
    #expect(batch.sectionUpdated == [2])
    #expect(batch.sectionInserted == [2])
    #expect(batch.sectionMoved == [Move(source: 2, target: 0)])
    #expect(batch.elementDeleted == [path(1, 1)])
    #expect(batch.elementUpdated == [path(0, 2)])
    #expect(batch.elementInserted == [path(1, 1)])
    #expect(batch.elementMoved.contains(move(path(0, 1), path(3, 1))))
    #expect(batch.elementMoved.count == 2)
    #expect(try source.applying(batch) == target)
  }

  @Test(
    "random flat and sectioned pairs (20,000 in the deep pass): the single batch applied to the source gives the target"
  )
  func randomBatches() {
    var failures: [String] = []
    for index in 0..<DeepPass.cases(quick: 800, deep: 10_000) {
      var generator = CaseGenerator(seed: caseSeed(3_000_000 + index))
      let (source, target) = generator.flatPair(maximumCount: 12)
      let batch = Changeset(source: source, target: target)
      if (try? source.applying(batch)) != target || (try? ReferenceApplier.apply(batch, to: source)) != target {
        failures.append("source \(source), target \(target):\n\(batch)")
      }
      let (sourceSections, targetSections) = generator.sectionedPair()
      let sectionBatch = Changeset(source: sourceSections, target: targetSections)
      if (try? sourceSections.applying(sectionBatch)) != targetSections
        || (try? ReferenceApplier.apply(sectionBatch, to: sourceSections)) != targetSections
      {
        failures.append("source \(sourceSections), target \(targetSections):\n\(sectionBatch)")
      }
      if failures.count >= 3 { break }
    }
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
  }
}
