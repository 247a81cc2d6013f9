import ListFlow
import Testing

private enum MenuRow: Hashable, Sendable {
  case title(String)
  case dish(String)
  case closed
}

private struct Menu: CellsDeclarator {
  var dishes: [String]
  var isClosed: Bool
  var special: String?

  func declareCells(_ cell: (MenuRow) -> Void) {
    cell(.title("Today"))
    if isClosed {
      cell(.closed)
    } else {
      for dish in dishes { cell(.dish(dish)) }
    }
    if let special { cell(.dish(special)) }
  }
}

private struct Inbox: SectionsDeclarator {
  var unread: [String]
  var read: [String]

  func declareSections(_ section: (ListSection<MenuRow>) -> Void) {
    if !unread.isEmpty {
      section(ListSection(id: "unread", header: .title("Unread"), items: unread.map(MenuRow.dish)))
    }
    section(
      ListSection(
        id: "read", header: .title("Read"), footer: .title("\(read.count) read"), items: read.map(MenuRow.dish)))
  }
}

@Suite("Declarators")
struct DeclaratorTests {
  @Test("for loops, if and else choose the declared cells")
  func ifElseFor() {
    #expect(
      Menu(dishes: ["soup", "pie"], isClosed: false).cellDeclarations == [.title("Today"), .dish("soup"), .dish("pie")])
    #expect(Menu(dishes: ["soup", "pie"], isClosed: true).cellDeclarations == [.title("Today"), .closed])
  }

  @Test("an optional declaration is left out when nil")
  func optional() {
    #expect(Menu(dishes: [], isClosed: false, special: "cake").cellDeclarations == [.title("Today"), .dish("cake")])
    #expect(Menu(dishes: [], isClosed: false, special: nil).cellDeclarations == [.title("Today")])
  }

  @Test("sections carry their identity, header and footer, and an empty section can be left out")
  func sections() {
    let inbox = Inbox(unread: ["a"], read: ["b", "c"])
    #expect(
      inbox.sectionDeclarations == [
        ListSection(id: "unread", header: .title("Unread"), items: [.dish("a")]),
        ListSection(id: "read", header: .title("Read"), footer: .title("2 read"), items: [.dish("b"), .dish("c")]),
      ]
    )
    #expect(Inbox(unread: [], read: []).sectionDeclarations.map(\.id) == ["read"])
  }

  @Test("mapping a section transforms header, footer and items and keeps the identity")
  func mapSection() {
    let section = ListSection(id: 7, header: "h", footer: "f", items: ["a", "b"])
    let mapped = section.map { $0.uppercased() }
    #expect(mapped == ListSection(id: 7, header: "H", footer: "F", items: ["A", "B"]))
  }

  @Test("a declarator written with a closure collects its cells in order")
  func closureDeclarator() {
    struct Numbers: CellsDeclarator {
      var count: Int
      func declareCells(_ cell: (Int) -> Void) { for number in 0..<count where number % 2 == 0 { cell(number) } }
    }
    #expect(Numbers(count: 7).cellDeclarations == [0, 2, 4, 6])
  }
}
