/// The plain-text record of a list's changes: one line per change, no escape codes, every text sanitised.
///
/// ``TerminalListView`` uses it in ``TerminalListView/Mode/plain``. Lines, in the order of the stages
/// (updates, deletes, section inserts and moves, row inserts and moves):
///
/// ```
/// reload 2 sections 14 rows
/// row 0:0 Host  devbox
/// update 1:5 bash  pid 812 · 4 MB
/// delete 1:3 cron  pid 77 · 2 MB
/// insert section 2 Swap
/// row 2:0 swap total  2048 MB
/// footer 2 1 row
/// move section 1 -> 0 Processes
/// insert 1:12 swift-build  pid 9001 · 310 MB
/// move 1:4 -> 1:1 sshd  pid 650 · 8 MB
/// ```
///
/// A reload names the list's own header and footer, when it has them (`list header …` after the summary line,
/// `list footer …` last); a change of either reloads the list. A section's footer, when it has one, is named after
/// its rows (`footer <section> …`): after a reload's and an inserted section's `row` lines, and after the
/// `update section` line of a section whose header or footer changed. An inserted section is followed by a `row`
/// line for each of its rows. A row's text is its cell's line (or `textRepresentation`) without styles; a deleted row is named by its text
/// before the stage. To name deleted rows the log keeps the text of every row, so each stage costs
/// O(*n*) in the rows of the list: plain mode is for pipes and tests, not for huge lists.
struct PlainChangeLog {
  /// Header, footer and row texts, per section, as of the last stage.
  private var sections: [SectionTexts] = []
  private var lines: [String] = []

  /// The lines written since the last call, emptied.
  mutating func takeLines() -> [String] {
    defer { lines = [] }
    return lines
  }

  /// Records a reload: a summary line, then one `row` line per row.
  @MainActor
  mutating func reload(from view: TerminalListView) {
    sections = Self.texts(from: view)
    let rowCount = sections.reduce(0) { $0 + $1.rows.count }
    lines.append("reload \(sections.count) sections \(rowCount) rows")
    let (listHeader, listFooter) = view.listSupplementaries
    if let listHeader { lines.append("list header \(Self.text(of: listHeader))") }
    for (section, content) in sections.enumerated() {
      if !content.header.isEmpty { lines.append("header \(section) \(content.header)") }
      for (item, text) in content.rows.enumerated() { lines.append("row \(section):\(item) \(text)") }
      if !content.footer.isEmpty { lines.append("footer \(section) \(content.footer)") }
    }
    if let listFooter { lines.append("list footer \(Self.text(of: listFooter))") }
  }

  /// A cell's text without styles, sanitised: its line for a ``TerminalCell``, else its text representation.
  @MainActor
  private static func text(of cell: any ListCell) -> String {
    if let cell = cell as? any TerminalCell { return StyledRun(cell.plainText).text }
    return StyledRun(cell.textRepresentation).text
  }

  /// Records one stage.
  @MainActor
  mutating func apply(_ update: ListUpdate, from view: TerminalListView) {
    let changes = update.changeset
    let next = Self.texts(from: view)
    func text(_ path: ItemPath, in texts: [SectionTexts]) -> String {
      texts.indices.contains(path.section) && texts[path.section].rows.indices.contains(path.item)
        ? texts[path.section].rows[path.item] : ""
    }
    func header(_ section: Int, in texts: [SectionTexts]) -> String {
      texts.indices.contains(section) ? texts[section].header : ""
    }
    func addFooter(_ section: Int) {
      guard next.indices.contains(section), !next[section].footer.isEmpty else { return }
      lines.append("footer \(section) \(next[section].footer)")
    }
    for section in changes.sectionUpdated {
      add("update section \(section)", header(section, in: next))
      addFooter(section)
    }
    for path in update.reconfiguredRows { add("update \(path)", text(path, in: next)) }
    for path in update.reloadedRows { add("reload \(path)", text(path, in: next)) }
    for section in changes.sectionDeleted { add("delete section \(section)", header(section, in: sections)) }
    for path in changes.elementDeleted { add("delete \(path)", text(path, in: sections)) }
    for section in changes.sectionInserted {
      add("insert section \(section)", header(section, in: next))
      guard next.indices.contains(section) else { continue }
      for (item, text) in next[section].rows.enumerated() { lines.append("row \(section):\(item) \(text)") }
      addFooter(section)
    }
    for move in changes.sectionMoved { add("move section \(move)", header(move.target, in: next)) }
    for path in changes.elementInserted { add("insert \(path)", text(path, in: next)) }
    for move in changes.elementMoved { add("move \(move)", text(move.target, in: next)) }
    sections = next
  }

  private mutating func add(_ change: String, _ text: String) {
    lines.append(text.isEmpty ? change : "\(change) \(text)")
  }

  /// The texts of a section: its header and footer (empty when it has none) and its rows.
  private struct SectionTexts {
    var header: String
    var footer: String
    var rows: [String]
  }

  /// The texts of every header, footer and row, pulled from the view's data source (cells go straight back to the
  /// pool).
  @MainActor
  private static func texts(from view: TerminalListView) -> [SectionTexts] {
    guard let dataSource = view.dataSource else { return [] }
    func text(_ element: ListElement) -> String {
      guard let cell = view.pullCell(for: element) else { return "" }
      defer { view.reusePool.enqueue(cell) }
      return Self.text(of: cell)
    }
    return (0..<dataSource.numberOfSections).map { section in
      SectionTexts(
        header: text(.header(section: section)),
        footer: text(.footer(section: section)),
        rows: (0..<dataSource.numberOfRows(inSection: section)).map { text(.row(ItemPath(item: $0, section: section))) }
      )
    }
  }
}
