import ListFlowTesting
import Testing

@testable import ListFlow

/// The example of the Static lists article, compiled in a namespace of its own.
enum StaticListsArticle {
  final class TitleCell: ListCell, TitledConfigurable {
    var text = ""
    func configure(by model: any Titled) { text = model.title ?? "" }
    var textRepresentation: String { text }
  }

  // The article's code:
  enum Setting: Equatable, Sendable, Titled {
    case header(String), wifi, bluetooth, spacer, about
    var title: String? {
      switch self {
      case .header(let text): text
      case .wifi: "Wi-Fi"
      case .bluetooth: "Bluetooth"
      case .spacer: nil
      case .about: "About"
      }
    }
  }

  @MainActor
  final class SettingsScreen: StaticListConstructor {
    var sections: [ListSection<Setting>] {
      [
        ListSection(id: "radio", header: .header("Connections"), items: [.wifi, .bluetooth]),
        ListSection(id: "more", items: showsAbout ? [.spacer, .about] : [.spacer]),
      ]
    }
    var opened: [Setting] = []
    var showsAbout = true

    func cellType(for model: Setting) -> any ListCell.Type { model == .spacer ? SpacerCell.self : TitleCell.self }
    func itemSelected(item: Setting) { opened.append(item) }
  }

  // Capabilities of your own:
  protocol Badged { var badge: Int { get } }
  protocol BadgeConfigurable: ListCell { func showBadge(_ badge: Int) }

  final class BadgeCell: ListCell, TitledConfigurable, BadgeConfigurable {
    var text = ""
    var badge = 0
    func configure(by model: any Titled) { text = model.title ?? "" }
    func showBadge(_ badge: Int) { self.badge = badge }
    var textRepresentation: String { badge > 0 ? "\(text) (\(badge))" : text }
  }

  enum Inbox: Equatable, Sendable, Titled, Badged {
    case unread(Int)
    var title: String? { "Inbox" }
    var badge: Int { if case .unread(let count) = self { count } else { 0 } }
  }

  @MainActor
  struct InboxScreen: StaticListConstructor {
    var models: [Inbox] { [.unread(3)] }
    func cellType(for model: Inbox) -> any ListCell.Type { BadgeCell.self }
    func configure(cell: any ListCell, by model: Inbox) {
      if let cell = cell as? any BadgeConfigurable { cell.showBadge(model.badge) }
    }
  }

  // Headers and footers of their own types:
  struct Banner: Equatable, Sendable { var text: String }

  final class BannerCell: BindableCell {
    var text = ""
    func bind(_ banner: Banner) { text = "== \(banner.text) ==" }
    var textRepresentation: String { text }
  }

  @MainActor
  struct AboutScreen: StaticListConstructor {
    var sections: [ListSection<Setting>] {
      [ListSection(id: "about", header: .header("ListFlow"), items: [.about])]
    }
    var listFooter: CellBinder? { BannerCell.makeBinder(value: Banner(text: "end"), id: "list-footer") }
    func cellType(for model: Setting) -> any ListCell.Type {
      switch model {
      case .header: BannerCell.self
      default: TitleCell.self
      }
    }
    func configure(cell: any ListCell, by model: Setting) {
      if case .header(let text) = model { (cell as? BannerCell)?.bind(Banner(text: text)) }
    }
  }
}

@MainActor
@Suite("Static lists article example")
struct StaticListsArticleTests {
  @Test("the article's settings screen declares its sections and handles selection")
  func example() throws {
    let screen = StaticListsArticle.SettingsScreen()
    let sections = screen.sectionDeclarations
    let titles = try sections.map { section in
      try section.items.map { binder -> String in
        let cell = binder.cellType.init()
        try binder.configure(cell)
        return cell.textRepresentation
      }
    }
    #expect(titles == [["Wi-Fi", "Bluetooth"], ["", "About"]])
    #expect(sections.map { $0.items.map(\.height) } == [[nil, nil], [2, nil]])
    screen.select(sections[1].items[1])
    #expect(screen.opened == [.about])
  }

  @Test("the article's one-call list shows the screen, routes taps, and reloads from the constructor")
  func oneCall() async throws {
    var opened: [String] = []
    typealias SettingsScreen = StaticListsArticle.SettingsScreen
    func print(_ text: String) { opened.append(text) }
    // The article's code:
    let screen = SettingsScreen()
    let list = StaticList(screen)
    let view = RecordingListView()
    let engine = try ListEngine(view: view, showing: list)
    list.onTap(.wifi) { print("open Wi-Fi settings") }
    screen.showsAbout = false
    list.reload()
    // Its result:
    #expect(view.renderedLines == ["Connections", "Wi-Fi", "Bluetooth", ""])
    try engine.selectRow(at: ItemPath(item: 0, section: 0))
    try engine.selectRow(at: ItemPath(item: 1, section: 0))
    #expect(opened == ["open Wi-Fi settings"])
    #expect(screen.opened == [.bluetooth])
  }

  @Test("the article's capability of its own configures a static list's cells, after the built-in ones")
  func capability() async throws {
    let view = RecordingListView()
    let engine = try ListEngine(view: view, showing: StaticList(StaticListsArticle.InboxScreen()))
    #expect(view.renderedLines == ["Inbox (3)"])
    withExtendedLifetime(engine) {}
  }

  @Test("the article's header of its own type and list footer are shown")
  func headerTypes() async throws {
    let view = RecordingListView()
    let list = StaticList(StaticListsArticle.AboutScreen())

    let engine = try ListEngine(view: view, showing: list)

    #expect(view.renderedLines == ["== ListFlow ==", "About", "== end =="])
    withExtendedLifetime(engine) {}
  }
}
