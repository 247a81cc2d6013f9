import ListFlow
import ListFlowTesting

/// A row declared as a value with a title (the log viewer's shape): the filter matches it by its title, with no
/// binder made.
struct TitledLine: Identifiable, Equatable, Sendable, Titled, Differentiable {
  var id: Int
  var text: String
  var title: String? { "#\(id) \(text)" }
}

/// A `FilteredFeed` over a `ListController` of titled lines, shown by an engine in a recording view.
@MainActor
struct TitledLinesFilter {
  typealias State = [ListSection<TitledLine>]

  let controller: ListController<State>
  let feed: FilteredFeed
  let view = RecordingListView()
  let engine: ListEngine

  init() throws {
    controller = ListController<State>(rows: { $0 }) { line in
      CellBinder(cell: TextCell.self, value: line.title ?? "", id: ListIdentifier(line.id)) { cell, text in
        cell.title = text
      }
    }
    feed = try FilteredFeed(controller)
    engine = try ListEngine(view: view, showing: feed, reloadThreshold: 100_000)
  }

  /// The titles the view shows: each section's rows.
  var shown: [[String]] { view.sections.map { $0.rows.map(\.textRepresentation) } }

  /// The titles a view shows for `state` filtered by `query`: each section's matching rows, sections with no
  /// match left out; every row of every section for an empty query.
  static func expected(_ state: State, query: String) -> [[String]] {
    state.compactMap { section in
      let rows = section.items.compactMap { line -> String? in
        let title = line.title ?? ""
        return query.isEmpty || FilteredFeed.Match(query: query, in: title) != nil ? title : nil
      }
      return rows.isEmpty && !query.isEmpty ? nil : rows
    }
  }
}
