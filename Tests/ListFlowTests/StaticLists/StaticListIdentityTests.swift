import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// A static list of plain titles, in sections whose identities the test draws.
@MainActor
struct TitledScreen: StaticListConstructor {
  var sections: [ListSection<String>]

  func cellType(for model: String) -> any ListCell.Type { TextCell.self }
}

/// Which rows a static list identifies as one: none but the same row (its section and position), in one list or in
/// two lists shown together.
@MainActor
@Suite("Static lists: a row's identity is its own")
struct StaticListIdentityTests {
  /// Section identities whose printed texts are the same ("1", "x.b"), with others.
  static let sectionIDs: [ListIdentifier] = [1, "1", "a", ListIdentifier("b", scope: "x"), "x.b"]

  /// A few of `sectionIDs`, in a random order, each with up to four rows and maybe a header and a footer.
  static func screen(_ random: inout SeededRandom) -> TitledScreen {
    var ids = sectionIDs.filter { _ in !random.oneIn(3) }
    ids.shuffle(using: &random)
    let sections = ids.map { id in
      ListSection(
        id: id, header: random.oneIn(2) ? "header \(id)" : nil, footer: random.oneIn(3) ? "footer \(id)" : nil,
        items: (0..<random.below(5)).map { "row \($0) of \(id)" })
    }
    return TitledScreen(sections: sections)
  }

  /// A row's place: its section's identity and its position.
  struct Place: Hashable, CustomStringConvertible {
    var section: ListIdentifier
    var item: Int
    var description: String { "row \(item) of \(section)" }
  }

  /// The rows of a list whose identities equal another row's, in words.
  static func sharedIdentities(_ sections: [ListSectionSnapshot]) -> [String] {
    var seen: [ListIdentifier: ItemPath] = [:]
    var shared: [String] = []
    for (section, rows) in sections.enumerated() {
      for (item, row) in rows.elements.enumerated() {
        let path = ItemPath(item: item, section: section)
        if let other = seen[row.id] { shared.append("\(other) and \(path) are both \(row.id)") }
        seen[row.id] = path
      }
    }
    return shared
  }

  @Test("sections whose identities print alike: each row has an identity of its own, as a list and as declarations")
  func sectionsThatPrintAlike() async throws {
    for seed in DeepPass.seeds(quick: 40, deep: 200) {
      var random = SeededRandom(seed: seed)
      let screen = Self.screen(&random)
      var problems = Self.sharedIdentities(screen.sectionDeclarations.map(\.snapshot))
      let list = StaticList(screen)
      let view = RecordingListView()
      let engine = try ListEngine(view: view, showing: list)
      problems += Self.sharedIdentities(engine.snapshot)
      let rows = engine.snapshot.enumerated().flatMap { section, rows in
        rows.elements.indices.map { ItemPath(item: $0, section: section) }
      }
      if let chosen = rows.isEmpty ? nil : rows[random.below(rows.count)] {
        engine.selectionMode = .multiple
        try engine.select(rowAt: chosen)
        if engine.selectedRows != [chosen] { problems.append("selecting \(chosen) selects \(engine.selectedRows)") }
      }
      #expect(problems.isEmpty, "seed \(seed), sections \(screen.sections.map(\.id)): \(problems)")
    }
  }

  @Test("two static lists of one section each in one composite: selecting a row of one selects only that row")
  func twoListsInOneComposite() async throws {
    for seed in DeepPass.seeds(quick: 40, deep: 200) {
      var random = SeededRandom(seed: seed)
      let composite = ComposedFeed<ListSectionSnapshot>()
      let counts = [1 + random.below(4), 1 + random.below(4)]
      for (list, count) in counts.enumerated() {
        let screen = TitledScreen(
          sections: [ListSection(id: ListIdentifier.mainSection, items: (0..<count).map { "list \(list) row \($0)" })])
        try composite.append(StaticList(screen))
      }
      let view = RecordingListView()
      let engine = try ListEngine(view: view, showing: composite)
      engine.selectionMode = .single
      let section = random.below(2)
      let chosen = ItemPath(item: random.below(counts[section]), section: section)
      try engine.select(rowAt: chosen)
      #expect(engine.selectedRows == [chosen], "seed \(seed), counts \(counts): selected \(engine.selectedRows)")
      #expect(Self.sharedIdentities(engine.snapshot).isEmpty, "seed \(seed)")
    }
  }

  @Test("a reload keeps the identity of every row whose section is still there at its position, and its selection")
  func reloadKeepsIdentities() async throws {
    for seed in DeepPass.seeds(quick: 40, deep: 200) {
      var random = SeededRandom(seed: seed)
      let list = StaticList(Self.screen(&random))
      let view = RecordingListView()
      let engine = try ListEngine(view: view, showing: list)
      engine.selectionMode = .multiple
      var problems: [String] = []
      for step in 0..<6 {
        // Where each row was: its section's identity and its position.
        var before: [Place: ListIdentifier] = [:]
        for section in engine.snapshot {
          for (item, row) in section.elements.enumerated() {
            before[Place(section: section.model.id, item: item)] = row.id
          }
        }
        let selected = Set(
          engine.selectedRows.map { Place(section: engine.snapshot[$0.section].model.id, item: $0.item) })
        if random.oneIn(3) { list.reload() } else { list.reload(Self.screen(&random)) }
        for (index, section) in engine.snapshot.enumerated() {
          for (item, row) in section.elements.enumerated() {
            let place = Place(section: section.model.id, item: item)
            if let old = before[place], old != row.id {
              problems.append("step \(step): \(place) was \(old), is \(row.id)")
            }
            let isSelected = engine.isRowSelected(at: ItemPath(item: item, section: index))
            if isSelected != selected.contains(place) {
              problems.append("step \(step): \(place) selected \(isSelected), before \(selected.contains(place))")
            }
          }
        }
        problems += Self.sharedIdentities(engine.snapshot).map { "step \(step): \($0)" }
        let rows = engine.snapshot.enumerated().flatMap { section, rows in
          rows.elements.indices.map { ItemPath(item: $0, section: section) }
        }
        if !rows.isEmpty { try engine.select(rowAt: rows[random.below(rows.count)]) }
      }
      #expect(problems.isEmpty, "seed \(seed): \(problems.prefix(3))")
    }
  }
}
