import ListFlow

/// A cell that can show every capability, and renders what it shows as one line of text.
final class TextCell: ListCell, TitledConfigurable, SubtitledConfigurable, ImagedConfigurable, FontedConfigurable,
  ColoredConfigurable
{
  var title = ""
  var subtitle = ""
  var image: ListImage?
  var font = ListFont.body
  var color: ListColor?

  func configure(by model: any Titled) { title = model.title ?? "" }
  func configure(by model: any Subtitled) { subtitle = model.subtitle ?? "" }
  func configure(by model: any Imaged) { image = model.image }
  func configure(by model: any Fonted) { font = model.font ?? .body }
  func configure(by model: any Colored) { color = model.color }

  var textRepresentation: String {
    var parts: [String] = []
    if let image { parts.append(image.description) }
    parts.append(title)
    if !subtitle.isEmpty { parts.append("(\(subtitle))") }
    var attributes: [String] = []
    if font != .body { attributes.append(font.description) }
    if let color { attributes.append(color.description) }
    if !attributes.isEmpty { parts.append("[\(attributes.joined(separator: ", "))]") }
    return parts.joined(separator: " ")
  }
}

/// A cell with a fixed height of 3 rows, for the size tests.
final class TallCell: ListCell {
  nonisolated static var preferredHeight: Int? { 3 }
  var text = ""
  var textRepresentation: String { text }
}

/// A cell that sends actions, like a row with a button.
final class ButtonCell: BindableCell, ActionEmittingCell {
  enum Action: Equatable, Sendable { case pressed(String) }
  var label = ""
  var sendAction: ((Action) -> Void)?
  func bind(_ value: String) { label = value }
  func press() { sendAction?(.pressed(label)) }
  var textRepresentation: String { "[\(label)]" }
}
