import ListFlow
import ListFlowTesting
import TestSupport

/// A row of the random lists: identity `id`, content `version`, and which of two cell types shows it.
struct TestRow: Hashable, Sendable {
  var id: Int
  var version: Int
  var isAlternate: Bool

  var cellBinder: CellBinder {
    isAlternate
      ? AlternateRowCell.makeBinder(value: self, id: id) : RowCell.makeBinder(value: self, id: id)
  }
}

final class RowCell: BindableCell {
  var text = ""
  var bindCount = 0
  func bind(_ row: TestRow) {
    text = "r\(row.id) v\(row.version)"
    bindCount += 1
  }
  var textRepresentation: String { text }
}

final class AlternateRowCell: BindableCell {
  var text = ""
  func bind(_ row: TestRow) { text = "alt r\(row.id) v\(row.version)" }
  var textRepresentation: String { text }
}

enum RandomLists {
  /// A random list: up to 4 sections drawn from 6 identities, rows drawn from 14 identities without repeats
  /// (so rows move across sections), random versions, cell types and headers.
  static func sections(_ random: inout SeededRandom, duplicates: Bool = false) -> [ListSection<CellBinder>] {
    let sectionIDs = Array((0..<6).shuffled(using: &random).prefix(Int(random.next() % 5)))
    var rowIDs = Array((0..<14).shuffled(using: &random))
    return sectionIDs.map { sectionID in
      let count = Int(random.next() % 6)
      var rows: [CellBinder] = []
      for _ in 0..<count {
        let id: Int
        if duplicates, random.next() % 4 == 0 {
          id = Int(random.next() % 3)
        } else if let next = rowIDs.popLast() {
          id = next
        } else {
          break
        }
        let row = TestRow(id: id, version: Int(random.next() % 3), isAlternate: random.next() % 5 == 0)
        rows.append(row.cellBinder)
      }
      let header: CellBinder? =
        random.next() % 3 == 0
        ? nil : SectionHeaderCell.makeBinder(value: "S\(sectionID) v\(random.next() % 2)", id: "header\(sectionID)")
      let footer: CellBinder? =
        random.next() % 4 == 0
        ? SectionHeaderCell.makeBinder(value: "end of S\(sectionID)", id: "footer\(sectionID)") : nil
      return ListSection(id: sectionID, header: header, footer: footer, items: rows)
    }
  }
}

extension ListController where State == [TestRow] {
  /// A controller for flat lists of test rows in one section, each shown by its own binder.
  convenience init(
    configuration: ListControllerConfiguration = ListControllerConfiguration(),
    delegate: SyncDelegate = SyncDelegate()
  ) {
    self.init(configuration: configuration, delegate: delegate) { rows in
      [ListSection(id: ListIdentifier.mainSection, items: rows.map(\.cellBinder))]
    }
  }
}

extension ListController where State == [ListSection<TestRow>] {
  /// A controller for sections of test rows, each shown by its own binder.
  convenience init(
    configuration: ListControllerConfiguration = ListControllerConfiguration(),
    delegate: SyncDelegate = SyncDelegate()
  ) {
    self.init(configuration: configuration, delegate: delegate) { sections in
      sections.map { section in section.map(\.cellBinder) }
    }
  }
}
