/// A mouse button press or release, or a turn of the wheel, at a cell of the screen.
///
/// Terminals report the mouse when a ``TerminalSession`` is made with `reportsMouse: true`. The key decoder
/// reads the SGR encoding (`CSI < b ; x ; y M` for a press, `… m` for a release) and the older X10 one
/// (`CSI M` and three bytes), which a terminal without SGR support sends instead.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.decode(Array("\u{1B}[<0;5;3M".utf8))
/// // [.mouse(MouseEvent(kind: .press(.left), column: 4, row: 2))]
/// ```
public struct MouseEvent: Hashable, Sendable, CustomStringConvertible {
  /// A mouse button.
  public enum Button: Hashable, Sendable {
    /// The left (primary) button.
    case left
    /// The middle button (or wheel click).
    case middle
    /// The right (secondary) button.
    case right
  }

  /// What the mouse did.
  public enum Kind: Hashable, Sendable {
    /// A button went down.
    case press(Button)
    /// A button went up (`nil` when the terminal does not say which: the X10 encoding).
    case release(Button?)
    /// The mouse moved with a button held.
    case drag(Button)
    /// The wheel turned up (away from the user): the content scrolls down to earlier rows.
    case wheelUp
    /// The wheel turned down (towards the user).
    case wheelDown
    /// A code this decoder does not name (more buttons, such as the Back and Forward buttons 8 to 11, a horizontal
    /// wheel, a move with no button); the view ignores it.
    case other(Int)
  }

  /// What the mouse did.
  public var kind: Kind
  /// The column of the cell, 0 being the left edge.
  public var column: Int
  /// The row of the cell, 0 being the top line of the screen.
  public var row: Int
  /// Whether Shift, Alt (Meta) or Control were held, as the terminal reports them.
  public var modifiers: Modifiers

  /// Keys held during a mouse event.
  public struct Modifiers: OptionSet, Hashable, Sendable {
    /// The bits.
    public let rawValue: Int
    /// Creates modifiers from their bits.
    ///
    /// - Parameter rawValue: The bits: 1 Shift, 2 Alt, 4 Control.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Shift.
    public static let shift = Modifiers(rawValue: 1)
    /// Alt, or Meta.
    public static let alt = Modifiers(rawValue: 2)
    /// Control.
    public static let control = Modifiers(rawValue: 4)
  }

  /// Creates an event.
  ///
  /// - Parameters:
  ///   - kind: What the mouse did.
  ///   - column: The column, 0 being the left edge.
  ///   - row: The row, 0 being the top line.
  ///   - modifiers: The keys held; none by default.
  public init(kind: Kind, column: Int, row: Int, modifiers: Modifiers = []) {
    self.kind = kind
    self.column = column
    self.row = row
    self.modifiers = modifiers
  }

  /// Decodes a button code and a one-based position as terminals report them.
  ///
  /// - Parameters:
  ///   - code: The button code: bits 0–1 the button (3: released, in X10), 2–4 the modifiers, 5 a drag, 6 the
  ///     wheel, 7 the extra buttons 8 to 11 (Back, Forward…). A code of 128 or more (those buttons, or bits no
  ///     terminal sends) is ``Kind/other(_:)``, never the left, middle or right button its low bits would name.
  ///   - column: The one-based column.
  ///   - row: The one-based row.
  ///   - isRelease: Whether the SGR encoding ended with `m` (a release).
  init(code: Int, column: Int, row: Int, isRelease: Bool) {
    let buttons: [Button] = [.left, .middle, .right]
    let low = code & 0b11
    let kind: Kind
    if code >= 128 {
      kind = .other(code)
    } else if code & 64 != 0 {
      kind = code & 0b11 == 0 ? .wheelUp : code & 0b11 == 1 ? .wheelDown : .other(code)
    } else if low == 3 {
      kind = code & 32 != 0 ? .other(code) : .release(nil)
    } else if isRelease {
      kind = .release(buttons[low])
    } else if code & 32 != 0 {
      kind = .drag(buttons[low])
    } else {
      kind = .press(buttons[low])
    }
    self.init(
      kind: kind, column: max(column - 1, 0), row: max(row - 1, 0), modifiers: Modifiers(rawValue: (code >> 2) & 0b111))
  }

  /// `press(left) 4,2`, say: the kind, then the column and row.
  public var description: String { "\(kind) \(column),\(row)" }
}
