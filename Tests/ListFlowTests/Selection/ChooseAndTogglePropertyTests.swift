import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// Choosing a row (Enter) and toggling its selection (space) are separate gestures, in every mode: generated
/// sequences of both, checked against a plain model that knows nothing of `ListSelection`.
@MainActor
@Suite struct ChooseAndTogglePropertyTests {
  /// What the user does.
  enum Gesture: CaseIterable { case choose, toggle }

  /// The model: the selected identities, in order, under a mode's rules.
  struct Model {
    var mode: ListSelection.Mode
    var selected: [Int] = []

    mutating func choose(_ id: Int) {
      if mode == .single { selected = [id] }
    }

    mutating func toggle(_ id: Int) {
      if let index = selected.firstIndex(of: id) {
        selected.remove(at: index)
      } else if mode == .single {
        selected = [id]
      } else if mode == .multiple {
        selected.append(id)
      }
    }
  }

  @Test("didSelectRow fires for each choice and only for it; the selection changes as the model says")
  func chooseAndToggle() async throws {
    let cases = DeepPass.isOn ? 400 : 60
    for seed in 0..<UInt64(cases) {
      var random = SeededRandom(seed: seed)
      let modes: [ListSelection.Mode] = [.none, .single, .multiple]
      let mode = modes[Int(random.next() % 3)]
      let count = Int(random.next() % 8) + 1
      let view = RecordingListView()
      var chosen: [Int] = []
      var delegate = SyncDelegate()
      delegate.didSelectRow = { _, row in chosen.append(row.id.value(as: Int.self) ?? -1) }
      delegate.didDeselectRow = { _, _ in Issue.record("no deselection is asked for (seed \(seed))") }
      let controller = ListController<[Int]>(
        configuration: ListControllerConfiguration(backgroundDiffThreshold: .max),
        rows: { [ListSection(id: "main", items: $0)] },
        cell: { TestRow(id: $0, version: 0, isAlternate: false).cellBinder })
      let engine = try ListEngine(view: view, showing: controller, delegate: delegate)
      engine.selectionMode = mode
      await controller.apply(Array(0..<count))
      var model = Model(mode: mode)
      var expectedChoices: [Int] = []
      var gestures: [String] = []
      for _ in 0..<Int(random.next() % 12) {
        let row = Int(random.next() % UInt64(count))
        let gesture = Gesture.allCases[Int(random.next() % 2)]
        gestures.append("\(gesture) \(row)")
        switch gesture {
        case .choose:
          try engine.selectRow(at: ItemPath(item: row, section: 0))
          model.choose(row)
          expectedChoices.append(row)
        case .toggle:
          try engine.toggleSelection(ofRowAt: ItemPath(item: row, section: 0))
          model.toggle(row)
        }
        let selected = engine.selection.identifiers.map { $0.value(as: Int.self) ?? -1 }
        #expect(
          Set(selected) == Set(model.selected),
          "seed \(seed), mode \(mode), after \(gestures): selection \(selected), model \(model.selected)")
      }
      #expect(chosen == expectedChoices, "seed \(seed), mode \(mode), gestures \(gestures)")
      withExtendedLifetime(engine) {}
    }
  }
}
