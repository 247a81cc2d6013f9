@testable import ListFlowTerminal

/// A small model of a terminal screen that interprets the bytes ListFlowTerminal writes, so tests can check what a
/// real terminal would show after replaying them.
///
/// It understands text (each character taking its display width, a wide character covering two cells), the
/// cursor move `CSI r;c H`, erase in line `CSI 0/1/2 K`, erase in display `CSI 2 J`, SGR attributes
/// `CSI … m` (0, 1, 2, 3, 4, 7, 30–37, 90–97, 38;5;n, 40–47, 100–107, 48;5;n) and private modes `CSI ? n h/l`
/// (remembered, no effect on cells). Anything else is a test failure: `unsupported` lists it, and the tests
/// expect it empty. Line wrap is off, as a session sets it: text past the right edge is dropped.
struct ScreenModel {
  struct Attributes: Hashable {
    var bold = false
    var dim = false
    var italic = false
    var underline = false
    var inverse = false
    var foreground: Int?
    var background: Int?
  }

  struct Cell: Hashable {
    /// The character, `""` for the right half of a wide character, `" "` when blank.
    var text: String = " "
    var attributes = Attributes()
  }

  let columns: Int
  let rows: Int
  private(set) var cells: [[Cell]]
  private(set) var cursorRow = 0
  private(set) var cursorColumn = 0
  private(set) var attributes = Attributes()
  private(set) var unsupported: [String] = []
  /// The columns the terminal draws a character in: `DisplayWidth`'s count, unless a test models a terminal
  /// that draws some characters narrower.
  var width: (Character) -> Int = { DisplayWidth.of($0) }

  init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
    cells = Array(repeating: Array(repeating: Cell(), count: columns), count: rows)
  }

  /// The screen as text, one line per row, trailing blanks removed.
  var text: String {
    cells.map { row in
      var line = row.map(\.text).joined()
      while line.last == " " { line.removeLast() }
      return line
    }.joined(separator: "\n")
  }

  /// Interprets bytes, in order.
  mutating func feed(_ text: String) {
    var characters = Substring(text)
    while let character = characters.first {
      characters = characters.dropFirst()
      if character == "\u{1B}" {
        characters = interpretEscape(characters)
      } else {
        put(character)
      }
    }
  }

  private mutating func put(_ character: Character) {
    let width = width(character)
    guard character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) }) else {
      unsupported.append("control \(character.unicodeScalars.map { $0.value })")
      return
    }
    guard width > 0 else {
      unsupported.append("zero-width character at \(cursorRow):\(cursorColumn)")
      return
    }
    guard cursorRow < rows, cursorColumn + width <= columns else {
      cursorColumn += width
      return
    }
    cells[cursorRow][cursorColumn] = Cell(text: String(character), attributes: attributes)
    for covered in 1..<max(width, 1) {
      cells[cursorRow][cursorColumn + covered] = Cell(text: "", attributes: attributes)
    }
    cursorColumn += width
  }

  private mutating func interpretEscape(_ input: Substring) -> Substring {
    guard input.first == "[" else {
      unsupported.append("ESC not followed by [")
      return input
    }
    var rest = input.dropFirst()
    let isPrivate = rest.first == "?"
    if isPrivate { rest = rest.dropFirst() }
    let parameterText = rest.prefix { $0.isNumber || $0 == ";" }
    rest = rest.dropFirst(parameterText.count)
    guard let final = rest.first else {
      unsupported.append("unterminated CSI")
      return rest
    }
    let parameters = parameterText.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
    switch (isPrivate, final) {
    case (true, "h"), (true, "l"): break
    case (false, "H"):
      cursorRow = (parameters.first ?? 1) - 1
      cursorColumn = (parameters.count > 1 ? parameters[1] : 1) - 1
    case (false, "K"): eraseInLine(parameters.first ?? 0)
    case (false, "J") where parameters == [2]:
      cells = Array(repeating: Array(repeating: Cell(text: " ", attributes: attributes), count: columns), count: rows)
    case (false, "m"): selectGraphicRendition(parameters.isEmpty ? [0] : parameters)
    default: unsupported.append("CSI \(isPrivate ? "?" : "")\(parameterText)\(final)")
    }
    return rest.dropFirst()
  }

  private mutating func eraseInLine(_ mode: Int) {
    guard cursorRow < rows else { return }
    let range: Range<Int>
    switch mode {
    case 0: range = min(cursorColumn, columns)..<columns
    case 1: range = 0..<min(cursorColumn + 1, columns)
    default: range = 0..<columns
    }
    for column in range { cells[cursorRow][column] = Cell(text: " ", attributes: attributes) }
  }

  private mutating func selectGraphicRendition(_ parameters: [Int]) {
    var index = 0
    while index < parameters.count {
      let parameter = parameters[index]
      switch parameter {
      case 0: attributes = Attributes()
      case 1: attributes.bold = true
      case 2: attributes.dim = true
      case 3: attributes.italic = true
      case 4: attributes.underline = true
      case 7: attributes.inverse = true
      case 30...37: attributes.foreground = parameter - 30
      case 90...97: attributes.foreground = parameter - 90 + 8
      case 40...47: attributes.background = parameter - 40
      case 100...107: attributes.background = parameter - 100 + 8
      case 38, 48:
        guard index + 2 < parameters.count, parameters[index + 1] == 5 else {
          unsupported.append("SGR \(parameter) without ;5;n")
          return
        }
        if parameter == 38 {
          attributes.foreground = parameters[index + 2]
        } else {
          attributes.background = parameters[index + 2]
        }
        index += 2
      default: unsupported.append("SGR \(parameter)")
      }
      index += 1
    }
  }
}

extension ScreenModel {
  /// The screen a frame should produce, built straight from the frame's runs (not from bytes).
  static func expected(for frame: TerminalFrame) -> ScreenModel {
    var screen = ScreenModel(columns: frame.size.columns, rows: frame.size.rows)
    for (row, line) in frame.lines.enumerated() {
      var column = 0
      for run in line.runs {
        let attributes = Attributes(
          bold: run.style.isBold, dim: run.style.isDim, italic: run.style.isItalic,
          underline: run.style.isUnderlined, inverse: run.style.isInverse,
          foreground: run.style.foreground.map { Int($0.index) },
          background: run.style.background.map { Int($0.index) })
        for character in run.text {
          let width = DisplayWidth.of(character)
          screen.cells[row][column] = Cell(text: String(character), attributes: attributes)
          for covered in 1..<max(width, 1) {
            screen.cells[row][column + covered] = Cell(text: "", attributes: attributes)
          }
          column += width
        }
      }
    }
    return screen
  }
}
