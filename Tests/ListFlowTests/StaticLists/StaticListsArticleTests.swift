import ListFlow
import Testing

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
    var sections: [StaticSection<Setting>] {
      [
        StaticSection(id: "radio", header: .header("Connections"), models: [.wifi, .bluetooth]),
        StaticSection(id: "more", models: [.spacer, .about]),
      ]
    }
    var opened: [Setting] = []

    func cellType(for model: Setting) -> any ListCell.Type { model == .spacer ? SpacerCell.self : TitleCell.self }
    func itemSelected(item: Setting) { opened.append(item) }
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
}
