extension TerminalListView {
  /// The longest query the filter takes, in Unicode scalars (not characters: one character can hold any number of
  /// combining marks); more typing is ignored, and a paste is cut there.
  static let maximumFilterLength = 256

  /// `/`: keys type into the query from now on (only when ``onFilterChange`` is set).
  func startFilter() {
    guard onFilterChange != nil else { return }
    isEditingFilter = true
    typedCharacter = TypedCharacter()
    render()
  }

  /// Sets the query, tells ``onFilterChange`` when it changed, and draws. Typing after it starts a new character
  /// (see `TypedCharacter`), unless `continuesTyping` (the query's end is the character being typed).
  func setFilterQuery(_ query: String, editing: Bool, continuesTyping: Bool = false) {
    isEditingFilter = editing
    if !continuesTyping { typedCharacter = TypedCharacter() }
    // Compared by bytes, in linear time (see `FilteredFeed.query`).
    if !query.utf8.elementsEqual(shownQuery.utf8) {
      shownQuery = query
      onFilterChange?(query)
    }
    render()
  }

  /// A key while the query is typed: text and pastes edit it, Backspace deletes, Enter keeps the filter and stops
  /// typing, Escape clears it, the arrows and page keys still move (the first available command bound to the key
  /// acts, as outside the filter, and none acting returns `nil`); control characters are ignored. A key that
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
      // As outside the filter: the first available binding of the key acts, and none that acted is no command.
      guard let command = command(for: key), perform(command) else { return nil }
      return command
    default:
      return nil
    }
  }

  /// Adds typed or pasted text to the query, up to ``maximumFilterLength`` scalars in all: the characters that are
  /// not typable are left out, and the character that reaches the limit keeps only the scalars that fit (a letter
  /// with some of its marks). Draws once.
  ///
  /// Text typed in several keys is one text: a scalar that continues the character typed last (a joiner, a
  /// variation selector, a tag, a mark, the next emoji of a sequence: a terminal sends an emoji's scalars as
  /// separate keys) is judged with that character, which may then join the query or leave it. So the query is
  /// always what one paste of everything typed since the filter was last edited otherwise (opened, Backspace,
  /// Enter, Escape, set from code) would give, however the text came in keys and pastes.
  ///
  /// - Complexity: O(*n*) in the scalars of `characters`, and at most ``maximumFilterLength`` scalars of the
  ///   character typed last judged again.
  func type(_ characters: some Sequence<Character>) {
    var query = Array(filterQuery.unicodeScalars)
    var typed = typedCharacter
    for character in characters { Self.type(character.unicodeScalars, into: &query, typed: &typed) }
    typed.judge(into: &query)
    typedCharacter = typed
    guard !query.elementsEqual(filterQuery.unicodeScalars) else { return }
    followsLastRow = false
    setFilterQuery(String(String.UnicodeScalarView(query)), editing: true, continuesTyping: true)
  }

  /// The query that typing `text` gives, as one paste.
  static func typable(_ text: String) -> String {
    var query: [Unicode.Scalar] = []
    var typed = TypedCharacter()
    type(text.unicodeScalars, into: &query, typed: &typed)
    typed.judge(into: &query)
    return String(String.UnicodeScalarView(query))
  }

  /// Types `scalars` after `typed`, the character typed last: each character that ends is judged and joins
  /// `query` when it is typable; the last one is left to judge.
  private static func type(
    _ scalars: some Sequence<Unicode.Scalar>, into query: inout [Unicode.Scalar], typed: inout TypedCharacter
  ) {
    for scalar in scalars {
      if typed.hasBreak(before: scalar) {
        typed.judge(into: &query)
        typed.scalars = String.UnicodeScalarView()
        typed.kept = 0
        typed.room = maximumFilterLength - query.count
        typed.isJudged = false
      }
      // Scalars past the room never join the query: its first `room` scalars decide.
      if typed.scalars.count <= typed.room {
        typed.scalars.append(scalar)
        typed.isJudged = false
      }
      if typed.tail.count < maximumFilterLength + 1 { typed.tail.append(scalar) }
    }
  }

  /// Whether a typed character may join the query: printable text that the sanitiser leaves as it is.
  nonisolated static func isTypable(_ character: Character) -> Bool {
    isTypable(character.unicodeScalars.reduce(into: String.UnicodeScalarView()) { $0.append($1) })
  }

  /// Whether the scalars of a typed character (or the part of it that fits) may join the query: printable text
  /// that the sanitiser leaves as it is, compared scalar by scalar. The query is shown after `/`, so a mark that
  /// joins the character before it may be typed on its own.
  ///
  /// - Complexity: O(*k*) in the scalars.
  nonisolated static func isTypable(_ scalars: String.UnicodeScalarView) -> Bool {
    guard !scalars.isEmpty, scalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else { return false }
    let text = String(scalars)
    if text.contains(where: \.isNewline) { return false }
    return TextSanitizer.singleLine.sanitize(text, followsCharacter: true).unicodeScalars.elementsEqual(scalars)
  }

  /// The left of the status bar while a filter is typed or set, in `width` columns: `/query` (with a `_` cursor
  /// while typing) and what Enter and Escape do; once the query is kept, the help line of the other keys, which act
  /// as before.
  ///
  /// While the query is typed, the end of it stays on screen with the cursor: a query too long for `width` shows
  /// as `/⋯` and the characters typed last (whole characters, as many as fit), and the hints are cut first. (Below
  /// 4 columns, the line is cut as any other.)
  func filterStatus(width: Int) -> StyledLine? {
    guard isEditingFilter || !filterQuery.isEmpty else { return nil }
    guard isEditingFilter else {
      var line = StyledLine("/" + filterQuery, style: .bold)
      line.append("  / edit - esc clear", style: .dim)
      let others = KeyMap.helpLine(of: actingBindings().filter { $0.command != .filter })
      if !others.isEmpty { line.append(" - " + others, style: .dim) }
      return line
    }
    var line = StyledLine(Self.prompt(for: filterQuery, width: width), style: .bold)
    let hints = StyledLine("  enter keep - esc clear", style: .dim)
    line.append(contentsOf: hints.truncated(to: max(width - line.width, 0)))
    return line
  }

  /// `/query_`, or, when it is wider than `width` (4 columns or more), `/⋯` and the longest end of the query
  /// (whole characters) that fits with the cursor `_`.
  ///
  /// - Complexity: O(*n*) in the query's scalars (at most ``maximumFilterLength``).
  static func prompt(for query: String, width: Int) -> String {
    let whole = "/" + query + "_"
    guard width >= 4, DisplayWidth.of(whole) > width else { return whole }
    // `/`, the ellipsis and the cursor take a column each.
    var used = 3
    var start = query.endIndex
    while start > query.startIndex {
      let before = query.index(before: start)
      let characterWidth = DisplayWidth.of(query[before])
      if used + characterWidth > width { break }
      used += characterWidth
      start = before
    }
    return "/" + DisplayWidth.ellipsis + query[start...] + "_"
  }
}

/// The character typed last into the filter's query, kept so that the scalars typed after it that continue it are
/// judged with it (see `TerminalListView.type(_:)`).
struct TypedCharacter {
  /// The character's scalars, at most `maximumFilterLength` + 1 of them, for finding where it
  /// ends.
  var tail = String.UnicodeScalarView()
  /// Its first scalars, at most `room + 1` of them.
  var scalars = String.UnicodeScalarView()
  /// How many of them end the query (0 when it is not typable).
  var kept = 0
  /// The scalars the query had room for when it started.
  var room = 0
  /// Whether `kept` is up to date with `scalars`.
  var isJudged = true

  /// Whether `scalar` starts another character rather than continuing this one. Whether a boundary falls before a
  /// scalar depends only on the scalars since the boundary before (a run of regional indicators, an emoji with
  /// its extenders and joiners), so this one's scalars are all it reads; past the first 257 of them, a character
  /// that long is taken to go on (its scalars cannot join the query anyway).
  ///
  /// - Complexity: O(*k*) in the character's scalars, at most 257.
  mutating func hasBreak(before scalar: Unicode.Scalar) -> Bool {
    guard !tail.isEmpty else { return true }
    var text = tail
    text.append(scalar)
    let breaks = String(text).count > 1
    if breaks { tail = String.UnicodeScalarView() }
    return breaks
  }

  /// Takes the character's scalars off the end of the query and puts back the part of it that fits, when typable.
  ///
  /// - Complexity: O(*k*) in `room`.
  mutating func judge(into query: inout [Unicode.Scalar]) {
    guard !isJudged else { return }
    isJudged = true
    query.removeLast(kept)
    var fitting = String.UnicodeScalarView()
    fitting.append(contentsOf: scalars.prefix(room))
    kept = TerminalListView.isTypable(fitting) ? fitting.count : 0
    query.append(contentsOf: fitting.prefix(kept))
  }
}
