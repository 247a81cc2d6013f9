extension TerminalColor {
  /// The terminal color for a ListFlow color: the named colors map to the palette's first entries, and
  /// `rgb` to the nearest entry of the 6×6×6 color cube (16–231).
  ///
  /// - Parameter color: The ListFlow color.
  public init(_ color: ListColor) {
    switch color {
    case .black: self = .black
    case .red: self = .red
    case .green: self = .green
    case .yellow: self = .yellow
    case .blue: self = .blue
    case .magenta: self = .magenta
    case .cyan: self = .cyan
    case .white: self = .white
    case .gray: self = .gray
    case .rgb(let red, let green, let blue):
      func level(_ component: UInt8) -> Int { (Int(component) * 5 + 127) / 255 }
      self = .indexed(UInt8(16 + 36 * level(red) + 6 * level(green) + level(blue)))
    }
  }
}
