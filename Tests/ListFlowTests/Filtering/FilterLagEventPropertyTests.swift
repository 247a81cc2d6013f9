import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlow

/// Generated cases (80 seeds in the quick pass, 600 in the deep pass): while the engine applies a change, the
/// filter's rows may already be newer than the list shown (a callback of the change set the query, or updated the
/// source: that change waits behind the one shown). A row event the view sends meanwhile names a row of the list
/// shown (a terminal view moves its highlight to the cursor's row as the last stage is shown): it must reach the
/// delegate of the feed that owns that row under the filter, at that row's position there, never at the position
/// of the row the filter's newer rows have at that place. The oracle is the source's own sections at the time of
/// each call.
@MainActor
@Suite("A row event during a change reaches the filtered row shown, whatever the filter's newer rows")
struct FilterLagEventPropertyTests {
  static func sections(of rows: [[String]], child: Int) -> [ListSectionSnapshot] {
    rows.enumerated().map { index, names in
      ListSection(id: "c\(child)s\(index)", items: names.map { ButtonCell.makeBinder(value: $0, id: $0) }).snapshot
    }
  }

  @Test("select, deselect, highlight, unhighlight and edit actions during a change reach the row shown")
  func eventsDuringAChange() throws {
    var failures: [String] = []
    let queries = ["", "r1", "r2", "s1", "new", "c1"]
    for seed in DeepPass.seeds(quick: 80, deep: 600) {
      var random = SeededRandom(seed: seed)
      let childCount = 1 + random.below(2)
      var rows: [[[String]]] = (0..<childCount).map { child in
        (0..<1 + random.below(2)).map { section in
          (0..<1 + random.below(5)).map { row in "c\(child)s\(section) r\(row)" }
        }
      }
      var fresh = 0
      let children = (0..<childCount).map { child in
        SectionsFeed<ListSectionSnapshot>(sections: Self.sections(of: rows[child], child: child))
      }
      let composite = ComposedFeed<ListSectionSnapshot>()
      for child in children { try composite.append(child) }
      let filtered = try FilteredFeed(composite, query: queries[random.below(queries.count)])
      let view = RecordingListView()
      let engine = try ListEngine(view: view, showing: filtered)
      engine.selectionMode = [.none, .single, .multiple][random.below(3)]
      var log: [String] = ["query '\(filtered.query)'"]

      func check(_ who: String, child: Int, _ path: ItemPath, _ id: ListIdentifier) {
        let list = children[child].sections
        guard list.path(ofRow: id) != nil else { return }
        let found = list.identity(ofRowAt: path)
        if found != id {
          failures.append(
            "seed \(seed): \(who) told \(path) for \(id), which holds \(found.map { "\($0)" } ?? "nothing"); \(log)")
        }
      }
      for child in children.indices {
        var delegate = SyncDelegate()
        delegate.didSelectRow = { check("child \(child) select", child: child, $0, $1.id) }
        delegate.didDeselectRow = { check("child \(child) deselect", child: child, $0, $1.id) }
        delegate.didHighlightRow = { check("child \(child) highlight", child: child, $0, $1.id) }
        delegate.didUnhighlightRow = { check("child \(child) unhighlight", child: child, $0, $1.id) }
        delegate.editActions = { path, row in
          check("child \(child) edit actions", child: child, path, row.id)
          return [.delete]
        }
        delegate.commitEdit = { _, path, row in check("child \(child) commit", child: child, path, row.id) }
        delegate.onAction(ButtonCell.Action.self) { _, path, row in
          check("child \(child) action", child: child, path, row.id)
        }
        children[child].delegate = delegate
      }

      /// While a change is shown: the filter's rows move on, then the view sends events about rows it shows.
      var armed = false
      var engineDelegate = SyncDelegate()
      engineDelegate.didApply = { _ in
        guard armed else { return }
        armed = false
        if random.oneIn(2) {
          filtered.query = queries[random.below(queries.count)]
          log.append("query '\(filtered.query)' during the change")
        } else {
          let child = random.below(childCount)
          fresh += 1
          rows[child][0].insert("c\(child)s0 new\(fresh)", at: 0)
          children[child].update(to: Self.sections(of: rows[child], child: child))
          log.append("insert in \(child) during the change")
        }
        for _ in 0..<3 {
          let shown = view.visibleRows
          guard !shown.isEmpty else { return }
          let path = shown[random.below(shown.count)]
          let event = random.below(6)
          log.append("event \(event) at \(path)")
          switch event {
          case 0: try? engine.selectRow(at: path)
          case 1: try? engine.deselectRow(at: path)
          case 2: try? engine.highlightRow(at: path, isHighlighted: true)
          case 3: try? engine.highlightRow(at: path, isHighlighted: false)
          case 4:
            if (try? engine.editActions(forRowAt: path))?.isEmpty == false {
              try? engine.commitEdit(.delete, forRowAt: path)
            }
          default: (view.cell(at: path) as? ButtonCell)?.press()
          }
        }
      }
      engine.delegate = engineDelegate

      for _ in 0..<6 {
        armed = true
        let child = random.below(childCount)
        switch random.below(3) {
        case 0:
          filtered.query = queries[random.below(queries.count)]
          log.append("query '\(filtered.query)'")
        default:
          fresh += 1
          let section = random.below(rows[child].count)
          rows[child][section].insert(
            "c\(child)s\(section) new\(fresh)", at: random.below(rows[child][section].count + 1))
          if random.oneIn(2), rows[child][section].count > 1 { rows[child][section].removeLast() }
          children[child].update(to: Self.sections(of: rows[child], child: child))
          log.append("change \(child)")
        }
      }
      #expect(view.inconsistencies.isEmpty, "seed \(seed): \(log)")
      #expect(view.renderedLines == ListRendering.lines(of: engine.snapshot), "seed \(seed): \(log)")
    }
    #expect(failures.isEmpty, "\(failures.count) events told at another row's position; first: \(failures.first ?? "")")
  }
}
