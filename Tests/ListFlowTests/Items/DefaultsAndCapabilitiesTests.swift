import Testing

@testable import ListFlow

private struct Product: ListItemDataModel, Identifiable, Hashable, Titled, Subtitled, Imaged, Fonted, Colored {
  var id: Int
  var name: String
  var price: String
  var isFavorite: Bool

  var title: String? { name }
  var subtitle: String? { price }
  var image: ListImage? { isFavorite ? ListImage(name: "star", text: "*") : nil }
  var font: ListFont? { isFavorite ? .bold : nil }
  var color: ListColor? { isFavorite ? .yellow : nil }
}

/// A model with two capabilities, and one with a third.
private struct TitleColorModel: Titled, Colored {
  var title: String? { "t" }
  var color: ListColor? { .red }
}

private struct SubtitleModel: Subtitled {
  var subtitle: String? { "s" }
}

/// Cells that show some capabilities: each records what it was given.
private final class TitleSubtitleCell: ListCell, TitledConfigurable, SubtitledConfigurable {
  var shown: [String] = []
  var textRepresentation: String { shown.joined() }
  func configure(by model: any Titled) { shown.append("title") }
  func configure(by model: any Subtitled) { shown.append("subtitle") }
}

private final class ColorCell: ListCell, ColoredConfigurable {
  var shown: [String] = []
  var textRepresentation: String { shown.joined() }
  func configure(by model: any Colored) { shown.append("color") }
}

private struct Note: ListItemDataModel, Hashable {
  var text: String
}

private final class NoteCell: ListCell {
  var text = ""
  var isDimmed = false
  var textRepresentation: String { isDimmed ? "(\(text))" : text }
}

private struct NoteMapper: Mapper {
  static func map(data: Note, cell: NoteCell) { cell.text = data.text }
}

@Suite("Capabilities and the plain style")
@MainActor
struct DefaultsAndCapabilitiesTests {
  @Test("every capability of the model is applied to a cell that can show it")
  func everyCapability() throws {
    let product = Product(id: 1, name: "Tea", price: "3 EUR", isFavorite: true)
    let cell = TextCell()
    let applied = ListCapabilities.capabilities(in: ListCapabilities.configure(cell, with: product))
    #expect(applied == ListCapabilities.Capability.allCases)
    #expect(cell.textRepresentation == "* Tea (3 EUR) [bold, yellow]")
  }

  @Test("capabilities are applied by any binder before its own function, with no mapper code")
  func binderAppliesCapabilities() throws {
    let product = Product(id: 2, name: "Coffee", price: "2 EUR", isFavorite: false)
    let binder = CellBinder(data: product, map: { (_: Product, _: TextCell) in })
    #expect(try render(binder) == "Coffee (2 EUR)")
    #expect(
      binder.id
        == CellBinder(
          data: Product(id: 2, name: "x", price: "", isFavorite: true), map: { (_: Product, _: TextCell) in }
        ).id)
  }

  @Test("the answer per pair of types is remembered, and optional models are looked at each time")
  func rememberedPerTypes() {
    let product = Product(id: 1, name: "Tea", price: "3 EUR", isFavorite: true)
    for _ in 0..<2 {
      let all = ListCapabilities.Capability.allCases
      #expect(ListCapabilities.configure(TextCell(), with: Note(text: "n")) == 0)
      #expect(ListCapabilities.capabilities(in: ListCapabilities.configure(TextCell(), with: product)) == all)
      #expect(ListCapabilities.configure(OneTitleCell(), with: product) == 0)
      let none: Product? = nil
      let some: Product? = product
      let appliedToNone = ListCapabilities.configure(TextCell(), with: none as Any)
      let appliedToSome = ListCapabilities.configure(TextCell(), with: some as Any)
      #expect(appliedToNone == 0)
      #expect(ListCapabilities.capabilities(in: appliedToSome) == all)
    }
  }

  @Test("every pair of model and cell types gets exactly the capabilities both have, asked first or again")
  func exactlyTheSharedCapabilities() {
    typealias Capability = ListCapabilities.Capability
    let models: [(model: Any, has: Set<Capability>)] = [
      (TitleColorModel(), [.title, .color]), (SubtitleModel(), [.subtitle]), (Note(text: "n"), []),
      (Optional(TitleColorModel()) as Any, [.title, .color]), (Optional<SubtitleModel>.none as Any, []),
      (Product(id: 1, name: "Tea", price: "3", isFavorite: true), Set(Capability.allCases)),
    ]
    let cells: [(make: () -> any ListCell, shows: Set<Capability>)] = [
      ({ TitleSubtitleCell() }, [.title, .subtitle]), ({ ColorCell() }, [.color]), ({ NoteCell() }, []),
      ({ TextCell() }, Set(Capability.allCases)),
    ]
    for _ in 0..<2 {
      for (model, has) in models {
        for (make, shows) in cells {
          let cell = make()
          let applied = ListCapabilities.capabilities(in: ListCapabilities.configure(cell, with: model))
          #expect(applied == Capability.allCases.filter { has.contains($0) && shows.contains($0) }, "\(model)")
          // What the cell was given is what was said to be applied.
          let shown = (cell as? TitleSubtitleCell)?.shown ?? (cell as? ColorCell)?.shown
          #expect(shown == nil || shown == applied.map(\.rawValue), "\(model)")
        }
      }
    }
  }

  @Test("a cell that cannot show a capability is left alone")
  func unsupportedCapability() {
    let cell = OneTitleCell()
    #expect(ListCapabilities.configure(cell, with: Product(id: 1, name: "Tea", price: "", isFavorite: true)) == 0)
    #expect(cell.title == "")
  }

  @Test("an item made without a style shows the cell as the mapper filled it, and differs from a styled one")
  func plainByDefault() throws {
    let dimmed = ListItemStyle<NoteCell>("dimmed") { $0.isDimmed = true }
    let plain = CellBinder(data: Note(text: "hi"), mapper: NoteMapper.self)
    let styled = CellBinder(data: Note(text: "hi"), mapper: NoteMapper.self, style: dimmed)
    #expect(try render(plain) == "hi")
    #expect(try render(styled) == "(hi)")
    #expect(plain.id == styled.id)
    #expect(!plain.isContentEqual(to: styled))
  }
}
