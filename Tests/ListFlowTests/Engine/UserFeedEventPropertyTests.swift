import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// A feed written outside the module (no `@testable`) is the equal of the built-in ones: placed anywhere in a random
/// composite (beside sectioned sources, an outline, inside a nested composite), every event of one of its rows
/// reaches its delegate exactly once with the row's position local to it, then the engine's delegate with the global
/// one; events of other feeds' rows never reach it; the moves the user makes inside it reach its model, and the
/// expansion asked of the engine reaches it at the local position. The expected owner and local position come from
/// the section counts of each child, never from the library's own mapping.
@MainActor
@Suite("A feed of your own gets its rows' events at its own positions, wherever a composite places it")
struct UserFeedEventPropertyTests {
  // MARK: Cells and logs

  /// What a test cell shows: the row's identity, and a mark that changes with the row's expansion.
  struct Label: Equatable, Sendable {
    var id: String
    var mark = ""
  }

  /// A cell that can send an action, as a row with a button does.
  final class TallyCell: BindableCell, ActionEmittingCell {
    typealias Action = String
    var sendAction: ((String) -> Void)?
    var label = Label(id: "")
    func bind(_ value: Label) { label = value }
    var textRepresentation: String { label.id + label.mark }
    func tap() { sendAction?("tap \(label.id)") }
  }

  /// Every event a delegate received, as lines such as `select 0:1 u3`.
  @MainActor final class Log {
    var entries: [String] = []
  }

  /// How an identity is written in the logs.
  static func name(_ id: ListIdentifier) -> String { "\(id)" }

  /// How a test row's identity is written in the logs.
  static func name(_ id: String) -> String { name(ListIdentifier(id)) }

  /// The identity a test cell shows, as written in the logs.
  static func name(of cell: any ListCell) -> String {
    (cell as? TallyCell).map { name($0.label.id) } ?? "<not a tally cell>"
  }

  static func binder(_ id: String, mark: String = "") -> CellBinder {
    TallyCell.makeBinder(value: Label(id: id, mark: mark), id: id)
  }

  /// A delegate that writes every event with its position into `log`, says whether rows can move, and offers the
  /// delete action.
  static func recorder(_ log: Log, movable: Bool, deselectsAutomatically: Bool = false) -> SyncDelegate {
    var delegate = SyncDelegate()
    delegate.deselectsAutomatically = deselectsAutomatically
    delegate.didSelectRow = { path, row in log.entries.append("select \(path) \(name(row.id))") }
    delegate.didDeselectRow = { path, row in log.entries.append("deselect \(path) \(name(row.id))") }
    delegate.didHighlightRow = { path, row in log.entries.append("highlight \(path) \(name(row.id))") }
    delegate.didUnhighlightRow = { path, row in log.entries.append("unhighlight \(path) \(name(row.id))") }
    delegate.willDisplayCell = { cell, path in log.entries.append("display \(path) \(name(of: cell))") }
    delegate.didEndDisplayingCell = { cell, path in log.entries.append("end \(path) \(name(of: cell))") }
    delegate.willDisplayHeader = { cell, section in
      log.entries.append("display header \(section) \(name(of: cell))")
    }
    delegate.didEndDisplayingHeader = { cell, section in
      log.entries.append("end header \(section) \(name(of: cell))")
    }
    delegate.willDisplayFooter = { cell, section in
      log.entries.append("display footer \(section) \(name(of: cell))")
    }
    delegate.didEndDisplayingFooter = { cell, section in
      log.entries.append("end footer \(section) \(name(of: cell))")
    }
    delegate.canMoveRow = { path, row in
      log.entries.append("canMove \(path) \(name(row.id))")
      return movable
    }
    delegate.didMoveRow = { move, row in log.entries.append("move \(move) \(name(row.id))") }
    delegate.editActions = { path, row in
      log.entries.append("editActions \(path) \(name(row.id))")
      return [.delete]
    }
    delegate.commitEdit = { action, path, row in
      log.entries.append("commit \(action.id) \(path) \(name(row.id))")
    }
    delegate.didReceiveCellAction = { event in
      log.entries.append("action \(event.element) \(name(event.row.id)) \(event.action)")
    }
    return delegate
  }

  // MARK: The user's feed

  /// A feed of the test's own: its sections and rows are its model; it takes moves into the model and publishes
  /// them, and it records every move and expansion request it gets, with the position it got.
  @MainActor
  final class TallyFeed: ListFeed {
    /// One section of the model.
    struct Part: Equatable {
      var id: String
      var header: String?
      var footer: String?
      var rows: [String]
    }

    let feedLink = FeedLink<ListSectionSnapshot>()
    var delegate = SyncDelegate()
    private(set) var displayedSections: [ListSectionSnapshot] = []
    private(set) var model: [Part]
    /// The rows that can expand and collapse (they answer `isRowExpanded`).
    let expandable: Set<String>
    private(set) var expanded: Set<String> = []
    /// Every call of `moveRow`, `isRowExpanded` and `setExpanded`, with its local position.
    var requests: [String] = []

    init(model: [Part], expandable: Set<String>) {
      self.model = model
      self.expandable = expandable
      displayedSections = render()
    }

    func moveRow(_ move: Move<ItemPath>) throws(ListFlowError) {
      requests.append("moveRow \(move)")
      guard model.indices.contains(move.source.section), model.indices.contains(move.target.section),
        model[move.source.section].rows.indices.contains(move.source.item)
      else { throw .rowNotMovable(move.source) }
      var next = model
      let row = next[move.source.section].rows.remove(at: move.source.item)
      guard (0...next[move.target.section].rows.count).contains(move.target.item) else {
        throw .rowNotMovable(move.source)
      }
      next[move.target.section].rows.insert(row, at: move.target.item)
      model = next
      publish()
    }

    func isRowExpanded(at path: ItemPath) -> Bool? {
      requests.append("isRowExpanded \(path)")
      guard let row = row(at: path), expandable.contains(row) else { return nil }
      return expanded.contains(row)
    }

    @discardableResult
    func setExpanded(_ isExpanded: Bool, forRowAt path: ItemPath) -> Bool {
      requests.append("setExpanded \(isExpanded) \(path)")
      guard let row = row(at: path), expandable.contains(row), expanded.contains(row) != isExpanded else {
        return false
      }
      if isExpanded { expanded.insert(row) } else { expanded.remove(row) }
      publish()
      return true
    }

    private func row(at path: ItemPath) -> String? {
      guard model.indices.contains(path.section), model[path.section].rows.indices.contains(path.item) else {
        return nil
      }
      return model[path.section].rows[path.item]
    }

    private func publish() {
      let old = displayedSections
      displayedSections = render()
      feedLink.send(from: old, to: displayedSections)
    }

    private func render() -> [ListSectionSnapshot] {
      model.map { section in
        ListSection(
          id: section.id, header: section.header.map { binder($0) }, footer: section.footer.map { binder($0) },
          items: section.rows.map { binder($0, mark: expanded.contains($0) ? "+" : "") }
        ).snapshot
      }
    }
  }

  // MARK: The composite

  /// A feed at the bottom of the composite, in display order, with the log its delegate writes.
  struct Leaf {
    var label: String
    var feed: any ListFeed<ListSectionSnapshot>
    var log: Log
    var outline: OutlineFeed<String>?
    var isUser: Bool { feed is TallyFeed }
  }

  /// A row of the list shown, located by the test's own model.
  struct RowRef {
    var global: ItemPath
    var leaf: Int
    var local: ItemPath
    var id: String
  }

  /// A cell the test asked of the engine and displayed itself, by the identity of its row.
  struct ExtraCell {
    var cell: TallyCell
    var id: String
    /// `false` once its display ended or its row left: its actions must reach no one.
    var isDisplayed: Bool
  }

  /// What one step expects in the logs.
  struct Expectation {
    var description: String
    var leaves: [Int: [String]] = [:]
    var engine: [String] = []
    var requests: [String] = []
    /// Whether the order of the events is free (a batch's removals and insertions).
    var unordered = false
    /// What a call answered that it should not have.
    var wrongAnswers: [String] = []
  }

  /// The kinds of step ``World/step()`` takes.
  enum Step {
    case select, deselect, highlight, display, endDisplay, cellAction, move, expand, edit, refusedMove, isExpanded
  }

  /// The steps a world takes, by weight.
  static let steps = WeightedChoice<Step>([
    ("select a row", weight: 2, .select),
    ("deselect a row", weight: 2, .deselect),
    ("highlight or unhighlight a row", weight: 2, .highlight),
    ("display a row's cell", weight: 4, .display),
    ("end a displayed cell's display", weight: 2, .endDisplay),
    ("send a cell action", weight: 4, .cellAction),
    ("drag a row of the user feed", weight: 2, .move),
    ("expand or collapse a row", weight: 2, .expand),
    ("delete a row through its edit actions", weight: 2, .edit),
    ("drag a row across feeds (refused)", weight: 1, .refusedMove),
    ("ask whether a row is expanded", weight: 1, .isExpanded),
  ])

  /// One seed's composite, engine and model.
  @MainActor
  final class World {
    var random: SeededRandom
    let seed: UInt64
    var leaves: [Leaf] = []
    var layout: [String] = []
    let user: TallyFeed
    let userLog = Log()
    let engineLog = Log()
    let top = ComposedFeed<ListSectionSnapshot>()
    let view = RecordingListView()
    /// The engine, made once the composite is built.
    private var madeEngine: ListEngine?
    var engine: ListEngine { madeEngine! }
    var extras: [ExtraCell] = []
    /// The step under way, for a failure message.
    var attempt = ""
    /// The moves the user made so far, for a failure message.
    var moves: [String] = []
    /// The kinds of step that reached the user feed, and where the composite placed it.
    var covered: Set<String> = []
    /// The user feed's rows as the test expects them, section by section.
    var userRows: [[String]]
    let userDeselectsAutomatically: Bool

    init(seed: UInt64) throws {
      self.seed = seed
      var random = SeededRandom(seed: seed)
      var model: [TallyFeed.Part] = (0..<Int.random(in: 1...3, using: &random)).map { section in
        TallyFeed.Part(
          id: "u-s\(section)",
          header: Bool.random(using: &random) ? "u-h\(section)" : nil,
          footer: Int.random(in: 0..<3, using: &random) == 0 ? "u-f\(section)" : nil,
          rows: (0..<Int.random(in: 0...4, using: &random)).map { "u\(section)-\($0)" })
      }
      if model.allSatisfy(\.rows.isEmpty) { model[0].rows = ["u0-0"] }
      let rows = model.flatMap(\.rows)
      user = TallyFeed(model: model, expandable: Set(rows.filter { _ in Bool.random(using: &random) }))
      userRows = model.map(\.rows)
      userDeselectsAutomatically = Int.random(in: 0..<4, using: &random) == 0
      self.random = random
      user.delegate = recorder(userLog, movable: true, deselectsAutomatically: userDeselectsAutomatically)
      try build()
      madeEngine = try ListEngine(view: view, showing: top, delegate: recorder(engineLog, movable: false))
    }

    enum Kind { case user, sectioned, outline, nested }

    private func build() throws {
      var kinds: [Kind] = (0..<Int.random(in: 0...3, using: &random)).map { _ in
        [Kind.sectioned, .outline, .nested][Int.random(in: 0..<3, using: &random)]
      }
      var userInNested = kinds.contains(.nested) && Bool.random(using: &random)
      if !userInNested { kinds.insert(.user, at: Int.random(in: 0...kinds.count, using: &random)) }
      for kind in kinds {
        switch kind {
        case .user:
          try top.append(addUser())
        case .sectioned:
          try top.append(addSectioned())
        case .outline:
          try top.append(addOutline())
        case .nested:
          let nested = ComposedFeed<ListSectionSnapshot>()
          var inner = [Kind](repeating: .sectioned, count: Int.random(in: 1...2, using: &random))
          if userInNested {
            inner.insert(.user, at: Int.random(in: 0...inner.count, using: &random))
            userInNested = false
            covered.insert("user feed in a nested composite")
          }
          let mark = layout.count
          for innerKind in inner { try nested.append(innerKind == .user ? addUser() : addSectioned()) }
          let described = layout[mark...].joined(separator: ", ")
          layout.removeSubrange(mark...)
          layout.append("nested [\(described)]")
          try top.append(nested)
        }
      }
    }

    private func addUser() -> any ListFeed<ListSectionSnapshot> {
      covered.insert(leaves.isEmpty ? "user feed first" : "user feed after others")
      leaves.append(Leaf(label: "user", feed: user, log: userLog))
      layout.append("user \(user.model.map(\.rows.count))")
      return user
    }

    private func addSectioned() -> any ListFeed<ListSectionSnapshot> {
      let index = leaves.count
      let sections = (0..<Int.random(in: 0...3, using: &random)).map { section in
        ListSection(
          id: "b\(index)-s\(section)",
          header: Bool.random(using: &random) ? binder("b\(index)-h\(section)") : nil,
          footer: Int.random(in: 0..<3, using: &random) == 0 ? binder("b\(index)-f\(section)") : nil,
          items: (0..<Int.random(in: 0...3, using: &random)).map { binder("b\(index)-\(section)-\($0)") }
        ).snapshot
      }
      let source = SectionsFeed<ListSectionSnapshot>(sections: sections)
      let log = Log()
      source.delegate = recorder(log, movable: false)
      leaves.append(Leaf(label: "sectioned", feed: source, log: log))
      layout.append("sectioned \(sections.map(\.elements.count))")
      return source
    }

    private func addOutline() -> any ListFeed<ListSectionSnapshot> {
      let index = leaves.count
      var expandable: [String] = []
      let roots = (0..<Int.random(in: 1...3, using: &random)).map { root in
        let name = "o\(index)-\(root)"
        let children = (0..<Int.random(in: 0...3, using: &random)).map { child in
          let childName = "\(name).\(child)"
          let grandchildren =
            Bool.random(using: &random) ? [Outline.Node("\(childName).0")] : [Outline<String>.Node]()
          if !grandchildren.isEmpty { expandable.append(childName) }
          return Outline.Node(childName, children: grandchildren)
        }
        if !children.isEmpty { expandable.append(name) }
        return Outline.Node(name, children: children)
      }
      let expanded = Set(expandable.filter { _ in Bool.random(using: &random) })
      let outline = OutlineFeed(id: "o\(index)", outline: Outline(roots, expanded: expanded)) { row in
        binder(row.element)
      }
      let log = Log()
      outline.delegate = recorder(log, movable: false)
      leaves.append(Leaf(label: "outline", feed: outline, log: log, outline: outline))
      layout.append("outline \(outline.rows.count)")
      return outline
    }

    // MARK: The independent model

    /// The global index of each leaf's first section, from the section counts of the leaves.
    var starts: [Int] {
      var start = 0
      return leaves.map { leaf in
        defer { start += leaf.feed.displayedSections.count }
        return start
      }
    }

    /// The identities of every row shown, section by section, from the leaves' own sections.
    var modelRows: [[String]] {
      leaves.flatMap { $0.feed.displayedSections.map { $0.elements.map { Self.id($0.id) } } }
    }

    static func id(_ id: ListIdentifier) -> String { id.value(as: String.self) ?? "\(id)" }

    /// Every row shown, located by the model.
    var rows: [RowRef] {
      let starts = starts
      return leaves.indices.flatMap { leaf in
        leaves[leaf].feed.displayedSections.enumerated().flatMap { section, content in
          content.elements.enumerated().map { item, row in
            RowRef(
              global: ItemPath(item: item, section: starts[leaf] + section), leaf: leaf,
              local: ItemPath(item: item, section: section), id: Self.id(row.id))
          }
        }
      }
    }

    /// The leaf that owns a global section, and the section's index there.
    func locate(section: Int) -> (leaf: Int, local: Int)? {
      var start = 0
      for (index, leaf) in leaves.enumerated() {
        let count = leaf.feed.displayedSections.count
        if section < start + count { return (index, section - start) }
        start += count
      }
      return nil
    }

    /// A random row: one of the user feed's half of the time.
    func pickRow() -> RowRef? {
      let all = rows
      let own = all.filter { leaves[$0.leaf].isUser }
      if !own.isEmpty, Bool.random(using: &random) { return own.randomElement(using: &random) }
      return all.randomElement(using: &random)
    }

    func clearLogs() {
      for leaf in leaves { leaf.log.entries = [] }
      engineLog.entries = []
      user.requests = []
    }

    // MARK: Steps

    /// The events of the first load: every header, row and footer displayed, at local positions for its feed.
    func firstLoad() -> Expectation {
      var expectation = Expectation(description: "first load")
      let starts = starts
      for (index, leaf) in leaves.enumerated() {
        var local: [String] = []
        for (section, content) in leaf.feed.displayedSections.enumerated() {
          let global = starts[index] + section
          if let header = content.model.header {
            local.append("display header \(section) \(name(header.id))")
            expectation.engine.append("display header \(global) \(name(header.id))")
          }
          for (item, row) in content.elements.enumerated() {
            local.append("display \(ItemPath(item: item, section: section)) \(name(row.id))")
            expectation.engine.append("display \(ItemPath(item: item, section: global)) \(name(row.id))")
          }
          if let footer = content.model.footer {
            local.append("display footer \(section) \(name(footer.id))")
            expectation.engine.append("display footer \(global) \(name(footer.id))")
          }
        }
        expectation.leaves[index] = local
      }
      return expectation
    }

    /// Runs one random step and says what it expects; `nil` when there was nothing to do.
    func step() throws -> Expectation? {
      switch UserFeedEventPropertyTests.steps.pick(using: &random).value {
      case .select: return try select()
      case .deselect: return try deselect()
      case .highlight: return try highlight()
      case .display: return try display()
      case .endDisplay: return endDisplay()
      case .cellAction: return cellAction()
      case .move: return try move()
      case .expand: return expand()
      case .edit: return try edit()
      case .refusedMove: return try refusedMove()
      case .isExpanded: return isExpanded()
      }
    }

    /// Describes a step at a row, for a failure message, and notes its kind when the row is the user feed's.
    func begin(_ kind: String, at row: RowRef) -> String {
      attempt = "\(kind) at \(row.global) (\(leaves[row.leaf].label) \(row.local))"
      if leaves[row.leaf].isUser { covered.insert(kind) }
      return attempt
    }

    /// An expectation of one event at a row: its owner at the local position, the engine at the global one.
    func event(_ kind: String, at row: RowRef) -> Expectation {
      var expectation = Expectation(description: attempt)
      expectation.leaves[row.leaf] = ["\(kind) \(row.local) \(name(row.id))"]
      expectation.engine = ["\(kind) \(row.global) \(name(row.id))"]
      return expectation
    }

    func select() throws -> Expectation? {
      guard let row = pickRow() else { return nil }
      _ = begin("select", at: row)
      try view.selectRow(at: row.global)
      var expectation = event("select", at: row)
      if leaves[row.leaf].isUser, userDeselectsAutomatically {
        covered.insert("select, deselected automatically")
        expectation.leaves[row.leaf]?.append("deselect \(row.local) \(name(row.id))")
        expectation.engine.append("deselect \(row.global) \(name(row.id))")
      }
      return expectation
    }

    func deselect() throws -> Expectation? {
      guard let row = pickRow() else { return nil }
      _ = begin("deselect", at: row)
      try engine.deselectRow(at: row.global)
      return event("deselect", at: row)
    }

    func highlight() throws -> Expectation? {
      guard let row = pickRow() else { return nil }
      let isHighlighted = Bool.random(using: &random)
      _ = begin(isHighlighted ? "highlight" : "unhighlight", at: row)
      try engine.highlightRow(at: row.global, isHighlighted: isHighlighted)
      return event(isHighlighted ? "highlight" : "unhighlight", at: row)
    }

    /// The view asks a cell for a row and displays it (as when it scrolls into view).
    func display() throws -> Expectation? {
      guard let row = pickRow() else { return nil }
      _ = begin("display", at: row)
      let cell = try #require(try engine.cell(at: row.global, for: view) as? TallyCell)
      engine.willDisplay(cell, for: .row(row.global))
      extras.append(ExtraCell(cell: cell, id: row.id, isDisplayed: true))
      return event("display", at: row)
    }

    /// A cell the test displayed leaves the screen, from where its row is now.
    func endDisplay() -> Expectation? {
      let displayed = extras.indices.filter { extras[$0].isDisplayed }
      guard let index = displayed.randomElement(using: &random),
        let row = rows.first(where: { $0.id == extras[index].id })
      else { return nil }
      _ = begin("end display", at: row)
      engine.didEndDisplaying(extras[index].cell, for: .row(row.global))
      extras[index].isDisplayed = false
      return event("end", at: row)
    }

    /// A cell sends an action: one the view holds (a row, header or footer), or one the test displayed (or whose
    /// display ended: then no one hears it).
    func cellAction() -> Expectation? {
      if !extras.isEmpty, Bool.random(using: &random) {
        let extra = extras[Int.random(in: 0..<extras.count, using: &random)]
        guard extra.isDisplayed, let row = rows.first(where: { $0.id == extra.id }) else {
          attempt = "action of a cell of \(extra.id) no longer displayed"
          if extra.id.hasPrefix("u") { covered.insert("action of a cell no longer displayed") }
          extra.cell.tap()
          return Expectation(description: attempt)
        }
        _ = begin("action of a cell the test displayed", at: row)
        extra.cell.tap()
        var expectation = Expectation(description: attempt)
        expectation.leaves[row.leaf] = ["action row \(row.local) \(name(row.id)) tap \(row.id)"]
        expectation.engine = ["action row \(row.global) \(name(row.id)) tap \(row.id)"]
        return expectation
      }
      var elements: [(ListElement, any ListCell)] = []
      for (section, content) in view.sections.enumerated() {
        if let header = content.header { elements.append((.header(section: section), header)) }
        for (item, cell) in content.rows.enumerated() {
          elements.append((.row(ItemPath(item: item, section: section)), cell))
        }
        if let footer = content.footer { elements.append((.footer(section: section), footer)) }
      }
      guard let (element, cell) = elements.randomElement(using: &random), let tally = cell as? TallyCell,
        let located = locate(element)
      else { return nil }
      let id = tally.label.id
      attempt = "action of the view's cell at \(element) (\(leaves[located.leaf].label) \(located.element))"
      if leaves[located.leaf].isUser {
        switch element {
        case .row: covered.insert("action of a row the view holds")
        case .header: covered.insert("action of a header")
        case .footer: covered.insert("action of a footer")
        }
      }
      tally.tap()
      var expectation = Expectation(description: attempt)
      expectation.leaves[located.leaf] = ["action \(located.element) \(name(id)) tap \(id)"]
      expectation.engine = ["action \(element) \(name(id)) tap \(id)"]
      return expectation
    }

    /// The owner of an element and the element in its positions.
    func locate(_ element: ListElement) -> (leaf: Int, element: ListElement)? {
      switch element {
      case .row(let path):
        guard let (leaf, local) = locate(section: path.section) else { return nil }
        return (leaf, .row(ItemPath(item: path.item, section: local)))
      case .header(let section):
        guard let (leaf, local) = locate(section: section) else { return nil }
        return (leaf, .header(section: local))
      case .footer(let section):
        guard let (leaf, local) = locate(section: section) else { return nil }
        return (leaf, .footer(section: local))
      }
    }

    /// The user drags a row of the user feed to another place in it, across its sections too.
    func move() throws -> Expectation? {
      let own = rows.filter { leaves[$0.leaf].isUser }
      guard let source = own.randomElement(using: &random) else { return nil }
      let targetSection = Int.random(in: 0..<userRows.count, using: &random)
      let count = userRows[targetSection].count - (targetSection == source.local.section ? 1 : 0)
      let target = ItemPath(item: Int.random(in: 0...count, using: &random), section: targetSection)
      let start = starts[source.leaf]
      let global = ItemPath(item: target.item, section: start + target.section)
      _ = begin(target.section == source.local.section ? "move" : "move across sections", at: source)
      attempt += " to \(global) (user \(target))"
      try view.moveRow(Move(source: source.global, target: global))
      moves.append("\(source.global) -> \(global)")
      let row = userRows[source.local.section].remove(at: source.local.item)
      userRows[target.section].insert(row, at: target.item)
      let local = Move(source: source.local, target: target)
      var expectation = Expectation(description: attempt)
      expectation.leaves[source.leaf] = ["canMove \(source.local) \(name(row))", "move \(local) \(name(row))"]
      expectation.engine = ["move \(Move(source: source.global, target: global)) \(name(row))"]
      expectation.requests = ["moveRow \(local)"]
      return expectation
    }

    /// The user drags a row of another feed, or a row of the user feed into another feed: refused.
    func refusedMove() throws -> Expectation? {
      guard let source = pickRow() else { return nil }
      let sections = (0..<engine.numberOfSections).filter { section in
        locate(section: section)?.leaf != source.leaf || !leaves[source.leaf].isUser
      }
      guard let section = sections.randomElement(using: &random) else { return nil }
      let count = engine.numberOfRows(inSection: section) - (section == source.global.section ? 1 : 0)
      let target = ItemPath(item: Int.random(in: 0...count, using: &random), section: section)
      let move = Move(source: source.global, target: target)
      var expectation = Expectation(description: begin("refused move", at: source) + " to \(target)")
      expectation.leaves[source.leaf] = ["canMove \(source.local) \(name(source.id))"]
      // A feed that refuses leaves the question to the list's delegate, which refuses too.
      if !leaves[source.leaf].isUser { expectation.engine = ["canMove \(source.global) \(name(source.id))"] }
      do {
        try view.moveRow(move)
        expectation.wrongAnswers.append("the move was taken")
      } catch {}
      return expectation
    }

    /// The user expands or collapses a row through the engine.
    func expand() -> Expectation? {
      let all = rows
      let outlineRows = all.filter { leaves[$0.leaf].outline != nil }
      let row: RowRef?
      if !outlineRows.isEmpty, Int.random(in: 0..<3, using: &random) == 0 {
        row = outlineRows.randomElement(using: &random)
      } else {
        row = pickRow()
      }
      guard let row else { return nil }
      let isExpanded = Bool.random(using: &random)
      let leaf = leaves[row.leaf]
      let before = leaf.outline?.rows ?? []
      let userExpects = user.expandable.contains(row.id) && user.expanded.contains(row.id) != isExpanded
      var expectation = Expectation(
        description: begin(userExpects ? "setExpanded, changing" : "setExpanded", at: row) + " to \(isExpanded)")
      let changed = engine.setExpanded(isExpanded, forRowAt: row.global)
      if leaf.isUser {
        expectation.requests = ["setExpanded \(isExpanded) \(row.local)"]
        if changed != userExpects { expectation.wrongAnswers.append("setExpanded answered \(changed)") }
      } else if let outline = leaf.outline {
        let node = before[row.local.item]
        let expected = node.isExpandable && node.isExpanded != isExpanded
        if changed != expected { expectation.wrongAnswers.append("setExpanded answered \(changed)") }
        let after = outline.rows.map(\.element)
        let global = starts[row.leaf]
        expectation.unordered = true
        var local: [String] = []
        for (item, element) in before.map(\.element).enumerated() where !after.contains(element) {
          local.append("end 0:\(item) \(name(element))")
          expectation.engine.append("end \(global):\(item) \(name(element))")
          for index in extras.indices where extras[index].id == element { extras[index].isDisplayed = false }
        }
        for (item, element) in after.enumerated() where !before.contains(where: { $0.element == element }) {
          local.append("display 0:\(item) \(name(element))")
          expectation.engine.append("display \(global):\(item) \(name(element))")
        }
        expectation.leaves[row.leaf] = local
      } else if changed {
        expectation.wrongAnswers.append("setExpanded answered \(changed)")
      }
      return expectation
    }

    /// Asks the engine whether a row is expanded.
    func isExpanded() -> Expectation? {
      guard let row = pickRow() else { return nil }
      let leaf = leaves[row.leaf]
      let answer = engine.isRowExpanded(at: row.global)
      var expectation = Expectation(description: begin("isRowExpanded", at: row))
      let expected: Bool?
      if leaf.isUser {
        expectation.requests = ["isRowExpanded \(row.local)"]
        expected = user.expandable.contains(row.id) ? user.expanded.contains(row.id) : nil
      } else if let outline = leaf.outline {
        let node = outline.rows[row.local.item]
        expected = node.isExpandable ? node.isExpanded : nil
      } else {
        expected = nil
      }
      if answer != expected {
        expectation.wrongAnswers.append("isRowExpanded answered \(String(describing: answer))")
      }
      return expectation
    }

    /// The user asks a row's edit actions and chooses delete: the owner offers actions, so it alone decides (the
    /// engine asks it once for the list and once for the commit).
    func edit() throws -> Expectation? {
      guard let row = pickRow() else { return nil }
      var expectation = Expectation(description: begin("edit", at: row))
      let actions = try engine.editActions(forRowAt: row.global)
      try engine.commitEdit(.delete, forRowAt: row.global)
      expectation.leaves[row.leaf] = [
        "editActions \(row.local) \(name(row.id))", "editActions \(row.local) \(name(row.id))",
        "commit delete \(row.local) \(name(row.id))",
      ]
      if actions != [.delete] { expectation.wrongAnswers.append("editActions answered \(actions)") }
      return expectation
    }

    // MARK: Checking

    /// What differs from the expectation, in the logs and in the list shown, or `nil`.
    func mismatch(_ expectation: Expectation) -> String? {
      var problems = expectation.wrongAnswers
      func compare(_ what: String, _ actual: [String], _ expected: [String]) {
        let same = expectation.unordered ? actual.sorted() == expected.sorted() : actual == expected
        if !same { problems.append("\(what): got \(actual), expected \(expected)") }
      }
      for (index, leaf) in leaves.enumerated() {
        compare("\(leaf.label) feed #\(index)'s delegate", leaf.log.entries, expectation.leaves[index] ?? [])
      }
      compare("engine's delegate", engineLog.entries, expectation.engine)
      compare("user feed's requests", user.requests, expectation.requests)
      let shown = modelRows
      if engine.snapshot.map({ $0.elements.map { Self.id($0.id) } }) != shown {
        problems.append("the engine shows \(engine.snapshot), the feeds \(shown)")
      }
      let held = view.sections.map { $0.rows.map { ($0 as? TallyCell)?.label.id ?? "?" } }
      if held != shown { problems.append("the view holds \(held), the feeds show \(shown)") }
      if !view.inconsistencies.isEmpty { problems.append("inconsistencies \(view.inconsistencies)") }
      if user.model.map(\.rows) != userRows {
        problems.append("the user feed's model is \(user.model.map(\.rows)), expected \(userRows)")
      }
      return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }
  }

  /// The kinds of step and placement every run must reach the user feed with.
  static let kinds: Set<String> = [
    "select", "select, deselected automatically", "deselect", "highlight", "unhighlight", "display",
    "end display", "action of a row the view holds", "action of a header", "action of a footer",
    "action of a cell the test displayed", "action of a cell no longer displayed", "move", "move across sections",
    "refused move", "setExpanded", "setExpanded, changing", "isRowExpanded", "edit", "user feed first",
    "user feed after others", "user feed in a nested composite",
  ]

  @Test("a row's events reach its own feed once, locally, then the engine, globally", .timeLimit(.minutes(60)))
  func userFeedGetsItsOwnEvents() throws {
    var covered: Set<String> = []
    for seed in DeepPass.seeds(quick: 40, deep: 200) {
      let world = try World(seed: seed)
      defer { covered.formUnion(world.covered) }
      let context = "seed \(seed), composite [\(world.layout.joined(separator: ", "))]"
      if let problem = world.mismatch(world.firstLoad()) {
        Issue.record("\(context), first load: \(problem)")
        continue
      }
      for step in 0..<40 {
        world.clearLogs()
        let expectation: Expectation?
        do {
          expectation = try world.step()
        } catch {
          Issue.record("\(context), step \(step) (\(world.attempt)): unexpected error \(error)")
          break
        }
        guard let expectation else { continue }
        if let problem = world.mismatch(expectation) {
          let after = world.moves.isEmpty ? "" : ", after the moves \(world.moves)"
          Issue.record("\(context), step \(step) (\(expectation.description)\(after)): \(problem)")
          break
        }
      }
    }
    #expect(Self.kinds.subtracting(covered).isEmpty, "never reached the user feed: \(Self.kinds.subtracting(covered))")
  }
}
