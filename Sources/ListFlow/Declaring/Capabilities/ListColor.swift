/// A host-agnostic color: one of the eight basic terminal colors, their bright forms, or an RGB value.
public enum ListColor: Hashable, Sendable, CustomStringConvertible {
  /// Black.
  case black
  /// Red.
  case red
  /// Green.
  case green
  /// Yellow.
  case yellow
  /// Blue.
  case blue
  /// Magenta.
  case magenta
  /// Cyan.
  case cyan
  /// White.
  case white
  /// Gray (bright black).
  case gray
  /// A 24-bit color.
  case rgb(red: UInt8, green: UInt8, blue: UInt8)

  /// The color's name, or `rgb(r,g,b)`.
  public var description: String {
    switch self {
    case .black: "black"
    case .red: "red"
    case .green: "green"
    case .yellow: "yellow"
    case .blue: "blue"
    case .magenta: "magenta"
    case .cyan: "cyan"
    case .white: "white"
    case .gray: "gray"
    case .rgb(let red, let green, let blue): "rgb(\(red),\(green),\(blue))"
    }
  }
}
