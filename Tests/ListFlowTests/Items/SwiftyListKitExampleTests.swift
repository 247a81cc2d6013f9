import ListFlow
import Testing

/// SwiftyListKit's README example: one data type, one mapper, two styles.
struct TextDataModel: ListItemDataModel, Hashable {
  var text: String
  var tag: ListIdentifier?

  init(text: String, tag: ListIdentifier? = nil) {
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
    let name = CellBinder(data: TextDataModel(text: "The Best Product"), map: TitleCellMapper.map, style: .title)
    let description = CellBinder(
      data: TextDataModel(text: "some description here"),
      map: TitleCellMapper.map,
      style: .description
    )
    #expect(try render(name) == "The Best Product {black, bold}")
    #expect(try render(description) == "some description here {gray, regular}")
    #expect(name.reuseIdentifier == description.reuseIdentifier)
  }

  @Test("changing the style changes no data: same identity, same model, different content")
  func styleChangeKeepsData() throws {
    let data = TextDataModel(text: "Total")
    let before = CellBinder(data: data, map: TitleCellMapper.map, style: .title)
    let after = CellBinder(data: data, map: TitleCellMapper.map, style: .error)
    #expect(before.model(as: TextDataModel.self) == after.model(as: TextDataModel.self))
    #expect(before.id == after.id)
    #expect(!after.isContentEqual(to: before))
    #expect(try render(before) == "Total {black, bold}")
    #expect(try render(after) == "Total {red, bold}")
  }

  @Test("changing the data changes no style")
  func dataChangeKeepsStyle() throws {
    let before = CellBinder(data: TextDataModel(text: "one"), map: TitleCellMapper.map, style: .error)
    let after = CellBinder(data: TextDataModel(text: "two"), map: TitleCellMapper.map, style: .error)
    #expect(before.hasSameCell(as: after))
    #expect(try render(before) == "one {red, bold}")
    #expect(try render(after) == "two {red, bold}")
  }

  @Test("styles compose with + and +=, the later one winning, and apply after the mapper")
  func composition() throws {
    let mapperOverride = ListItemStyle<OneTitleCell>("shout") { $0.title = $0.title.uppercased() }
    var style = ListItemStyle<OneTitleCell>.error + .description
    #expect(style.name == "error+description")
    style += mapperOverride
    let item = CellBinder(data: TextDataModel(text: "quiet"), map: TitleCellMapper.map, style: style)
    #expect(try render(item) == "QUIET {gray, bold}")
    #expect(ListItemStyle<OneTitleCell>.plain.name == "plain")
    #expect(ListItemStyle<OneTitleCell>.plain + .error == .error)
  }

  @Test("the tag of the data model is the item's tag")
  func tag() {
    let item = CellBinder(data: TextDataModel(text: "a", tag: "row-a"), map: TitleCellMapper.map)
    #expect(item.tag?.value(as: String.self) == "row-a")
    #expect(item.model(as: TextDataModel.self)?.text == "a")
  }

  @Test("a Mapper type and a mapper function produce the same cell")
  func mapperType() throws {
    let viaType = CellBinder(data: TextDataModel(text: "x"), mapper: TitleCellMapper.self, style: .error)
    let viaFunction = CellBinder(data: TextDataModel(text: "x"), map: TitleCellMapper.map, style: .error)
    #expect(try render(viaType) == render(viaFunction))
  }
}
