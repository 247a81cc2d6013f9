import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// A line of text: section headers and rows of the composed lists.
final class LineCell: BindableCell {
  var text = ""
  func bind(_ value: String) { text = value }
  var textRepresentation: String { text }
}

/// The cell-binder section that shows a test section: a header line and one line per row.
func snapshot(_ section: TestSection) -> ListSectionSnapshot {
  ListSectionSnapshot(
    model: ListSectionSnapshot.Model(
      id: ListIdentifier(section.model.id),
      header: LineCell.makeBinder(value: "# \(section.model)", id: "header \(section.model.id)")
    ),
    elements: section.elements.map { LineCell.makeBinder(value: "\($0)", id: $0.id) }
  )
}

/// The lines a recording view shows for test sections.
func lines(_ sections: [TestSection]) -> [String] {
  sections.flatMap { ["# \($0.model)"] + $0.elements.map { "\($0)" } }
}

@MainActor
@Suite("Composed list controller under random updates")
struct ComposedListControllerFuzzTests {
  /// The changes a sequence makes to the tree of composites.
  enum Action { case updateLeaf, setHidden, insertComposite, insertLeaf }

  /// The changes a sequence makes, by weight.
  static let actions = WeightedChoice<Action>([
    ("update a leaf's sections", weight: 5, .updateLeaf),
    ("hide or show a child", weight: 2, .setHidden),
    ("insert a new composite holding a new leaf", weight: 1, .insertComposite),
    ("insert a new leaf", weight: 2, .insertLeaf),
  ])

  @Test(
    "child updates, hides, shows and nestings reach a recording view as batches that keep it equal to the children",
    arguments: DeepPass.seeds(from: 0, quick: 8, deep: 30))
  func randomSequences(seed: UInt64) throws {
    var random = SeededRandom(seed: seed)
    var ids = SectionFuzzer.Identifiers()
    let root = ModelNode<ListSectionSnapshot>(composite: ComposedFeed())
    var raw: [ObjectIdentifier: [TestSection]] = [:]
    let view = RecordingListView()
    let controller = try ListEngine(view: view, showing: root.composite!)
    var selections: [(ObjectIdentifier, ItemPath)] = []

    func expected(_ node: ModelNode<ListSectionSnapshot>) -> [TestSection] {
      guard !node.isHidden else { return [] }
      if let leaf = node.leaf { return raw[ObjectIdentifier(leaf)] ?? [] }
      return node.children.flatMap(expected)
    }
    func owners(_ node: ModelNode<ListSectionSnapshot>) -> [(ModelNode<ListSectionSnapshot>, Int)] {
      guard !node.isHidden else { return [] }
      if let leaf = node.leaf { return (raw[ObjectIdentifier(leaf)] ?? []).indices.map { (node, $0) } }
      return node.children.flatMap(owners)
    }
    func makeLeaf(under parent: ModelNode<ListSectionSnapshot>, at index: Int) throws {
      let sections = SectionFuzzer.randomSections(&ids, using: &random)
      let leaf = SectionsFeed(sections: sections.map(snapshot))
      raw[ObjectIdentifier(leaf)] = sections
      var delegate = SyncDelegate()
      delegate.didSelectRow = { path, _ in selections.append((ObjectIdentifier(leaf), path)) }
      leaf.delegate = delegate
      let node = ModelNode<ListSectionSnapshot>(leaf: leaf)
      try parent.composite!.insert(leaf, at: index)
      parent.children.insert(node, at: index)
      node.parent = parent
    }

    for step in 0..<50 {
      let nodes = root.all
      let leaves = nodes.filter { $0.leaf != nil }
      let composites = nodes.filter { $0.composite != nil }
      let action = Self.actions.pick(using: &random)
      switch action.value {
      case .updateLeaf where !leaves.isEmpty:
        let leaf = leaves[Int.random(in: 0..<leaves.count, using: &random)].leaf!
        let sections = SectionFuzzer.mutate(raw[ObjectIdentifier(leaf)]!, &ids, using: &random)
        raw[ObjectIdentifier(leaf)] = sections
        leaf.update(to: sections.map(snapshot))
      case .setHidden where nodes.count > 1:
        nodes[Int.random(in: 1..<nodes.count, using: &random)].setHidden(Bool.random(using: &random))
      case .insertComposite:
        // nesting: a new composite holding a new source goes into a random composite
        let parent = composites[Int.random(in: 0..<composites.count, using: &random)]
        let nested = ModelNode<ListSectionSnapshot>(composite: ComposedFeed())
        try makeLeaf(under: nested, at: 0)
        let index = Int.random(in: 0...parent.children.count, using: &random)
        try parent.composite!.insert(nested.composite!, at: index)
        parent.children.insert(nested, at: index)
        nested.parent = parent
      case .updateLeaf, .setHidden, .insertLeaf:
        // (an update with no leaf, or a hide with only the root, inserts a leaf instead)
        let parent = composites[Int.random(in: 0..<composites.count, using: &random)]
        try makeLeaf(under: parent, at: Int.random(in: 0...parent.children.count, using: &random))
      }

      let context = "seed \(seed), step \(step) (drew \(action.name))"
      #expect(view.inconsistencies.isEmpty, "\(context): \(view.inconsistencies)")
      #expect(view.errors.isEmpty, "\(context)")
      // At most one reload: the first list, when the first sections arrive.
      #expect(view.reloadCount <= 1, "\(context): a child update caused a full reload")
      #expect(controller.reloadCount == view.reloadCount, "\(context): the engine and the view disagree")
      #expect(view.renderedLines == lines(expected(root)), "\(context)")

      // a selection reaches the owning child with its local position, found by brute force
      let owners = owners(root)
      if !owners.isEmpty {
        let global = Int.random(in: 0..<owners.count, using: &random)
        let (owner, localSection) = owners[global]
        let rows = raw[ObjectIdentifier(owner.leaf!)]![localSection].elements.count
        if rows > 0 {
          let item = Int.random(in: 0..<rows, using: &random)
          selections = []
          try view.selectRow(at: ItemPath(item: item, section: global))
          #expect(selections.count == 1, "\(context)")
          #expect(selections.first?.0 == ObjectIdentifier(owner.leaf!), "\(context)")
          #expect(selections.first?.1 == ItemPath(item: item, section: localSection), "\(context)")
        }
      }
    }
    #expect(view.updates.count > 3, "seed \(seed): the sequence changed the view")
  }

}
