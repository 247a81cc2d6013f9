import ListFlow

/// A settings row: title, subtitle, icon and colour come from the capabilities it adopts.
enum Setting: Equatable, Sendable, Titled, Subtitled, Imaged, Colored {
  case header(String)
  case footer(String)
  case profile(name: String)
  case wifi(network: String?)
  case bluetooth(isOn: Bool)
  case airplane(isOn: Bool)
  case notifications
  case sounds
  case spacer
  case privacy
  case about
  case signOut

  var title: String? {
    switch self {
    case .header(let text), .footer(let text): text
    case .profile(let name): name
    case .wifi: "Wi-Fi"
    case .bluetooth: "Bluetooth"
    case .airplane: "Airplane mode"
    case .notifications: "Notifications"
    case .sounds: "Sounds"
    case .spacer: nil
    case .privacy: "Privacy"
    case .about: "About"
    case .signOut: "Sign out"
    }
  }

  var subtitle: String? {
    switch self {
    case .wifi(let network): network ?? "Off"
    case .profile: "Account, iCloud"
    default: nil
    }
  }

  var image: ListImage? {
    switch self {
    case .wifi: ListImage(name: "wifi", text: "≋")
    case .bluetooth: ListImage(name: "bluetooth", text: "ᛒ")
    default: nil
    }
  }

  var color: ListColor? { self == .signOut ? .red : nil }
}

/// A plain settings row: title, subtitle, icon, colour.
final class SettingCell: ListCell, TitledConfigurable, SubtitledConfigurable, ImagedConfigurable, ColoredConfigurable {
  var title = ""
  var subtitle = ""
  var icon: ListImage?
  var color: ListColor?
  var hasDisclosure = false

  func configure(by model: any Titled) { title = model.title ?? "" }
  func configure(by model: any Subtitled) { subtitle = model.subtitle ?? "" }
  func configure(by model: any Imaged) { icon = model.image }
  func configure(by model: any Colored) { color = model.color }

  var textRepresentation: String {
    [
      icon?.description, title, subtitle.isEmpty ? nil : "(\(subtitle))", color.map { "[\($0)]" },
      hasDisclosure ? ">" : nil,
    ]
    .compactMap { $0 }.joined(separator: " ")
  }
}

/// A row with a switch; its state is set by the constructor's `configure(cell:by:)`.
final class SwitchCell: ListCell, TitledConfigurable, ImagedConfigurable {
  var title = ""
  var icon: ListImage?
  var isOn = false

  func configure(by model: any Titled) { title = model.title ?? "" }
  func configure(by model: any Imaged) { icon = model.image }

  var textRepresentation: String {
    [icon?.description, title, isOn ? "[on]" : "[off]"].compactMap { $0 }.joined(separator: " ")
  }
}

/// An empty row two lines tall.
final class SpacerCell: ListCell {
  nonisolated static var preferredHeight: Int? { 2 }
  var textRepresentation: String { "" }
}

/// A section header or footer: a title only.
final class CaptionCell: ListCell, TitledConfigurable {
  var text = ""
  func configure(by model: any Titled) { text = model.title ?? "" }
  var textRepresentation: String { text.uppercased() }
}

/// A settings screen of a dozen rows in three sections: the constructor is a dozen lines.
@MainActor
final class SettingsScreen: StaticListConstructor {
  var selected: [Setting] = []
  var bluetooth = true

  var sections: [ListSection<Setting>] {
    [
      ListSection(id: "account", items: [.profile(name: "Ada Lovelace")]),
      ListSection(
        id: "radio", header: .header("Connections"), footer: .footer("Radios off in flight"),
        items: [.wifi(network: "Home"), .bluetooth(isOn: bluetooth), .airplane(isOn: false)]),
      ListSection(
        id: "general", header: .header("General"),
        items: [.notifications, .sounds, .spacer, .privacy, .about, .spacer, .signOut]),
    ]
  }

  func cellType(for model: Setting) -> any ListCell.Type {
    switch model {
    case .header, .footer: CaptionCell.self
    case .bluetooth, .airplane: SwitchCell.self
    case .spacer: SpacerCell.self
    default: SettingCell.self
    }
  }

  func configure(cell: any ListCell, by model: Setting) {
    if let cell = cell as? SwitchCell, case .bluetooth(let isOn) = model { cell.isOn = isOn }
    if let cell = cell as? SettingCell { cell.hasDisclosure = model != .signOut }
  }

  func itemSelected(item: Setting) { selected.append(item) }
}
