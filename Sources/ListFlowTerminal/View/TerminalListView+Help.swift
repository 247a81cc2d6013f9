extension TerminalListView {
  /// The help screen that replaces the list while ``isShowingHelp``: a heading, then the help lines of the
  /// commands that would act (see ``KeyMap``) and the mouse, cut to the list area.
  func helpLines(width: Int, height: Int) -> [StyledLine] {
    let lines =
      [StyledLine(" Keys (any key closes this help)", style: .bold)]
      + KeyMap.helpLines(of: actingBindings()).map { StyledLine(" " + $0).truncated(to: width) }
    return Array(lines.prefix(height))
  }

  /// A line with every colour taken away: bold, dim, italic, underline and inverse stay (`NO_COLOR`).
  static func withoutColor(_ line: StyledLine) -> StyledLine {
    var line = line
    line.runs = line.runs.map { run in
      var style = run.style
      style.foreground = nil
      style.background = nil
      return StyledRun(run.text, style: style)
    }
    return line
  }
}
