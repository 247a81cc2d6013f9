import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// Three screens of one app, each with a nested `Cell` and a nested `Row`: `String(describing:)` prints the three
/// cell types alike ("Cell"), and the three data model types alike ("Row").
enum SameNameFirst {
  final class Cell: BindableCell {
    var text = ""
    func bind(_ value: Int) { text = "first \(value)" }
    var textRepresentation: String { text }
  }

  struct Row: ListItemDataModel, Hashable, Identifiable {
    var id: Int
  }
}

enum SameNameSecond {
  final class Cell: BindableCell {
    var text = ""
    func bind(_ value: Int) { text = "second \(value)" }
    var textRepresentation: String { text }
  }

  struct Row: ListItemDataModel, Hashable, Identifiable {
    var id: Int
  }
}

enum SameNameThird {
  final class Cell: BindableCell {
    var text = ""
    func bind(_ value: Int) { text = "third \(value)" }
    var textRepresentation: String { text }
  }

  struct Row: ListItemDataModel, Hashable, Identifiable {
    var id: Int
  }
}

/// Cell and data model types whose short names are the same: each is registered, shown and identified as a type
/// of its own.
@MainActor
@Suite("Same-named cell and data model types: reuse identifiers and identity scopes")
struct SameNamedTypeTests {
  /// A row of the generated lists: which of the three namespaces, whether it is a cell's value or an item's data
  /// model, and its value.
  struct Drawn: Hashable, CustomStringConvertible {
    var namespace: Int
    var isItem: Bool
    var value: Int

    var description: String { "\(["first", "second", "third"][namespace])\(isItem ? " item" : "") \(value)" }

    /// The line the row shows: the model's own text, written out here rather than read from a cell.
    var line: String { "\(["first", "second", "third"][namespace]) \(isItem ? "item " : "")\(value)" }

    var binder: CellBinder {
      switch (namespace, isItem) {
      case (0, false): SameNameFirst.Cell.makeBinder(value: value)
      case (1, false): SameNameSecond.Cell.makeBinder(value: value)
      case (2, false): SameNameThird.Cell.makeBinder(value: value)
      case (0, true):
        CellBinder(data: SameNameFirst.Row(id: value)) { (row: SameNameFirst.Row, cell: TextCell) in
          cell.title = "first item \(row.id)"
        }
      case (1, true):
        CellBinder(data: SameNameSecond.Row(id: value)) { (row: SameNameSecond.Row, cell: TextCell) in
          cell.title = "second item \(row.id)"
        }
      default:
        CellBinder(data: SameNameThird.Row(id: value)) { (row: SameNameThird.Row, cell: TextCell) in
          cell.title = "third item \(row.id)"
        }
      }
    }
  }

  @Test("each cell type has a reuse identifier of its own, and the same one every time")
  func reuseIdentifiers() {
    let identifiers = [
      SameNameFirst.Cell.reuseIdentifier, SameNameSecond.Cell.reuseIdentifier, SameNameThird.Cell.reuseIdentifier,
    ]
    #expect(Set(identifiers).count == 3, "\(identifiers)")
    #expect(SameNameFirst.Cell.reuseIdentifier == SameNameFirst.Cell.reuseIdentifier)
  }

  @Test("random lists of same-named types: every row shows its own cell, identities are equal only for equal rows")
  func randomLists() async throws {
    for seed in DeepPass.seeds(quick: 40, deep: 200) {
      var random = SeededRandom(seed: seed)
      // Distinct rows (a list has unique identities); equal values in several namespaces are the point.
      var drawn: [Drawn] = []
      for _ in 0..<1 + random.below(12) {
        let row = Drawn(namespace: random.below(3), isItem: random.oneIn(2), value: random.below(3))
        if !drawn.contains(row) { drawn.append(row) }
      }
      var problems: [String] = []
      let binders = drawn.map(\.binder)
      for (i, left) in drawn.enumerated() {
        for (j, right) in drawn.enumerated() where i < j && binders[i].id == binders[j].id {
          problems.append("\(left) and \(right) share the identity \(binders[i].id)")
        }
      }
      let view = RecordingListView()
      let controller = ListController<[CellBinder]>()
      let engine = try ListEngine(view: view, showing: controller)
      engine.selectionMode = .multiple
      await controller.apply(binders)
      if !view.errors.isEmpty { problems.append("errors \(view.errors)") }
      if view.renderedLines != drawn.map(\.line) {
        problems.append("lines \(view.renderedLines), expected \(drawn.map(\.line))")
      }
      let selected = random.below(drawn.count)
      try engine.select(rowAt: ItemPath(item: selected, section: 0))
      if engine.selectedRows != [ItemPath(item: selected, section: 0)] {
        problems.append("selecting row \(selected) selects \(engine.selectedRows.map(\.item))")
      }
      #expect(problems.isEmpty, "seed \(seed), rows \(drawn): \(problems)")
    }
  }
}
