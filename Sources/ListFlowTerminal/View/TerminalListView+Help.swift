extension TerminalListView {
  /// The help screen that replaces the list while ``isShowingHelp``: a heading, then the help lines of the
  /// commands that would act (see ``KeyMap``) and the mouse, unless the ``TerminalSession`` that took the terminal
  /// over was made without `reportsMouse` (with no session, as in a test's view, the mouse is listed; its reports
  /// are handled all the same). When they do not all fit in the list area, its last
  /// line says how many more a taller terminal shows, so that no key goes missing unannounced: a list area of one
  /// line shows only that line (every line of the help, its heading included, counted as more).
  func helpLines(width: Int, height: Int) -> [StyledLine] {
    let lines =
      [StyledLine(" Keys (any key closes this help)", style: .bold)]
      + KeyMap.helpLines(of: actingBindings(), mouse: TerminalRegistry.reportsMouse ?? true).map {
        StyledLine(" " + $0).truncated(to: width)
      }
    guard lines.count > height, height > 0 else { return Array(lines.prefix(max(height, 0))) }
    let hidden = lines.count - (height - 1)
    let more = StyledLine(" ⋯ \(hidden) more (a taller terminal shows them)", style: .dim).truncated(to: width)
    return Array(lines.prefix(height - 1)) + [more]
  }

  /// A line with every colour taken away: bold, dim, italic, underline and inverse stay (`NO_COLOR`).
  static func withoutColor(_ line: StyledLine) -> StyledLine {
    line.restyled { style in
      var style = style
      style.foreground = nil
      style.background = nil
      return style
    }
  }
}
