extension TerminalListView {
  /// The longest query the filter takes, in Unicode scalars (not characters: one character can hold any number of
  /// combining marks); more typing is ignored, and a paste is cut there.
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
    // Compared by bytes, in linear time (see `FilteredFeed.query`).
    if !query.utf8.elementsEqual(shownQuery.utf8) {
      shownQuery = query
      onFilterChange?(query)
    }
    render()
  }

  /// A key while the query is typed: text and pastes edit it, Backspace deletes, Enter keeps the filter and stops
  /// typing, Escape clears it, the arrows and page keys still move; control characters are ignored. A key that
  /// acts stops the cursor following the last row, as any key that acts does.
  func editFilter(with key: Key) -> TerminalCommand? {
    switch key {
    case .character(let character):
      type(CollectionOfOne(character))
      return nil
    case .paste(let text):
      type(text)
      return nil
    case .backspace:
      followsLastRow = false
      setFilterQuery(String(filterQuery.dropLast()), editing: true)
      return nil
    case .enter:
      followsLastRow = false
      setFilterQuery(filterQuery, editing: false)
      return nil
    case .escape:
      followsLastRow = false
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

  /// Adds typed or pasted characters to the query, up to ``maximumFilterLength`` scalars in all: those that are
  /// not typable are left out, and the character that reaches the limit keeps only the scalars that fit (a letter
  /// with some of its marks). Draws once.
  ///
  /// - Complexity: O(*n*) in the scalars of `characters` looked at, at most ``maximumFilterLength`` per character
  ///   kept and one pass over a character to find its end.
  func type(_ characters: some Sequence<Character>) {
    let added = Self.typable(characters, room: Self.maximumFilterLength - filterQuery.unicodeScalars.count)
    guard !added.isEmpty else { return }
    followsLastRow = false
    setFilterQuery(filterQuery + String(added), editing: true)
  }

  /// The scalars of `characters` that may join a query, up to `room` of them: the characters that are not
  /// typable are left out, and the character that reaches the limit keeps only the scalars that fit.
  ///
  /// - Complexity: O(*n*) in the scalars of `characters` looked at, at most `room` per character kept.
  static func typable(_ characters: some Sequence<Character>, room: Int) -> String.UnicodeScalarView {
    var room = room
    var added = String.UnicodeScalarView()
    for character in characters {
      guard room > 0 else { break }
      var scalars = String.UnicodeScalarView()
      scalars.append(contentsOf: character.unicodeScalars.prefix(room))
      guard isTypable(scalars) else { continue }
      added.append(contentsOf: scalars)
      room -= scalars.count
    }
    return added
  }

  /// Whether a typed character may join the query: printable text that the sanitiser leaves as it is.
  static func isTypable(_ character: Character) -> Bool {
    isTypable(character.unicodeScalars.reduce(into: String.UnicodeScalarView()) { $0.append($1) })
  }

  /// Whether the scalars of a typed character (or the part of it that fits) may join the query: printable text
  /// that the sanitiser leaves as it is, compared scalar by scalar. The query is shown after `/`, so a mark that
  /// joins the character before it may be typed on its own.
  ///
  /// - Complexity: O(*k*) in the scalars.
  static func isTypable(_ scalars: String.UnicodeScalarView) -> Bool {
    guard !scalars.isEmpty, scalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else { return false }
    let text = String(scalars)
    if text.contains(where: \.isNewline) { return false }
    return TextSanitizer.singleLine.sanitize(text, followsCharacter: true).unicodeScalars.elementsEqual(scalars)
  }

  /// The left of the status bar while a filter is typed or set: `/query` (with a `_` cursor while typing) and
  /// what Enter and Escape do; once the query is kept, the help line of the other keys, which act as before.
  func filterStatus() -> StyledLine? {
    guard isEditingFilter || !filterQuery.isEmpty else { return nil }
    var line = StyledLine("/" + filterQuery + (isEditingFilter ? "_" : ""), style: .bold)
    line.append(isEditingFilter ? "  enter keep - esc clear" : "  / edit - esc clear", style: .dim)
    if !isEditingFilter {
      let others = KeyMap.helpLine(of: actingBindings().filter { $0.command != .filter })
      if !others.isEmpty { line.append(" - " + others, style: .dim) }
    }
    return line
  }
}
