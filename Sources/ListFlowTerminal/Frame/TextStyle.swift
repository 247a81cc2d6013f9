/// The look of a run of terminal text: weight, emphasis and colors.
///
/// Styles are plain values; combine them with `+` (the right side's set attributes and colors win).
///
/// ```swift
/// let header = TextStyle.bold + TextStyle(foreground: .cyan)
/// ```
public struct TextStyle: Hashable, Sendable {
  /// Bold (or bright) text, SGR 1.
  public var isBold: Bool
  /// Dim (faint) text, SGR 2.
  public var isDim: Bool
  /// Italic text, SGR 3.
  public var isItalic: Bool
  /// Underlined text, SGR 4.
  public var isUnderlined: Bool
  /// Foreground and background swapped, SGR 7; the selection cursor uses it.
  public var isInverse: Bool
  /// The text color; `nil` is the terminal's default.
  public var foreground: TerminalColor?
  /// The background color; `nil` is the terminal's default.
  public var background: TerminalColor?

  /// Creates a style.
  ///
  /// - Parameters:
  ///   - isBold: Bold text.
  ///   - isDim: Dim text.
  ///   - isItalic: Italic text.
  ///   - isUnderlined: Underlined text.
  ///   - isInverse: Swapped foreground and background.
  ///   - foreground: The text color, or `nil` for the default.
  ///   - background: The background color, or `nil` for the default.
  public init(
    isBold: Bool = false,
    isDim: Bool = false,
    isItalic: Bool = false,
    isUnderlined: Bool = false,
    isInverse: Bool = false,
    foreground: TerminalColor? = nil,
    background: TerminalColor? = nil
  ) {
    self.isBold = isBold
    self.isDim = isDim
    self.isItalic = isItalic
    self.isUnderlined = isUnderlined
    self.isInverse = isInverse
    self.foreground = foreground
    self.background = background
  }

  /// The terminal's default look.
  public static let plain = TextStyle()
  /// Bold text.
  public static let bold = TextStyle(isBold: true)
  /// Dim text.
  public static let dim = TextStyle(isDim: true)
  /// Inverse text.
  public static let inverse = TextStyle(isInverse: true)

  /// Combines two styles: attributes set on either side are set, and the right side's colors win.
  ///
  /// - Parameters:
  ///   - lhs: The base style.
  ///   - rhs: The style laid over it.
  /// - Returns: The combined style.
  public static func + (lhs: TextStyle, rhs: TextStyle) -> TextStyle {
    TextStyle(
      isBold: lhs.isBold || rhs.isBold,
      isDim: lhs.isDim || rhs.isDim,
      isItalic: lhs.isItalic || rhs.isItalic,
      isUnderlined: lhs.isUnderlined || rhs.isUnderlined,
      isInverse: lhs.isInverse || rhs.isInverse,
      foreground: rhs.foreground ?? lhs.foreground,
      background: rhs.background ?? lhs.background
    )
  }

  /// Lays a style over this one (see ``+(_:_:)``).
  ///
  /// - Parameters:
  ///   - lhs: The base style, updated in place.
  ///   - rhs: The style laid over it.
  public static func += (lhs: inout TextStyle, rhs: TextStyle) { lhs = lhs + rhs }

  /// The SGR parameters that select this style from the default state: `0` first, then each attribute.
  ///
  /// Starting with `0` makes each style change self-contained: nothing from an earlier run leaks into this one.
  var graphicRenditionParameters: [Int] {
    var parameters = [0]
    if isBold { parameters.append(1) }
    if isDim { parameters.append(2) }
    if isItalic { parameters.append(3) }
    if isUnderlined { parameters.append(4) }
    if isInverse { parameters.append(7) }
    if let foreground { parameters += foreground.foregroundParameters }
    if let background { parameters += background.backgroundParameters }
    return parameters
  }
}
