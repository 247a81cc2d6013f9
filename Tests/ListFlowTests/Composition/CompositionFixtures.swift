import ListFlow
import ListFlowTesting
import TestSupport

/// A row with an identity and a content, so that updates show.
struct Row: Hashable, Identifiable, Differentiable, CustomStringConvertible {
  var id: Int
  var value = 0
  var description: String { value == 0 ? "\(id)" : "\(id)'\(value)" }
}

/// A section model with an identity and a title, so that section updates show.
struct Header: Hashable, Identifiable, Differentiable, CustomStringConvertible {
  var id: String
  var title = ""
  var description: String { title.isEmpty ? id : "\(id)(\(title))" }
}

typealias TestSection = ArraySection<Header, Row>

/// A section with rows `ids`.
func section(_ id: String, _ ids: [Int]) -> TestSection {
  ArraySection(model: Header(id: id), elements: ids.map { Row(id: $0) })
}

/// Applies every stage to `view`, checking that each stage fits and reproduces its data.
@MainActor
final class AppliedView {
  var sections: [TestSection]
  var batches: [StagedChangeset<[TestSection]>] = []
  var failures: [String] = []

  init(_ sections: [TestSection]) { self.sections = sections }

  func apply(_ changes: StagedChangeset<[TestSection]>) {
    batches.append(changes)
    for stage in changes {
      do {
        sections = try sections.applying(stage)
        if sections != stage.data { failures.append("stage does not reproduce its data:\n\(stage)") }
      } catch {
        failures.append("stage does not fit: \(error)\n\(stage)")
      }
    }
  }
}

/// An independent model of a composition tree: what the test did, from which the expected list is computed by
/// brute force, with no use of the composite's caches.
@MainActor
final class ModelNode<Section: DifferentiableSection> {
  var isHidden = false
  var sections: [Section] = []
  var children: [ModelNode] = []
  weak var parent: ModelNode?
  let leaf: SectionsFeed<Section>?
  let composite: ComposedFeed<Section>?

  init(leaf: SectionsFeed<Section>) {
    self.leaf = leaf
    composite = nil
    sections = leaf.sections
  }

  init(composite: ComposedFeed<Section>) {
    leaf = nil
    self.composite = composite
  }

  /// The sections this node displays.
  var expected: [Section] { isHidden ? [] : content }
  /// The sections this node holds, shown or not.
  var content: [Section] { leaf != nil ? sections : children.flatMap(\.expected) }
  /// The leaf and local section of each displayed section.
  var owners: [(ModelNode, Int)] {
    isHidden ? [] : leaf != nil ? sections.indices.map { (self, $0) } : children.flatMap(\.owners)
  }
  var all: [ModelNode] { [self] + children.flatMap(\.all) }
  /// Whether this node and every node above it are shown.
  var isVisible: Bool { !isHidden && (parent?.isVisible ?? true) }

  func setHidden(_ hidden: Bool) {
    isHidden = hidden
    leaf?.isHidden = hidden
    composite?.isHidden = hidden
  }
}

/// Random sections and random changes of them, with identifiers that never repeat.
enum SectionFuzzer {
  /// Draws fresh identifiers for rows and sections.
  struct Identifiers {
    var row = 0
    var section = 0
    mutating func nextRow() -> Int {
      row += 1
      return row
    }
    mutating func nextSection() -> String {
      section += 1
      return "S\(section)"
    }
  }

  static func randomSections(_ ids: inout Identifiers, using random: inout SeededRandom) -> [TestSection] {
    (0..<Int.random(in: 0...3, using: &random)).map { _ in
      section(ids.nextSection(), (0..<Int.random(in: 0...4, using: &random)).map { _ in ids.nextRow() })
    }
  }

  /// Random changes of a leaf's sections: deleted, inserted, moved and updated rows and sections.
  static func mutate(
    _ sections: [TestSection], _ ids: inout Identifiers, using random: inout SeededRandom
  ) -> [TestSection] {
    var result = sections.map { section -> TestSection in
      var rows = section.elements.filter { _ in Int.random(in: 0..<5, using: &random) > 0 }
      for _ in 0..<Int.random(in: 0...2, using: &random) {
        rows.insert(Row(id: ids.nextRow()), at: Int.random(in: 0...rows.count, using: &random))
      }
      if rows.count > 1, Bool.random(using: &random) { rows.swapAt(0, rows.count - 1) }
      if !rows.isEmpty, Bool.random(using: &random) { rows[Int.random(in: 0..<rows.count, using: &random)].value += 1 }
      var model = section.model
      if Int.random(in: 0..<4, using: &random) == 0 { model.title += "'" }
      return ArraySection(model: model, elements: rows)
    }
    if !result.isEmpty, Int.random(in: 0..<4, using: &random) == 0 {
      result.remove(at: Int.random(in: 0..<result.count, using: &random))
    }
    if Int.random(in: 0..<4, using: &random) == 0 {
      result.insert(section(ids.nextSection(), [ids.nextRow()]), at: Int.random(in: 0...result.count, using: &random))
    }
    if result.count > 1, Int.random(in: 0..<4, using: &random) == 0 { result.swapAt(0, result.count - 1) }
    if !result.isEmpty, Int.random(in: 0..<5, using: &random) == 0 {
      // a row moves to another section of the same child
      let from = Int.random(in: 0..<result.count, using: &random)
      let to = Int.random(in: 0..<result.count, using: &random)
      if let row = result[from].elements.popLast() { result[to].elements.insert(row, at: 0) }
    }
    return result
  }

}
