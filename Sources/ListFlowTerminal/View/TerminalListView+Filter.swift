extension TerminalListView {
  /// The longest query the filter takes, in characters; more typing is ignored.
  static let maximumFilterLength = 256

  /// `/`: keys type into the query from now on (only when ``onFilterChange`` is set).
  func startFilter() {
    guard onFilterChange != nil else { return }
    isEditingFilter = true
    render()
  }

  /// Sets the query, tells ``onFilterChange`` when it changed, and draws.
  func setFilterQuery(_ query: String, editing: Bool) {
    isEditingFilter = editing
    if query != filterQuery {
      filterQuery = query
      onFilterChange?(query)
    }
    render()
  }

  /// A key while the query is typed: text edits it, Backspace deletes, Enter keeps the filter and stops
  /// typing, Escape clears it, the arrows and page keys still move; control characters are ignored.
  func editFilter(with key: Key) -> TerminalCommand? {
    switch key {
    case .character(let character):
      guard Self.isTypable(character), filterQuery.count < Self.maximumFilterLength else { return nil }
      setFilterQuery(filterQuery + String(character), editing: true)
      return nil
    case .backspace:
      setFilterQuery(String(filterQuery.dropLast()), editing: true)
      return nil
    case .enter:
      setFilterQuery(filterQuery, editing: false)
      return nil
    case .escape:
      setFilterQuery("", editing: false)
      return .clearFilter
    case .interrupt, .endOfInput:
      return .quit
    case .up, .down, .pageUp, .pageDown, .home, .end:
      guard let command = keyMap.command(for: key) else { return nil }
      perform(command)
      return command
    default:
      return nil
    }
  }

  /// Whether a typed character may join the query: printable text that the sanitiser leaves as it is.
  static func isTypable(_ character: Character) -> Bool {
    let text = String(character)
    return !character.isNewline && TextSanitizer.singleLine.sanitize(text) == text
      && character.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
  }

  /// The left of the status bar while a filter is typed or set: `/query` (with a `_` cursor while typing) and
  /// what Enter and Escape do.
  func filterStatus() -> StyledLine? {
    guard isEditingFilter || !filterQuery.isEmpty else { return nil }
    var line = StyledLine("/" + filterQuery + (isEditingFilter ? "_" : ""), style: .bold)
    line.append(isEditingFilter ? "  enter keep - esc clear" : "  / edit - esc clear", style: .dim)
    return line
  }
}
