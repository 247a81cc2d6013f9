/// A small terminal written for the pseudo-terminal tests: it parses what a program wrote and keeps the screen.
///
/// It measures characters on its own, without `DisplayWidth`: printable ASCII and most scripts take one column,
/// CJK ideographs, kana and Hangul syllables two, combining marks none. It has a normal and an alternate screen
/// (`CSI ?1049h/l`), remembers the cursor's visibility (`?25`), automatic wrap (`?7`), bracketed paste (`?2004`) and whether the last SGR left
/// attributes set, and understands the cursor moves, erases, `\r`, `\n` and `\b` a program writes. Anything
/// else is listed in `unsupported`.
struct VirtualTerminal {
  private(set) var columns: Int
  private(set) var rows: Int
  private var normal: [[Character]]
  private var alternate: [[Character]]
  private(set) var usesAlternateScreen = false
  private(set) var cursorVisible = true
  private(set) var wraps = true
  /// Whether mouse reporting (`?1000`) and its SGR encoding (`?1006`) are on.
  private(set) var reportsMouse = false
  private(set) var usesSGRMouse = false
  /// Whether bracketed paste (`?2004`) is on.
  private(set) var usesBracketedPaste = false
  private(set) var attributesSet = false
  private(set) var unsupported: [String] = []
  private var row = 0
  private var column = 0
  private var savedCursor = (row: 0, column: 0)
  private var pending: [UInt8] = []

  init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
    normal = Self.blank(columns: columns, rows: rows)
    alternate = normal
  }

  private static func blank(columns: Int, rows: Int) -> [[Character]] {
    Array(repeating: Array(repeating: " ", count: columns), count: rows)
  }

  /// The screen shown now, one string per row, trailing blanks removed.
  var lines: [String] {
    (usesAlternateScreen ? alternate : normal).map { row in
      var line = String(row.filter { $0 != "\u{0}" })
      while line.last == " " { line.removeLast() }
      return line
    }
  }

  /// The terminal was resized: both screens are cut or padded (the program repaints).
  mutating func resize(columns: Int, rows: Int) {
    func fit(_ screen: [[Character]]) -> [[Character]] {
      (0..<rows).map { row in
        (0..<columns).map { column in
          row < screen.count && column < screen[row].count ? screen[row][column] : " "
        }
      }
    }
    normal = fit(normal)
    alternate = fit(alternate)
    self.columns = columns
    self.rows = rows
    row = min(row, rows - 1)
    column = min(column, columns - 1)
  }

  /// Interprets bytes; a sequence cut at the end waits for the next call.
  mutating func feed(_ bytes: [UInt8]) {
    pending += bytes
    // A UTF-8 character cut at the end of a read waits for the rest.
    var complete = pending.count
    if let lead = pending.indices.last(where: { pending[$0] & 0xC0 != 0x80 }), pending[lead] >= 0xC0 {
      let length = pending[lead] >= 0xF0 ? 4 : pending[lead] >= 0xE0 ? 3 : 2
      if pending.count - lead < length { complete = lead }
    }
    let text = String(decoding: pending[..<complete], as: UTF8.self)
    pending = Array(pending[complete...])
    var rest = Substring(text)
    while let character = rest.first {
      if character == "\u{1B}" {
        guard let after = escape(rest.dropFirst()) else {
          pending = Array(rest.utf8) + pending
          return
        }
        rest = after
        continue
      }
      rest = rest.dropFirst()
      switch character {
      case "\r": column = 0
      case "\n", "\r\n":
        if character == "\r\n" { column = 0 }
        lineFeed()
      case "\u{8}": column = max(column - 1, 0)
      case "\u{7}": break
      default: put(character)
      }
    }
  }

  private mutating func lineFeed() {
    if row < rows - 1 {
      row += 1
      return
    }
    if usesAlternateScreen {
      alternate.removeFirst()
      alternate.append(Array(repeating: " ", count: columns))
    } else {
      normal.removeFirst()
      normal.append(Array(repeating: " ", count: columns))
    }
  }

  /// The columns a character takes, by this model's own small table.
  static func width(of character: Character) -> Int {
    guard let first = character.unicodeScalars.first else { return 0 }
    switch first.value {
    case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F: return 0
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3,
      0xF900...0xFAFF, 0xFF01...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
      return 2
    default: return 1
    }
  }

  private mutating func put(_ character: Character) {
    let width = Self.width(of: character)
    guard width > 0 else { return }
    if column + width > columns {
      guard wraps else {
        column = columns
        return
      }
      column = 0
      lineFeed()
    }
    set(row, column, character)
    if width == 2 { set(row, column + 1, "\u{0}") }
    column += width
  }

  private mutating func set(_ row: Int, _ column: Int, _ character: Character) {
    guard row >= 0, row < rows, column >= 0, column < columns else { return }
    if usesAlternateScreen { alternate[row][column] = character } else { normal[row][column] = character }
  }

  /// Interprets what follows an ESC; `nil` when the sequence is cut.
  private mutating func escape(_ input: Substring) -> Substring? {
    guard let introducer = input.first else { return nil }
    guard introducer == "[" else {
      unsupported.append("ESC \(introducer)")
      return input.dropFirst()
    }
    var rest = input.dropFirst()
    let isPrivate = rest.first == "?"
    if isPrivate { rest = rest.dropFirst() }
    let parameterText = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ";") }
    rest = rest.dropFirst(parameterText.count)
    guard let final = rest.first else { return nil }
    let parameters = parameterText.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
    let first = parameters.first ?? 0
    switch (isPrivate, final) {
    case (true, "h"), (true, "l"): setMode(first, on: final == "h")
    case (false, "H"):
      row = min(max(first, 1), rows) - 1
      column = min(max(parameters.count > 1 ? parameters[1] : 1, 1), columns) - 1
    case (false, "K"):
      let range = first == 0 ? column..<columns : first == 1 ? 0..<min(column + 1, columns) : 0..<columns
      for index in range { set(row, index, " ") }
    case (false, "J") where first == 2:
      if usesAlternateScreen {
        alternate = Self.blank(columns: columns, rows: rows)
      } else {
        normal = Self.blank(columns: columns, rows: rows)
      }
    case (false, "m"): attributesSet = !(parameters.isEmpty || parameters == [0])
    default: unsupported.append("CSI \(isPrivate ? "?" : "")\(parameterText)\(final)")
    }
    return rest.dropFirst()
  }

  private mutating func setMode(_ mode: Int, on: Bool) {
    switch mode {
    case 25: cursorVisible = on
    case 7: wraps = on
    case 1000: reportsMouse = on
    case 1006: usesSGRMouse = on
    case 2004: usesBracketedPaste = on
    case 1049:
      guard on != usesAlternateScreen else { return }
      if on {
        savedCursor = (row, column)
        alternate = Self.blank(columns: columns, rows: rows)
      } else {
        (row, column) = savedCursor
      }
      usesAlternateScreen = on
    default: unsupported.append("mode \(mode)")
    }
  }
}
