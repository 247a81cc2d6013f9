/// A color of the terminal's 256-color palette.
///
/// Indices 0–7 are the eight standard colors and 8–15 their bright forms (they follow the user's theme);
/// 16–255 are the fixed 6×6×6 cube and the grays. The named constants cover the first sixteen.
///
/// ```swift
/// TextStyle(foreground: .green)
/// TextStyle(foreground: .indexed(208))  // orange
/// ```
public struct TerminalColor: Hashable, Sendable {
  /// The palette index, 0–255.
  public var index: UInt8

  /// Creates a color from its palette index.
  ///
  /// - Parameter index: The palette index, 0–255.
  /// - Returns: The color.
  public static func indexed(_ index: UInt8) -> TerminalColor { TerminalColor(index: index) }

  /// Black (0).
  public static let black = TerminalColor(index: 0)
  /// Red (1).
  public static let red = TerminalColor(index: 1)
  /// Green (2).
  public static let green = TerminalColor(index: 2)
  /// Yellow (3).
  public static let yellow = TerminalColor(index: 3)
  /// Blue (4).
  public static let blue = TerminalColor(index: 4)
  /// Magenta (5).
  public static let magenta = TerminalColor(index: 5)
  /// Cyan (6).
  public static let cyan = TerminalColor(index: 6)
  /// White (7), light gray on most themes.
  public static let white = TerminalColor(index: 7)
  /// Bright black (8), dark gray on most themes.
  public static let gray = TerminalColor(index: 8)
  /// Bright red (9).
  public static let brightRed = TerminalColor(index: 9)
  /// Bright green (10).
  public static let brightGreen = TerminalColor(index: 10)
  /// Bright yellow (11).
  public static let brightYellow = TerminalColor(index: 11)
  /// Bright blue (12).
  public static let brightBlue = TerminalColor(index: 12)
  /// Bright magenta (13).
  public static let brightMagenta = TerminalColor(index: 13)
  /// Bright cyan (14).
  public static let brightCyan = TerminalColor(index: 14)
  /// Bright white (15).
  public static let brightWhite = TerminalColor(index: 15)

  /// The SGR parameters that select this color as the foreground: `30+i`, `90+i` or `38;5;i`.
  var foregroundParameters: [Int] {
    switch index {
    case 0...7: [30 + Int(index)]
    case 8...15: [90 + Int(index) - 8]
    default: [38, 5, Int(index)]
    }
  }

  /// The SGR parameters that select this color as the background: `40+i`, `100+i` or `48;5;i`.
  var backgroundParameters: [Int] {
    switch index {
    case 0...7: [40 + Int(index)]
    case 8...15: [100 + Int(index) - 8]
    default: [48, 5, Int(index)]
    }
  }
}
