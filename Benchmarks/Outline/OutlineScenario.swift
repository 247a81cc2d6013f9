import ListFlow
import ListFlowTesting
import Synchronization

/// `outline`: an ``OutlineFeed`` of expanded trees in a 50-row ``ViewportListView``, at 10,000 and 200,000
/// visible rows (roots of 99 children each, every root expanded).
///
/// Contenders, one per size and measurement; `cell_calls` is the median number of calls to the app's `cell`
/// function per operation:
/// - `N/unchanged`: `outline.roots` set to the same trees.
/// - `N/change`: one leaf's content changed, then the trees set.
/// - `N/toggle`: a root collapsed, then expanded again (each timed).
/// - `N/insert`: a leaf put in before the children of the middle root, then taken out again (each timed): the
///   root's other children move.
/// - `N/insert-root`: a root put in before every other, then taken out again (each timed): every row moves.
/// - `N/filtered-change`: the same trees shown through a ``FilteredFeed`` whose query (`99 v`) some rows match;
///   one leaf's content changed, then the trees set. `rows_shown` is the rows the filter shows.
/// - `N/load`: a new feed, engine and view showing every row (one sample). `bytes_per_row` is the resident memory
///   the process gains by the load with the feed and the view alive, `peak_bytes_per_row` the peak during it (see
///   ``MemoryProbe``), both divided by the rows.
/// - `N/rows-load`: the same rows on the rows path (`ListController(rows:cell:)`), measured the same way.
enum OutlineScenario {
  /// The outline scenarios, for the registry.
  static let all: [BenchmarkScenario] = [scenario]

  static let sizes = [10_000, 200_000]
  static let childCount = 99

  static let scenario = BenchmarkScenario(
    name: "outline", summary: "outline feed at 10k and 200k visible rows: cell calls and memory per change"
  ) { context in
    var results: [BenchmarkResult] = []
    for rows in sizes { results += await measure(rows: rows, context: context) }
    return results
  }

  /// A node's element: identity `id`, content `version`.
  struct Item: Hashable, Sendable, Differentiable {
    var id: Int
    var version: Int
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: Item) -> Bool { self == source }
  }

  /// Counts the calls of a `cell` function.
  final class Calls: Sendable {
    private let count = Mutex(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
  }

  static func cell(_ item: Item, depth: Int, calls: Calls) -> CellBinder {
    calls.add()
    return OutlineRowCell.makeBinder(
      value: "\(String(repeating: "  ", count: depth))\(item.id) v\(item.version)", id: item.id)
  }

  /// Trees with `rows` visible rows once every root is expanded.
  static func roots(rows: Int) -> [Outline<Item>.Node] {
    (0..<rows / (childCount + 1)).map { root in
      let base = root * (childCount + 1)
      return Outline.Node(
        Item(id: base, version: 0), children: (1...childCount).map { Outline.Node(Item(id: base + $0, version: 0)) })
    }
  }

  @MainActor
  static func load(
    _ roots: [Outline<Item>.Node], calls: Calls
  ) throws -> (OutlineFeed<Item>, ListEngine, ViewportListView) {
    var outline = Outline(roots)
    outline.expandAll()
    let feed = OutlineFeed(id: "tree", outline: outline) { row in cell(row.element, depth: row.depth, calls: calls) }
    let view = ViewportListView()
    let engine = try ListEngine(view: view, showing: feed)
    return (feed, engine, view)
  }

  @MainActor
  static func loadRows(_ items: [Item], calls: Calls) async throws -> (ListController<[Item]>, ListEngine) {
    let controller = ListController<[Item]>(
      rows: { [ListSection(id: "tree", items: $0)] }, cell: { cell($0, depth: 0, calls: calls) })
    let engine = try ListEngine(view: ViewportListView(), showing: controller)
    await controller.apply(items)
    return (controller, engine)
  }

  @MainActor
  static func measure(rows: Int, context: BenchmarkContext) async -> [BenchmarkResult] {
    let label = "\(rows / 1_000)k"
    let runs = max(context.runs, 5)
    let clock = ContinuousClock()
    var results: [BenchmarkResult] = []
    func sample(_ name: String, calls: Calls, count: Int, _ body: (Int) throws -> Void) rethrows {
      var times: [Double] = []
      var counts: [Int] = []
      for index in 0..<count {
        let before = calls.value
        let start = clock.now
        try body(index)
        times.append(BenchmarkContext.milliseconds(start.duration(to: clock.now)))
        counts.append(calls.value - before)
      }
      results.append(
        BenchmarkResult(
          scenario: "outline", contender: "\(label)/\(name)", timesMS: times,
          extra: ["cell_calls": .int(counts.sorted()[counts.count / 2])]))
    }

    var roots = roots(rows: rows)
    let calls = Calls()
    do {
      let (feed, engine, _) = try load(roots, calls: calls)
      sample("unchanged", calls: calls, count: runs) { _ in feed.outline.roots = roots }
      sample("change", calls: calls, count: runs) { index in
        roots[index % roots.count].children[index % childCount].element.version += 1
        feed.outline.roots = roots
      }
      sample("toggle", calls: calls, count: runs * 2) { index in feed.toggleRow(at: 0) }
      sample("insert", calls: calls, count: runs * 2) { index in
        // A leaf put in before the children of the middle root, then taken out again: its 99 children move.
        let root = roots.count / 2
        if index % 2 == 0 {
          roots[root].children.insert(Outline.Node(Item(id: -1 - index, version: 0)), at: 0)
        } else {
          roots[root].children.removeFirst()
        }
        feed.outline.roots = roots
      }
      sample("insert-root", calls: calls, count: runs * 2) { index in
        // A root put in before every other, then taken out again: every row moves.
        if index % 2 == 0 {
          roots.insert(Outline.Node(Item(id: -1_000_000 - index, version: 0)), at: 0)
        } else {
          roots.removeFirst()
        }
        feed.outline.roots = roots
      }
      withExtendedLifetime(engine) {}
    } catch {
      results.append(.skipped(scenario: "outline", contender: "\(label)/unchanged", reason: "\(error)"))
    }

    // A change of the trees while a filter's query is set: it costs the change, not the tree.
    do {
      var filtered = Self.roots(rows: rows)
      var outline = Outline(filtered)
      outline.expandAll()
      let feed = OutlineFeed(id: "tree", outline: outline) { row in cell(row.element, depth: row.depth, calls: calls) }
      let filter = try FilteredFeed(feed)
      let engine = try ListEngine(view: ViewportListView(), showing: filter)
      filter.query = "99 v"
      sample("filtered-change", calls: calls, count: runs) { index in
        filtered[index % filtered.count].children[index % childCount].element.version += 1
        feed.outline.roots = filtered
      }
      // The query's characters are found in order, so it matches many rows: the rows shown are noted.
      results[results.count - 1].extra["rows_shown"] = .int(
        filter.displayedSections.reduce(0) { $0 + $1.elements.count })
      withExtendedLifetime(engine) {}
    } catch {
      results.append(.skipped(scenario: "outline", contender: "\(label)/filtered-change", reason: "\(error)"))
    }

    // Memory: one load of the outline, then one of the same rows on the rows path.
    func memory(_ name: String, _ body: () async throws -> Any) async rethrows {
      let before = context.measuresMemory ? context.memory.start() : nil
      let start = clock.now
      let callsBefore = calls.value
      let loaded = try await body()
      let elapsed = BenchmarkContext.milliseconds(start.duration(to: clock.now))
      var result = BenchmarkResult(
        scenario: "outline", contender: "\(label)/\(name)", timesMS: [elapsed],
        extra: ["cell_calls": .int(calls.value - callsBefore)])
      if let before {
        let resident = context.memory.residentBytes()
        let peak = context.memory.gainedBytes(since: before)
        if let resident { result.extra["bytes_per_row"] = .double(Double(resident - before) / Double(rows)) }
        if let peak { result.extra["peak_bytes_per_row"] = .double(Double(peak) / Double(rows)) }
      } else {
        result.note = "resident memory not measured"
      }
      withExtendedLifetime(loaded) {}
      results.append(result)
    }
    try? await memory("load") { try load(roots, calls: calls) }
    let items = roots.flatMap { [$0.element] + $0.children.map(\.element) }
    try? await memory("rows-load") { try await loadRows(items, calls: calls) }
    return results
  }
}

/// The row cell of the `outline` scenario: it shows a row as text.
final class OutlineRowCell: BindableCell {
  private(set) var text = ""

  func bind(_ text: String) { self.text = text }
  var textRepresentation: String { text }
}
