/// A host-agnostic font: a weight, and italic and underline flags (a terminal maps them to SGR attributes).
public struct ListFont: Hashable, Sendable, CustomStringConvertible {
  /// How heavy the strokes are.
  public enum Weight: String, Hashable, Sendable {
    /// Thin (a terminal's "dim").
    case light
    /// Normal.
    case regular
    /// Heavy.
    case bold
  }

  /// The weight.
  public var weight: Weight
  /// Whether the text is slanted.
  public var isItalic: Bool
  /// Whether the text is underlined.
  public var isUnderlined: Bool

  /// Creates a font.
  ///
  /// - Parameters:
  ///   - weight: The weight; regular by default.
  ///   - isItalic: Whether the text is slanted.
  ///   - isUnderlined: Whether the text is underlined.
  public init(weight: Weight = .regular, isItalic: Bool = false, isUnderlined: Bool = false) {
    self.weight = weight
    self.isItalic = isItalic
    self.isUnderlined = isUnderlined
  }

  /// The regular font.
  public static let body = ListFont()
  /// A bold font.
  public static let bold = ListFont(weight: .bold)
  /// A light (dim) font.
  public static let light = ListFont(weight: .light)
  /// An italic font.
  public static let italic = ListFont(isItalic: true)

  /// The weight and flags, as `bold italic`.
  public var description: String {
    ([weight.rawValue] + (isItalic ? ["italic"] : []) + (isUnderlined ? ["underlined"] : [])).joined(separator: " ")
  }
}
