import ListFlowTerminal

/// The Demo's selection and `/` filter: the process lists (pinned, top, every process) are each shown through a
/// `FilteredFeed` that one query narrows, and rows are selected with space (a multi-select list).
@MainActor
enum DemoFilter {
  /// The three process lists, each behind a filter matched against the process name as drawn.
  static func feeds(_ sources: [any ListFeed<ListSectionSnapshot>]) throws(ListFlowError) -> [FilteredFeed] {
    try sources.map { source throws(ListFlowError) in try FilteredFeed(source, searchableText: text(of:)) }
  }

  /// Multi-select, and `/` typing into every filter.
  static func install(on list: DemoList) {
    list.controller.selectionMode = .multiple
    let filters = list.filters
    list.view.onFilterChange = { query in
      for filter in filters { filter.query = query }
    }
  }

  /// The title a row's cell shows, so that the matched offsets are those of the title.
  nonisolated static func text(of row: CellBinder) -> String {
    switch row.model {
    case let line as ProcessLine: line.marker + line.process.name
    case let item as ThreadItem: "    " + item.thread.name
    case let item as BrowseItem: item.row.name
    default: FilteredFeed.defaultSearchableText(of: row)
    }
  }
}
