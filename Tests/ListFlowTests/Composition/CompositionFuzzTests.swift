import ListFlow
import Testing

/// An independent model of a composition tree: what the test did, from which the expected list is computed by
/// brute force, with no use of the composite's caches.
@MainActor
final class ModelNode {
  var isHidden = false
  var sections: [TestSection] = []
  var children: [ModelNode] = []
  weak var parent: ModelNode?
  let leaf: SectionedDataSource<TestSection>?
  let composite: ComposedDataSource<TestSection>?

  init(leaf: SectionedDataSource<TestSection>) {
    self.leaf = leaf
    composite = nil
    sections = leaf.sections
  }

  init(composite: ComposedDataSource<TestSection>) {
    leaf = nil
    self.composite = composite
  }

  /// The sections this node displays.
  var expected: [TestSection] { isHidden ? [] : content }
  /// The sections this node holds, shown or not.
  var content: [TestSection] { leaf != nil ? sections : children.flatMap(\.expected) }
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

@MainActor
@Suite("Composition under random updates")
struct CompositionFuzzTests {
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

  func randomSections(_ ids: inout Identifiers, using random: inout SplitMix64) -> [TestSection] {
    (0..<Int.random(in: 0...3, using: &random)).map { _ in
      section(ids.nextSection(), (0..<Int.random(in: 0...4, using: &random)).map { _ in ids.nextRow() })
    }
  }

  /// Random changes of a leaf's sections: deleted, inserted, moved and updated rows and sections.
  func mutate(_ sections: [TestSection], _ ids: inout Identifiers, using random: inout SplitMix64) -> [TestSection] {
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

  /// The number of sections displayed before a node, counted by walking up the model.
  func sectionsBefore(_ node: ModelNode) -> Int {
    guard let parent = node.parent else { return 0 }
    let index = parent.children.firstIndex { $0 === node }!
    return sectionsBefore(parent) + parent.children[..<index].reduce(0) { $0 + $1.expected.count }
  }

  /// Checks the view, the composite's content, the mappings and the index titles against the model.
  func check(_ root: ModelNode, _ view: AppliedView, seed: UInt64, step: Int) {
    let composite = root.composite!
    let where_ = "seed \(seed), step \(step)"
    #expect(view.failures.isEmpty, "\(where_): \(view.failures)")
    view.failures = []
    #expect(view.sections == root.expected, "\(where_)")
    #expect(composite.sections == root.content, "\(where_)")
    let owners = root.children.flatMap(\.owners)
    #expect(owners.count == composite.sections.count, "\(where_)")
    var titles: [SectionIndexTitle] = []
    for (global, (node, local)) in owners.enumerated() {
      let found = composite.source(forSection: global)
      #expect(found?.source === node.leaf && found?.section == local, "\(where_): section \(global)")
      if !node.sections[local].elements.isEmpty {
        let last = ItemPath(item: node.sections[local].elements.count - 1, section: local)
        #expect(composite.path(for: last, in: node.leaf!) == ItemPath(item: last.item, section: global), "\(where_)")
        #expect(composite.source(for: ItemPath(item: last.item, section: global))?.path == last, "\(where_)")
      }
      if local == 0 { titles.append(SectionIndexTitle(node.sections[0].model.id, section: global)) }
    }
    #expect(composite.sectionIndexTitles == titles, "\(where_)")
  }

  @Test(
    "child updates, hides, shows and nestings keep the view equal to the visible children",
    arguments: 0..<40 as Range<UInt64>)
  func randomSequences(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    var ids = Identifiers()
    let root = ModelNode(composite: ComposedDataSource())
    let view = AppliedView([])
    root.composite!.didUpdate = { [view] in view.apply($0) }

    func makeLeaf() -> ModelNode {
      let sections = randomSections(&ids, using: &random)
      let leaf = SectionedDataSource(sections: sections)
      leaf.sectionIndexTitles = [SectionIndexTitle("", section: 0)]
      let node = ModelNode(leaf: leaf)
      return node
    }
    func syncTitles(_ node: ModelNode) {
      node.leaf?.sectionIndexTitles =
        node.sections.isEmpty ? [] : [SectionIndexTitle(node.sections[0].model.id, section: 0)]
    }
    func attach(_ node: ModelNode, to parent: ModelNode, at index: Int) throws {
      if let leaf = node.leaf { try parent.composite!.insert(leaf, at: index) }
      if let composite = node.composite { try parent.composite!.insert(composite, at: index) }
      parent.children.insert(node, at: index)
      node.parent = parent
    }

    for step in 0..<60 {
      let nodes = root.all
      let leaves = nodes.filter { $0.leaf != nil }
      let composites = nodes.filter { $0.composite != nil }
      switch Int.random(in: 0..<10, using: &random) {
      case 0...3 where !leaves.isEmpty:
        // a child update: exactly the child's changes, shifted, reach the view, or nothing when hidden
        let node = leaves[Int.random(in: 0..<leaves.count, using: &random)]
        let offset = sectionsBefore(node)
        var local: [StagedChangeset<[TestSection]>] = []
        node.leaf!.didUpdate = { local.append($0) }
        let batches = view.batches.count
        node.sections = mutate(node.sections, &ids, using: &random)
        syncTitles(node)
        node.leaf!.update(to: node.sections)
        if node.isVisible, let changes = local.first {
          #expect(view.batches.count == batches + 1, "seed \(seed), step \(step)")
          let global = view.batches.last!
          #expect(global.count == changes.count, "seed \(seed), step \(step)")
          for (globalStage, localStage) in zip(global, changes) {
            #expect(globalStage == localStage.shifted(bySections: offset, data: globalStage.data), "seed \(seed)")
          }
        } else {
          #expect(view.batches.count == batches, "seed \(seed), step \(step): a hidden child changed the view")
        }
      case 4...5 where nodes.count > 1:
        let node = nodes[Int.random(in: 1..<nodes.count, using: &random)]
        node.setHidden(!node.isHidden)
      case 6:
        let parent = composites[Int.random(in: 0..<composites.count, using: &random)]
        let leaf = makeLeaf()
        syncTitles(leaf)
        try attach(leaf, to: parent, at: Int.random(in: 0...parent.children.count, using: &random))
      case 7:
        // nesting: a new composite with new leaves goes into a random composite
        let parent = composites[Int.random(in: 0..<composites.count, using: &random)]
        let nested = ModelNode(composite: ComposedDataSource())
        for _ in 0..<Int.random(in: 0...2, using: &random) {
          let leaf = makeLeaf()
          syncTitles(leaf)
          try attach(leaf, to: nested, at: nested.children.count)
        }
        if Int.random(in: 0..<3, using: &random) == 0 { nested.setHidden(true) }
        try attach(nested, to: parent, at: Int.random(in: 0...parent.children.count, using: &random))
      case 8 where nodes.count > 1:
        let node = nodes[Int.random(in: 1..<nodes.count, using: &random)]
        let parent = node.parent!
        let index = parent.children.firstIndex { $0 === node }!
        try parent.composite!.removeChild(at: index)
        parent.children.remove(at: index)
        node.parent = nil
      default:
        let parent = composites[Int.random(in: 0..<composites.count, using: &random)]
        let leaf = makeLeaf()
        syncTitles(leaf)
        try attach(leaf, to: parent, at: parent.children.count)
      }
      check(root, view, seed: seed, step: step)
    }
    #expect(view.batches.count > 10, "seed \(seed): the sequence changed the view")
  }
}
