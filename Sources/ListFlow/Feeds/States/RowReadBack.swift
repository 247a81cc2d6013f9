// After a change made otherwise than by a state (a told or diffed edit, a row the user moved), the rows of the
// last state no longer describe the list shown. The next state is still diffed by its rows: the rows of the list
// shown are read back through the rows of the last state (its runs of rows are theirs, and a binder put in since
// carries its row), and only when that fails are every row's binders made and diffed.

/// The rows of the last state, kept after the list shown changed otherwise; ``current(_:of:)`` reads the rows
/// of the list shown back through them. They live until the next state replaces them (the list's runs of rows
/// hold most of them anyway).
struct _StaleRows: Sendable {
  let memo: any _RowsReadBack

  /// What to keep of `rows`, the rows of the last state (or a `_StaleRows` already), once the list shown changed
  /// otherwise than by a state.
  static func after(_ rows: (any Sendable)?) -> (any Sendable)? {
    if let rows = rows as? _StaleRows { return rows }
    return (rows as? any _RowsReadBack).map(_StaleRows.init)
  }

  /// The rows `list` was made from: `rows` when they are current, read back when they are stale, `nil` when a row
  /// of `list` is not known as a value.
  ///
  /// - Complexity: O(*n* + *p*) for *n* rows in *p* pieces when stale, plus a binder made for each row put in
  ///   since the last state (O(1) otherwise).
  static func current(_ rows: (any Sendable)?, of list: ListSnapshot) -> (any Sendable)? {
    guard let stale = rows as? _StaleRows else { return rows }
    return stale.memo.rows(of: list)
  }
}

/// Rows a list was made from, which can read back the rows of a list changed since.
protocol _RowsReadBack: Sendable {
  /// The rows of `list` (a ``_RowMemo``), or `nil` when a row of it is not known as a value.
  func rows(of list: ListSnapshot) -> (any Sendable)?
}

extension _RowMemo: _RowsReadBack {
  /// The memo of `list`, a list made from these rows and changed since by edits and moves: each section is
  /// matched with the section of these rows of its identity (its header and footer, made again, must be the
  /// binders the list has), its runs of rows read from these rows' arrays (with their hashes), and each binder
  /// put in since taken as the row it carries (``CellBinder/model(as:)``) when the controller's `cell` makes it
  /// again, identity and content. A section the edits put in is read the same way, its header and footer the
  /// rows their binders carry. A run of rows of another array (a list the controller did not make), or a binder
  /// (row, header or footer) that carries no row or another binder than its row's, gives `nil`.
  func rows(of list: ListSnapshot) -> (any Sendable)? {
    // The arrays of these rows by their storage: a run of rows of one of them was made by the controller.
    var owners: [UnsafeRawPointer: Int] = [:]
    for index in sections.indices {
      if let storage = Self.storage(of: sections[index].elements) { owners[storage] = index }
    }
    var sectionOfID: [ListIdentifier: Int] = [:]
    for index in sections.indices { sectionOfID[sections[index].model.id] = index }
    var maker: _RowBinderSource<Row>?
    var told: [(binder: CellBinder, row: Row)] = []
    var read: [ListSection<Row>] = []
    var hashes: [Int] = []
    read.reserveCapacity(list.count)
    hashes.reserveCapacity(list.reduce(0) { $0 + $1.elements.count })
    for section in list {
      let key: Key
      if let index = sectionOfID[section.model.id] {
        let known = sections[index].model
        guard known.indexTitle == section.model.indexTitle else { return nil }
        key = Key(id: known.id, header: known.header, footer: known.footer, indexTitle: known.indexTitle)
      } else {
        // A section the edits put in: its header and footer are the rows their binders carry, checked below
        // as every binder put in since is.
        guard let header = Self.row(carriedBy: section.model.header),
          let footer = Self.row(carriedBy: section.model.footer)
        else { return nil }
        key = Key(id: section.model.id, header: header, footer: footer, indexTitle: section.model.indexTitle)
      }
      let pieces = section.elements.pieces
      // A section left as the state made it: its very array, so that the next diff skips it when kept too.
      if pieces.count == 1, case .rows(let source as _RowBinderSource<Row>, let range) = pieces[0],
        let storage = Self.storage(of: source.rows), let owner = owners[storage], range == source.rows.indices,
        range.count == sections[owner].elements.count, source.rowIdentity != nil
      {
        maker = maker ?? source
        hashes.append(contentsOf: sectionHashes[owner])
        read.append(
          ListSection(
            id: key.id, header: key.header, footer: key.footer, indexTitle: key.indexTitle, items: source.rows))
        continue
      }
      var rows: [Row] = []
      rows.reserveCapacity(section.elements.count)
      func take(_ piece: CellBinderList.Piece) -> Bool {
        switch piece {
        case .rows(let source as _PiecesSource, let range):
          return source.tree.forEachPiece(in: range) { piece, _ in take(piece) }
        case .rows(let source as _RowBinderSource<Row>, let range):
          guard source.rowIdentity != nil, let storage = Self.storage(of: source.rows), let owner = owners[storage]
          else { return false }
          maker = maker ?? source
          rows.append(contentsOf: source.rows[range])
          let start = sectionHashes[owner].startIndex
          hashes.append(contentsOf: sectionHashes[owner][(start + range.lowerBound)..<(start + range.upperBound)])
          return true
        case .rows:
          return false
        case .binders(let binders):
          for binder in binders {
            guard let row = binder.model(as: Row.self) else { return false }
            told.append((binder, row))
            rows.append(row)
            hashes.append(row.differenceHash)
          }
          return true
        }
      }
      for piece in pieces where !take(piece) { return nil }
      read.append(
        ListSection(id: key.id, header: key.header, footer: key.footer, indexTitle: key.indexTitle, items: rows))
    }
    // Every binder put in since, and every header and footer, must be what the controller makes of its row.
    func isMade(_ binder: CellBinder?, of row: Row?, identity: Bool) -> Bool {
      guard let binder, let row else { return binder == nil && row == nil }
      guard let maker else { return false }
      var made = maker.cell(row)
      if identity, let rowIdentity = maker.rowIdentity { made.id = rowIdentity([row], 0) }
      return made.id == binder.id && made.isContentEqual(to: binder)
    }
    for (binder, row) in told where !isMade(binder, of: row, identity: true) { return nil }
    for (index, section) in list.enumerated() {
      let key = read[index]
      guard isMade(section.model.header, of: key.header, identity: false),
        isMade(section.model.footer, of: key.footer, identity: false)
      else { return nil }
    }
    return _RowMemo(read, hashes: hashes)
  }

  /// What a section read back is known by: from the section of the last state of its identity, or, for a
  /// section the edits put in, from the list.
  private struct Key {
    var id: ListIdentifier
    var header: Row?
    var footer: Row?
    var indexTitle: String?
  }

  /// The row a header or footer binder carries (``CellBinder/model(as:)``): `.some(nil)` for no binder, `nil`
  /// for a binder that carries no row.
  private static func row(carriedBy binder: CellBinder?) -> Row?? {
    guard let binder else { return .some(nil) }
    return binder.model(as: Row.self).map { .some($0) }
  }

  /// Where an array's elements are (the same for two arrays that share their storage); `nil` for no rows.
  private static func storage(of rows: [Row]) -> UnsafeRawPointer? {
    rows.isEmpty ? nil : rows.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
  }
}
