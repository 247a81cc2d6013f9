extension ListItemStyle where Cell == TextCell {
  /// A bold title.
  public static var bold: ListItemStyle { ListItemStyle("bold") { $0.titleStyle.isBold = true } }

  /// A dim title and subtitle, for rows that matter less.
  public static var dimmed: ListItemStyle {
    ListItemStyle("dimmed") { cell in
      cell.titleStyle.isDim = true
      cell.subtitleStyle.isDim = true
    }
  }

  /// An underlined title.
  public static var underlined: ListItemStyle { ListItemStyle("underlined") { $0.titleStyle.isUnderlined = true } }

  /// An italic title.
  public static var italic: ListItemStyle { ListItemStyle("italic") { $0.titleStyle.isItalic = true } }

  /// A title in a color.
  ///
  /// - Parameter color: The color.
  /// - Returns: The style.
  public static func foreground(_ color: TerminalColor) -> ListItemStyle {
    ListItemStyle("foreground(\(color.index))") { $0.titleStyle.foreground = color }
  }

  /// An accessory in a color.
  ///
  /// - Parameter color: The color.
  /// - Returns: The style.
  public static func accessory(_ color: TerminalColor) -> ListItemStyle {
    ListItemStyle("accessory(\(color.index))") { $0.accessoryStyle.foreground = color }
  }

  /// A style that sets the title's ``TextStyle`` directly.
  ///
  /// - Parameters:
  ///   - name: The name that identifies the style (styles compare by name).
  ///   - style: The style laid over the title's.
  /// - Returns: The style.
  public static func title(_ name: String, _ style: TextStyle) -> ListItemStyle {
    ListItemStyle(name) { $0.titleStyle += style }
  }
}
