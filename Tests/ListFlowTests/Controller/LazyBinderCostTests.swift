import ListFlow
import ListFlowTesting
import Synchronization
import Testing

/// Binders are made only for the rows a view reads: with a small viewport over a long list, each state calls the
/// row's `cell` for the viewport's rows and the rows the change touched, never for the rest of the list.
@Suite("Lazy binders: a state's cost follows the viewport and the change, not the list")
@MainActor
struct LazyBinderCostTests {
  struct Row: Differentiable, Sendable, Equatable {
    var id: Int
    var version: Int
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: Row) -> Bool { version == source.version }
  }

  final class RowCell: BindableCell {
    private(set) var text = ""
    func bind(_ row: Row) { text = "r\(row.id) v\(row.version)" }
    func prepareForReuse() { text = "" }
    var textRepresentation: String { text }
  }

  @Test("random changes to 20,000 rows call cell for the viewport and the changes only, and show the right rows")
  func viewportCost() async {
    var random = SplitMix64(seed: 0x1A2B_0015)
    for sequence in 0..<8 {
      let calls = Mutex(0)
      let view = ViewportListView(rowCount: 20)
      let controller = ListController<[Row]>(view: view) {
        [ListSection(id: "rows", items: $0)]
      } cell: { row in
        calls.withLock { $0 += 1 }
        return RowCell.makeBinder(value: row, id: row.id)
      }
      var rows = (0..<20_000).map { Row(id: $0, version: 0) }
      var nextID = rows.count
      await controller.apply(rows)
      #expect(calls.withLock { $0 } <= 20, "sequence \(sequence): the first load read more than the viewport")
      for step in 0..<10 {
        calls.withLock { $0 = 0 }
        let changes = 1 + random.below(12)
        for _ in 0..<changes {
          switch random.below(4) {
          case 0: rows[random.below(rows.count)].version += 1
          case 1: rows.remove(at: random.below(rows.count))
          case 2:
            rows.insert(Row(id: nextID, version: 0), at: random.below(rows.count + 1))
            nextID += 1
          default:
            let row = rows.remove(at: random.below(rows.count))
            rows.insert(row, at: random.below(rows.count + 1))
          }
        }
        await controller.apply(rows)
        let context = "sequence \(sequence), state \(step), \(changes) changes"
        // At most the viewport pulled again plus a few reads per change: nothing near the 20,000 rows.
        #expect(calls.withLock { $0 } <= 20 + 4 * changes, "\(context): \(calls.withLock { $0 }) calls")
        #expect(view.renderedLines == rows.prefix(20).map { "r\($0.id) v\($0.version)" }, "\(context)")
        #expect(controller.snapshot.first?.elements.count == rows.count, "\(context)")
      }
    }
  }
}
