import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlowTerminal

/// Random key maps (built-in commands and app commands, default or random keys, in random order) over random
/// lists (an outline with collapsed and expanded rows, a selection mode, edit actions or none, a refresh handler
/// or none, a filter or none, the cursor anywhere): the help lists exactly the keys that would act, each with the
/// command that would act. Each key is pressed in a fresh copy of the list, and "acts" means something the user
/// can see or the app can tell changed (the cursor, the expansion, the selection, the help, the filter, following
/// the last row, an event reaching the delegate, a handler or an app command called), or the key quits.
@MainActor
@Suite struct CommandHelpPropertyTests {
  static let pool: [Key] = [
    .character("k"), .character("j"), .up, .down, .pageUp, .pageDown, .home, .end, .character(" "), .enter,
    .character("d"), .character("r"), .right, .left, .character("l"), .character("/"), .escape, .character("?"),
    .character("q"), .character("e"), .character("o"),
  ]

  static let builtIns: [TerminalCommand] = KeyMap.standard.bindings.map(\.command)

  /// What a key press may change.
  struct Digest: Equatable {
    var cursor: ItemPath?
    var rows: [String]
    var selection: String
    var showsHelp: Bool
    var editsFilter: Bool
    var query: String
    var log: [String]
    /// Whether the cursor follows the last row (End), which the status bar says.
    var followsLastRow: Bool
  }

  /// One random list with one random key map, rebuilt the same from its seed.
  @MainActor
  final class Scenario {
    let view: TerminalListView
    let feed: OutlineFeed<String>
    let controller: ListEngine
    var log: [String] = []

    init(seed: UInt64) throws {
      var random = SeededRandom(seed: seed)
      view = TerminalListView(output: CapturingOutput(), mode: .screen(TerminalSize(columns: 80, rows: 8)))
      var roots: [Outline<String>.Node] = []
      for root in 0..<Int.random(in: 1...5, using: &random) {
        let children = (0..<Int.random(in: 0...3, using: &random)).map { Outline.Node("n\(root).\($0)") }
        roots.append(Outline.Node("n\(root)", children: children))
      }
      let expanded = Set(roots.map(\.element).filter { _ in Bool.random(using: &random) })
      feed = OutlineFeed(id: "tree", outline: Outline(roots, expanded: expanded)) { row in
        CellBinder(cell: TextCell.self, value: row.element, id: ListIdentifier(row.element)) { cell, name in
          cell.title = name
        }
      }
      let composite = ComposedFeed<ListSectionSnapshot>()
      try composite.append(feed)
      controller = try ListEngine(view: view, showing: composite)
      controller.selectionMode = [.none, .single, .multiple][Int.random(in: 0..<3, using: &random)]
      var events = SyncDelegate()
      let deletable = Bool.random(using: &random)
      events.didSelectRow = { [unowned self] path, _ in log.append("select \(path)") }
      events.editActions = { _, _ in deletable ? [.delete] : [] }
      events.commitEdit = { [unowned self] action, path, _ in log.append("\(action.id) \(path)") }
      feed.delegate = events
      if Bool.random(using: &random) { view.onRefresh = { [unowned self] in log.append("refresh") } }
      let filters = Bool.random(using: &random)
      if filters { view.onFilterChange = { [unowned self] query in log.append("filter \(query)") } }
      for _ in 0..<Int.random(in: 0...6, using: &random) { view.handle(.down) }
      if filters, Bool.random(using: &random) {
        for key in [Key.character("/"), .character("n"), .enter] { view.handle(key) }
      }
      view.keyMap = Self.keyMap(using: &random)
      log = []
    }

    static func keyMap(using random: inout SeededRandom) -> KeyMap {
      var commands = builtIns.filter { _ in Int.random(in: 0..<10, using: &random) < 7 }
      for index in 0..<Int.random(in: 0...3, using: &random) {
        let available = Bool.random(using: &random)
        let command = TerminalCommand(
          "app\(index)", keys: [.character(index == 0 ? "e" : "o")], shortHelp: "app \(index)",
          isAvailable: { _ in available }
        ) { context in
          context.view.postStatus("app\(index) on \(context.row.map { "\($0)" } ?? "none")")
        }
        commands.append(command)
      }
      commands.shuffle(using: &random)
      return KeyMap(
        commands.map { command in
          guard Bool.random(using: &random) else { return KeyBinding(command.keys, command) }
          let keys = (0..<Int.random(in: 1...3, using: &random)).map { _ in pool.randomElement(using: &random)! }
          return KeyBinding(keys, command)
        })
    }

    var digest: Digest {
      Digest(
        cursor: view.selectedRow, rows: feed.rows.map(\.element), selection: "\(controller.selection)",
        showsHelp: view.isShowingHelp, editsFilter: view.isEditingFilter, query: view.filterQuery,
        log: log + (view.currentStatusMessage.map { [$0] } ?? []),
        followsLastRow: view.statusBar(width: 80).text.contains(" follow"))
    }
  }

  @Test("the help lists exactly the keys that would act, each with the command that acts", .timeLimit(.minutes(60)))
  func helpListsWhatActs() throws {
    let base = terminalFuzzSeed
    for round in 0..<DeepPass.cases(quick: 15, deep: 40) {
      let seed = base &+ UInt64(round)
      let scenario = try Scenario(seed: seed)
      var listed: [Key: String] = [:]
      for binding in scenario.view.actingBindings() {
        for key in binding.keys where Self.pool.contains(key) { listed[key] = binding.command.name }
      }
      var acting: [Key: String] = [:]
      for key in Self.pool {
        let fresh = try Scenario(seed: seed)
        let before = fresh.digest
        let command = fresh.view.handle(key)
        let acted = command == .quit || fresh.digest != before
        #expect(
          (command != nil) == acted,
          "seed \(seed): \(key) gave \(command?.name ?? "nothing") and \(acted ? "acted" : "did nothing")")
        if let command, acted { acting[key] = command.name }
      }
      #expect(listed == acting, "seed \(seed): the help lists \(listed), the keys that act are \(acting)")
      // The one-line help names marking, expanding, collapsing and going up whenever they act, so that a user finds them
      // without the help screen.
      let helpLine = scenario.view.actingBindingsAndHelpLine().helpLine
      for command in [TerminalCommand.toggleSelection, .expand, .collapse, .goToParent] {
        let binding = scenario.view.actingBindings().first { $0.command == command }
        let entry = binding.map { "\(KeyBinding.name(of: $0.keys[0])) \($0.command.shortHelp ?? "")" }
        #expect(
          entry.map(helpLine.contains) ?? !helpLine.contains(command.shortHelp ?? "∅"),
          "seed \(seed): \(command.name) \(binding == nil ? "does not act" : "acts"), the help line is \(helpLine)")
      }
      // The help screen and the help line draw those bindings.
      let shown = scenario.view.helpLines(width: 200, height: 100).dropFirst().map { $0.text }
      #expect(shown == KeyMap.helpLines(of: scenario.view.actingBindings()).map { " " + $0 }, "seed \(seed)")
      if listed != acting { return }
    }
  }
}
