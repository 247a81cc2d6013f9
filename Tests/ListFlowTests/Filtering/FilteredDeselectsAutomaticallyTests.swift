import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlow

/// A row chosen through a ``FilteredFeed`` is deselected automatically as the feed that owns it under the filter's
/// source says (``SyncDelegate/deselectsAutomatically``), as it is without the filter: the source alone, or each
/// child of a composite source with its own setting, under random queries, choices and changes of the settings.
@MainActor
@Suite("A row chosen through a filter is deselected as its own feed says")
struct FilteredDeselectsAutomaticallyTests {
  @Test("each row chosen follows its own feed's deselectsAutomatically")
  func choicesFollowTheOwningFeed() throws {
    var failures: [String] = []
    for seed in DeepPass.seeds(quick: 60, deep: 400) {
      var random = SeededRandom(seed: seed)
      let childCount = 1 + random.below(3)
      let overComposite = childCount > 1 || random.oneIn(2)
      let children = (0..<childCount).map { child in
        SectionsFeed<ListSectionSnapshot>(
          sections: (0..<1 + random.below(2)).map { section in
            ListSection(
              id: "c\(child)s\(section)",
              items: (0..<1 + random.below(4)).map { row in
                let name = "c\(child) \(["ant", "bee", "cat"][random.below(3)]) \(section).\(row)"
                return MessageCell.makeBinder(value: name, id: name)
              }
            ).snapshot
          })
      }
      for child in children { child.delegate.deselectsAutomatically = random.oneIn(2) }
      let source: any ListFeed<ListSectionSnapshot>
      if overComposite {
        let composite = ComposedFeed<ListSectionSnapshot>()
        for child in children { try composite.append(child) }
        source = composite
      } else {
        source = children[0]
      }
      let filtered = try FilteredFeed(source)
      let view = RecordingListView()
      let engine = try ListEngine(view: view, showing: filtered)
      engine.selectionMode = .single
      var chosen: [String] = []
      for child in children.indices {
        children[child].delegate.didSelectRow = { _, binder in chosen.append("\(child) \(binder.id)") }
      }
      var log: [String] = []
      for step in 0..<10 {
        switch random.below(4) {
        case 0:
          filtered.query = ["", "a", "e", "c1", "t"][random.below(5)]
          log.append("query '\(filtered.query)'")
        case 1:
          let child = random.below(childCount)
          children[child].delegate.deselectsAutomatically.toggle()
          log.append("child \(child) deselects: \(children[child].delegate.deselectsAutomatically)")
        default:
          let rows = engine.snapshot.indices.flatMap { section in
            engine.snapshot[section].elements.indices.map { ItemPath(item: $0, section: section) }
          }
          guard !rows.isEmpty else { continue }
          let path = rows[random.below(rows.count)]
          let id = engine.snapshot[path.section].elements.identity(at: path.item)
          let owner = children.indices.first { id.description.hasPrefix("c\($0) ") }!
          let deselects = children[owner].delegate.deselectsAutomatically
          let selectedBefore = Set(engine.selection.identifiers)
          let deselectedBefore = view.deselectedRows.count
          try engine.selectRow(at: path)
          log.append("chose \(id) of child \(owner), which deselects: \(deselects)")
          let context = "seed \(seed) step \(step): \(log)"
          let expected = deselects ? selectedBefore : [id]
          if Set(engine.selection.identifiers) != expected {
            failures.append("\(context): selection \(engine.selection.identifiers), expected \(expected)")
          }
          if (view.deselectedRows.count > deselectedBefore) != deselects {
            failures.append("\(context): the view deselected \(view.deselectedRows.dropFirst(deselectedBefore))")
          }
          if chosen.last != "\(owner) \(id)" { failures.append("\(context): child told \(chosen.last ?? "nothing")") }
        }
        if !failures.isEmpty { break }
      }
    }
    #expect(failures.isEmpty, "\(failures.count) failures; first: \(failures.prefix(3))")
  }
}
