import ListFlow
import Testing

/// SwiftyListKit's README example: one data type, one mapper, two styles.
struct TextDataModel: ListItemDataModel, Hashable {
  var text: String
  var tag: ListTag?

  init(text: String, tag: ListTag? = nil) {
    self.text = text
    self.tag = tag
  }
}

final class OneTitleCell: ListCell {
  var title = ""
  var color = ListColor.black
  var font = ListFont.body
  var textRepresentation: String { "\(title) {\(color), \(font)}" }
}

struct TitleCellMapper: Mapper {
  static func map(data: TextDataModel, cell: OneTitleCell) { cell.title = data.text }
}

extension ListItemStyle where Cell == OneTitleCell {
  static var title: Self {
    ListItemStyle("title") {
      $0.color = .black
      $0.font = .bold
    }
  }
  static var description: Self { ListItemStyle("description") { $0.color = .gray } }
  static var error: Self {
    ListItemStyle("error") {
      $0.color = .red
      $0.font = .bold
    }
  }
}

@MainActor
func render(_ binder: CellBinder) throws -> String {
  let cell = try CellReusePool().dequeue(for: binder)
  try binder.configure(cell)
  return cell.textRepresentation
}

@Suite("SwiftyListKit's data, mapper and style example")
@MainActor
struct SwiftyListKitExampleTests {
  @Test("two items with the same data type and mapper but different styles render differently")
  func sameMapperDifferentStyles() throws {
    let name = ItemViewModel(data: TextDataModel(text: "The Best Product"), map: TitleCellMapper.map, style: .title)
    let description = ItemViewModel(
      data: TextDataModel(text: "some description here"),
      map: TitleCellMapper.map,
      style: .description
    )
    #expect(try render(name.cellBinder) == "The Best Product {black, bold}")
    #expect(try render(description.cellBinder) == "some description here {gray, regular}")
    #expect(name.cellBinder.reuseIdentifier == description.cellBinder.reuseIdentifier)
  }

  @Test("changing the style changes no data: same identity, same model, different content")
  func styleChangeKeepsData() throws {
    let data = TextDataModel(text: "Total")
    let before = ItemViewModel(data: data, map: TitleCellMapper.map, style: .title)
    let after = ItemViewModel(data: data, map: TitleCellMapper.map, style: .error)
    #expect(before.data(as: TextDataModel.self) == after.data(as: TextDataModel.self))
    #expect(before.cellBinder.id == after.cellBinder.id)
    #expect(!after.cellBinder.isContentEqual(to: before.cellBinder))
    #expect(try render(before.cellBinder) == "Total {black, bold}")
    #expect(try render(after.cellBinder) == "Total {red, bold}")
  }

  @Test("changing the data changes no style")
  func dataChangeKeepsStyle() throws {
    let before = ItemViewModel(data: TextDataModel(text: "one"), map: TitleCellMapper.map, style: .error)
    let after = ItemViewModel(data: TextDataModel(text: "two"), map: TitleCellMapper.map, style: .error)
    #expect(before.styleName == after.styleName)
    #expect(try render(before.cellBinder) == "one {red, bold}")
    #expect(try render(after.cellBinder) == "two {red, bold}")
  }

  @Test("styles compose with + and +=, the later one winning, and apply after the mapper")
  func composition() throws {
    let mapperOverride = ListItemStyle<OneTitleCell>("shout") { $0.title = $0.title.uppercased() }
    var style = ListItemStyle<OneTitleCell>.error + .description
    #expect(style.name == "error+description")
    style += mapperOverride
    let item = ItemViewModel(data: TextDataModel(text: "quiet"), map: TitleCellMapper.map, style: style)
    #expect(try render(item.cellBinder) == "QUIET {gray, bold}")
    #expect(ListItemStyle<OneTitleCell>.plain.name == "plain")
    #expect(ListItemStyle<OneTitleCell>.plain + .error == .error)
  }

  @Test("the tag of the data model is the item's tag")
  func tag() {
    let item = ItemViewModel(data: TextDataModel(text: "a", tag: "row-a"), map: TitleCellMapper.map)
    #expect(item.cellBinder.tag?.value(as: String.self) == "row-a")
    #expect(item.cellBinder.model(as: TextDataModel.self)?.text == "a")
  }

  @Test("a Mapper type and a mapper function produce the same cell")
  func mapperType() throws {
    let viaType = ItemViewModel(data: TextDataModel(text: "x"), mapper: TitleCellMapper.self, style: .error)
    let viaFunction = ItemViewModel(data: TextDataModel(text: "x"), map: TitleCellMapper.map, style: .error)
    #expect(try render(viaType.cellBinder) == render(viaFunction.cellBinder))
  }
}
