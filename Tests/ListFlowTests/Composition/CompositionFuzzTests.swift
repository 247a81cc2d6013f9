import ListFlow
import ListFlowTesting
import TestSupport
import Testing

@MainActor
@Suite("Composition under random updates")
struct CompositionFuzzTests {
  /// The number of sections displayed before a node, counted by walking up the model.
  func sectionsBefore<S>(_ node: ModelNode<S>) -> Int {
    guard let parent = node.parent else { return 0 }
    let index = parent.children.firstIndex { $0 === node }!
    return sectionsBefore(parent) + parent.children[..<index].reduce(0) { $0 + $1.expected.count }
  }

  /// Checks the view, the composite's content and the mappings against the model.
  func check(_ root: ModelNode<TestSection>, _ view: AppliedView, seed: UInt64, step: Int, action: String) {
    let composite = root.composite!
    let where_ = "seed \(seed), step \(step) (drew \(action))"
    #expect(view.failures.isEmpty, "\(where_): \(view.failures)")
    view.failures = []
    #expect(view.sections == root.expected, "\(where_)")
    #expect(composite.sections == root.content, "\(where_)")
    let owners = root.children.flatMap(\.owners)
    #expect(owners.count == composite.sections.count, "\(where_)")
    for (global, (node, local)) in owners.enumerated() {
      let found = composite.feed(owningSection: global)
      #expect(found?.feed === node.leaf && found?.section == local, "\(where_): section \(global)")
      if !node.sections[local].elements.isEmpty {
        let last = ItemPath(item: node.sections[local].elements.count - 1, section: local)
        #expect(composite.path(for: last, in: node.leaf!) == ItemPath(item: last.item, section: global), "\(where_)")
        #expect(composite.leaf(for: ItemPath(item: last.item, section: global))?.path == last, "\(where_)")
      }
    }
  }

  /// The changes a sequence makes to the tree of composites.
  enum Action { case updateLeaf, toggleHidden, insertLeaf, insertComposite, remove, appendLeaf }

  /// The changes a sequence makes, by weight.
  static let actions = WeightedChoice<Action>([
    ("update a leaf's sections", weight: 4, .updateLeaf),
    ("hide or show a child", weight: 2, .toggleHidden),
    ("insert a new leaf anywhere in a composite", weight: 1, .insertLeaf),
    ("insert a new composite of new leaves", weight: 1, .insertComposite),
    ("remove a child", weight: 1, .remove),
    ("append a new leaf to a composite", weight: 1, .appendLeaf),
  ])

  @Test(
    "child updates, hides, shows and nestings keep the view equal to the visible children",
    arguments: DeepPass.seeds(from: 0, quick: 10, deep: 40))
  func randomSequences(seed: UInt64) throws {
    var random = SeededRandom(seed: seed)
    var ids = SectionFuzzer.Identifiers()
    let root = ModelNode<TestSection>(composite: ComposedFeed())
    let view = AppliedView([])
    root.composite!.didUpdate = { [view] in view.apply($0) }

    func makeLeaf() -> ModelNode<TestSection> {
      let sections = SectionFuzzer.randomSections(&ids, using: &random)
      let leaf = SectionsFeed(sections: sections)
      let node = ModelNode<TestSection>(leaf: leaf)
      return node
    }
    func attach(_ node: ModelNode<TestSection>, to parent: ModelNode<TestSection>, at index: Int) throws {
      if let leaf = node.leaf { try parent.composite!.insert(leaf, at: index) }
      if let composite = node.composite { try parent.composite!.insert(composite, at: index) }
      parent.children.insert(node, at: index)
      node.parent = parent
    }

    for step in 0..<60 {
      let nodes = root.all
      let leaves = nodes.filter { $0.leaf != nil }
      let composites = nodes.filter { $0.composite != nil }
      let action = Self.actions.pick(using: &random)
      switch action.value {
      case .updateLeaf where !leaves.isEmpty:
        // a child update: exactly the child's changes, shifted, reach the view, or nothing when hidden
        let node = leaves[Int.random(in: 0..<leaves.count, using: &random)]
        let offset = sectionsBefore(node)
        var local: [StagedChangeset<[TestSection]>] = []
        node.leaf!.didUpdate = { local.append($0) }
        let batches = view.batches.count
        node.sections = SectionFuzzer.mutate(node.sections, &ids, using: &random)
        node.leaf!.update(to: node.sections)
        if node.isVisible, let changes = local.first {
          #expect(view.batches.count == batches + 1, "seed \(seed), step \(step) (drew \(action.name))")
          let global = view.batches.last!
          #expect(global.count == changes.count, "seed \(seed), step \(step) (drew \(action.name))")
          for (globalStage, localStage) in zip(global, changes) {
            #expect(globalStage == localStage.shifted(bySections: offset, data: globalStage.data), "seed \(seed)")
          }
        } else {
          #expect(
            view.batches.count == batches,
            "seed \(seed), step \(step) (drew \(action.name)): a hidden child changed the view")
        }
      case .toggleHidden where nodes.count > 1:
        let node = nodes[Int.random(in: 1..<nodes.count, using: &random)]
        node.setHidden(!node.isHidden)
      case .insertLeaf:
        let parent = composites[Int.random(in: 0..<composites.count, using: &random)]
        let leaf = makeLeaf()
        try attach(leaf, to: parent, at: Int.random(in: 0...parent.children.count, using: &random))
      case .insertComposite:
        // nesting: a new composite with new leaves goes into a random composite
        let parent = composites[Int.random(in: 0..<composites.count, using: &random)]
        let nested = ModelNode<TestSection>(composite: ComposedFeed())
        for _ in 0..<Int.random(in: 0...2, using: &random) {
          let leaf = makeLeaf()
          try attach(leaf, to: nested, at: nested.children.count)
        }
        if Int.random(in: 0..<3, using: &random) == 0 { nested.setHidden(true) }
        try attach(nested, to: parent, at: Int.random(in: 0...parent.children.count, using: &random))
      case .remove where nodes.count > 1:
        let node = nodes[Int.random(in: 1..<nodes.count, using: &random)]
        let parent = node.parent!
        let index = parent.children.firstIndex { $0 === node }!
        try parent.composite!.removeChild(at: index)
        parent.children.remove(at: index)
        node.parent = nil
      case .updateLeaf, .toggleHidden, .remove, .appendLeaf:
        // (an update with no leaf, or a hide or a removal with only the root, appends a leaf instead)
        let parent = composites[Int.random(in: 0..<composites.count, using: &random)]
        let leaf = makeLeaf()
        try attach(leaf, to: parent, at: parent.children.count)
      }
      check(root, view, seed: seed, step: step, action: action.name)
    }
    #expect(view.batches.count > 10, "seed \(seed): the sequence changed the view")
  }
}
