/// The standard terminal cell: a title, a dimmed subtitle and a right-aligned accessory on one line.
///
/// It adopts every capability protocol of ListFlow, so models that are `Titled`, `Subtitled`, `Imaged`, `Fonted`
/// or `Colored` configure it with no mapper code: the title, the subtitle, the image's text (drawn before the
/// title), the font (bold, light → dim, italic, underline) and the color.
/// Its look is a set of ``TextStyle`` values that `ListItemStyle` values change (see `ListItemStyle.bold`).
///
/// ```
/// ▸ 日本語のタイトル  a subtitle ⋯                  12 MB
/// ```
public final class TextCell: TerminalCell, TitledConfigurable, SubtitledConfigurable, ImagedConfigurable,
  FontedConfigurable, ColoredConfigurable, MatchHighlighting
{
  /// The main text.
  public var title = ""
  /// Secondary text after the title, cut first when space runs out.
  public var subtitle = ""
  /// Text aligned to the right edge (a count, a size, a status).
  public var accessory = ""
  /// A short text drawn before the title (the text of a `ListImage`), or empty.
  public var icon = ""
  /// The title's style.
  public var titleStyle = TextStyle.plain
  /// The subtitle's style; dim by default.
  public var subtitleStyle = TextStyle.dim
  /// The accessory's style.
  public var accessoryStyle = TextStyle.plain
  /// Lines drawn under the main line, indented and dim, when the row is taller than one line (see
  /// <doc:MultiLineRows>); empty by default. Only a screen shows them: ``plainText`` and ``textRepresentation``
  /// are the main line's texts, so plain mode and a recording host leave them out.
  public var detailLines: [String] = []
  /// The style of ``detailLines``; dim by default.
  public var detailStyle = TextStyle.dim
  /// The offsets (in `Character`s) of the title's characters that matched a filter's query, drawn in
  /// ``highlightStyle`` (see `MatchHighlighting`); empty by default.
  public var titleHighlights: [Int] = []
  /// The style added to the matched characters of the title; bold and underlined by default, so that it shows
  /// without colour.
  public var highlightStyle = TextStyle(isBold: true, isUnderlined: true)

  /// Creates an empty cell.
  public init() {}

  /// The texts, separated by ` | ` (empty ones left out).
  public var textRepresentation: String {
    [icon, title, subtitle, accessory].filter { !$0.isEmpty }.joined(separator: " | ")
  }

  /// The icon, title, subtitle and accessory separated by two spaces (empty ones left out), sanitised.
  public var plainText: String {
    StyledRun([icon, title, subtitle, accessory].filter { !$0.isEmpty }.joined(separator: "  ")).text
  }

  /// Sets the title from a `Titled` model.
  ///
  /// - Parameter model: The model.
  public func configure(by model: any Titled) { title = model.title ?? "" }

  /// Sets the subtitle from a `Subtitled` model.
  ///
  /// - Parameter model: The model.
  public func configure(by model: any Subtitled) { subtitle = model.subtitle ?? "" }

  /// Sets the icon from an `Imaged` model: the image's text, or its name in brackets.
  ///
  /// - Parameter model: The model.
  public func configure(by model: any Imaged) { icon = model.image?.description ?? "" }

  /// Sets the title's weight and emphasis from a `Fonted` model.
  ///
  /// - Parameter model: The model.
  public func configure(by model: any Fonted) {
    guard let font = model.font else { return }
    titleStyle.isBold = font.weight == .bold
    titleStyle.isDim = font.weight == .light
    titleStyle.isItalic = font.isItalic
    titleStyle.isUnderlined = font.isUnderlined
  }

  /// Sets the title's color from a `Colored` model.
  ///
  /// - Parameter model: The model.
  public func configure(by model: any Colored) {
    titleStyle.foreground = model.color.map(TerminalColor.init)
  }

  /// The main ``line(width:)``, then each of ``detailLines`` indented by two columns, cut to `width`.
  ///
  /// - Parameter width: The columns available.
  /// - Returns: The lines.
  public func lines(width: Int) -> [StyledLine] {
    let limit = StyledRun.scalarLimit(forColumns: width)
    return [line(width: width)]
      + detailLines.map { detail in
        StyledLine("  " + StyledRun.visiblePrefix(of: detail, scalarLimit: limit), style: detailStyle).truncated(
          to: width)
      }
  }

  /// The icon, title and subtitle from the left, the accessory against the right edge, cut to `width`.
  ///
  /// The accessory keeps at most a third of the width; the subtitle is cut before the title.
  ///
  /// - Parameter width: The columns available.
  /// - Returns: The line.
  /// - Complexity: O(*w*) in the width: of each text, only the part that can be shown is looked at, so a
  ///   subtitle of a megabyte costs what its first line costs.
  public func line(width: Int) -> StyledLine {
    let limit = StyledRun.scalarLimit(forColumns: width)
    func shown(_ text: String) -> String { StyledRun.visiblePrefix(of: text, scalarLimit: limit) }
    let accessoryRun = StyledRun(shown(accessory), style: accessoryStyle)
    let accessoryText = DisplayWidth.truncate(accessoryRun.text, to: width / 3)
    let accessoryWidth = DisplayWidth.of(accessoryText)
    var left = StyledLine()
    if !icon.isEmpty { left.append(shown(icon) + " ") }
    left.append(contentsOf: highlightedTitle(shown(title)))
    if !subtitle.isEmpty { left.append("  " + shown(subtitle), style: subtitleStyle) }
    let leftWidth = width - accessoryWidth - (accessoryWidth > 0 ? 1 : 0)
    var line = left.truncated(to: leftWidth)
    if accessoryWidth > 0 {
      line.append(String(repeating: " ", count: max(width - line.width - accessoryWidth, 1)))
      line.runs.append(StyledRun(accessoryText, style: accessoryStyle))
    }
    return line
  }

  /// Shows the row as the context of a tree filter's matches (an ancestor that does not match): the title is
  /// drawn dim.
  public func markAsFilterContext() { titleStyle = titleStyle + .dim }

  /// Shows the title's characters at these offsets highlighted.
  ///
  /// - Parameter offsets: The matched offsets in the title.
  public func highlightMatches(_ offsets: [Int]) { titleHighlights = offsets }

  /// The title as runs: the matched characters in ``titleStyle`` plus ``highlightStyle``, the others in
  /// ``titleStyle``. Each run is sanitised as the part of the title it is: it follows the character before it and
  /// precedes the one after it, which do not join it, so the runs show the characters the whole title shows. A
  /// character that joins the one before it once that is sanitised (a mark after a control, which is shown as a
  /// symbol) is drawn in one run with it, so that no cut separates them: a matched run when either is matched.
  private func highlightedTitle(_ text: String) -> StyledLine {
    guard !titleHighlights.isEmpty else { return StyledLine(text, style: titleStyle) }
    let matched = Set(titleHighlights)
    var line = StyledLine()
    var run = ""
    var runIsMatched = false
    func appendRun(last: Bool) {
      let sanitized = TextSanitizer.singleLine.sanitize(
        run, followsCharacter: !line.runs.isEmpty, precedesCharacter: !last)
      line.runs.append(StyledRun(sanitized: sanitized, style: runIsMatched ? titleStyle + highlightStyle : titleStyle))
    }
    for (offset, character) in text.enumerated() {
      let isMatched = matched.contains(offset)
      if isMatched != runIsMatched, !run.isEmpty {
        if let first = character.unicodeScalars.first, TextSanitizer.joinsCharacterBefore(first) {
          // A matched character that joins an unmatched one: both start a matched run.
          if isMatched, let joined = run.popLast() {
            if !run.isEmpty { appendRun(last: false) }
            run = String(joined)
            runIsMatched = true
          }
          run.append(character)
          continue
        }
        appendRun(last: false)
        run = ""
      }
      runIsMatched = isMatched
      run.append(character)
    }
    if !run.isEmpty { appendRun(last: true) }
    return line
  }
}
