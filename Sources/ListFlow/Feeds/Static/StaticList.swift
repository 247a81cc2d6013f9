/// A static list as a feed: a ``StaticListConstructor``'s sections, with selection wired to the constructor's
/// ``StaticListConstructor/itemSelected(item:)`` or to a tap handler of the row's own.
///
/// ```swift
/// let list = StaticList(SettingsScreen())
/// let engine = try ListEngine(view: RecordingListView(), showing: list)
/// list.onTap(.about) { print("about") }   // this row's own handler, instead of itemSelected(item:)
/// list.constructor.wifiOn = true          // a setting changed
/// list.reload()                           // rebuilt from the constructor and diffed: the row is reconfigured
/// ```
///
/// The list shows the constructor's ``StaticListConstructor/listHeader`` above its first section and its
/// ``StaticListConstructor/listFooter`` below its last one (each in a section of its own, with no rows). The
/// list's events go to ``delegate``; a selected row reaches its handler after ``SyncDelegate/didSelectRow``.
///
/// A reload makes binders only for the rows, headers and footers whose model changed at their place (section and
/// position): the others keep the binder shown, so the constructor's ``StaticListConstructor/cellType(for:)``,
/// ``StaticListConstructor/height(for:)`` and ``StaticListConstructor/configure(cell:by:)`` should depend on the
/// model only.
///
/// A row's identity is its section's identity, its position and the list itself: stable across reloads of this
/// list, and never equal to a row's identity of another static list, so that two static lists shown in one
/// ``ComposedFeed`` (both with the default section, ``ListIdentifier/mainSection``) keep their selections apart.
/// Since the position is part of it, a row inserted in the middle of a section takes the identity of the row that
/// was at its place (and with it the cursor and the selection), and each row after it takes the next one's: put
/// rows that come and go at the end of a section, or in a section of their own.
@MainActor
public final class StaticList<Constructor: StaticListConstructor>: ListFeed {
  /// The constructor the list is built from; change it, then call ``reload(animated:)``.
  public var constructor: Constructor
  /// The link to whatever shows the list.
  public let feedLink = FeedLink<ListSectionSnapshot>()
  /// The sections shown: the constructor's, with its list header and footer.
  public private(set) var displayedSections: [ListSectionSnapshot] = []
  /// The constructor's sections that ``displayedSections`` were built from: a row whose model is unchanged
  /// keeps its binder on the next ``reload(animated:)``.
  private var shownModels: [ListSection<Constructor.Model>] = []
  /// The rows with a handler of their own, by model, in the order the handlers were set.
  private var tapHandlers: [(model: Constructor.Model, handler: @MainActor () -> Void)] = []
  /// The list's own number, part of its rows' identities: two static lists shown together never share one.
  private let number = _StaticListNumbers.next()

  /// Builds the list from a constructor.
  ///
  /// - Parameters:
  ///   - constructor: What the list shows and what selecting a row does.
  ///   - delegate: Closures for the list's other events.
  public init(_ constructor: Constructor, delegate: SyncDelegate = SyncDelegate()) {
    self.constructor = constructor
    self.delegate = delegate
    displayedSections = makeSections()
  }

  /// The closures that receive the events of the list's rows, as you set them. A selected row also reaches its
  /// tap handler or ``StaticListConstructor/itemSelected(item:)``, after ``SyncDelegate/didSelectRow``, whatever
  /// closures this holds.
  public var delegate: SyncDelegate

  /// Sets a row's own tap handler: selecting a row whose model equals `model` runs `handler` instead of the
  /// constructor's ``StaticListConstructor/itemSelected(item:)``. Setting one again for an equal model replaces it.
  ///
  /// The handler follows the model's value, not the row: a model that carries a value that changes (a toggle's
  /// `.wifi(on: true)`) matches only while the value is the same. Handle such rows in
  /// ``StaticListConstructor/itemSelected(item:)``, which gets the model as it is now.
  ///
  /// - Parameters:
  ///   - model: The row's model.
  ///   - handler: What selecting the row does.
  public func onTap(_ model: Constructor.Model, perform handler: @escaping @MainActor () -> Void) {
    tapHandlers.removeAll { $0.model == model }
    tapHandlers.append((model, handler))
  }

  /// Removes a row's own tap handler; selecting it goes to the constructor again.
  ///
  /// - Parameter model: The row's model.
  public func removeTapHandler(for model: Constructor.Model) {
    tapHandlers.removeAll { $0.model == model }
  }

  /// Builds the list again from ``constructor`` and shows it: diffed with the list shown, so rows whose model
  /// changed are reconfigured in place, rows added or removed are inserted or deleted, and the list's header
  /// and footer follow the constructor's. A row, header or footer whose model equals the one shown at its place
  /// keeps its binder: only the models that changed are made into binders again.
  ///
  /// - Parameter animated: Whether the view should animate the change (``ListUpdate/animated``).
  /// - Complexity: O(*n*) for the diff of the list's *n* rows, and a binder per changed model.
  public func reload(animated: Bool = true) {
    let previous = displayedSections
    displayedSections = makeSections()
    feedLink.send(StagedChangeset(source: previous, target: displayedSections), animated: animated)
  }

  /// Replaces the constructor, then ``reload(animated:)``.
  ///
  /// - Parameters:
  ///   - constructor: The new constructor.
  ///   - animated: Whether the view should animate the change.
  public func reload(_ constructor: Constructor, animated: Bool = true) {
    self.constructor = constructor
    reload(animated: animated)
  }

  /// The constructor's sections, between a section holding only its list header and one holding only its footer.
  /// A row, header or footer whose model equals the one shown at the same place (section and position) keeps
  /// the binder shown.
  private func makeSections() -> [ListSectionSnapshot] {
    let models = constructor.sections
    var shownByID: [ListIdentifier: Int] = [:]
    for (index, section) in shownModels.enumerated() { shownByID[section.id] = shownByID[section.id] ?? index }
    let offset = displayedSections.first?.model.id == Self.headerID ? 1 : 0
    var sections: [ListSectionSnapshot] = models.map { section in
      guard let index = shownByID[section.id], displayedSections.indices.contains(index + offset) else {
        return constructor.declaration(of: section, list: number).snapshot
      }
      let shown = shownModels[index]
      let shownSection = displayedSections[index + offset]
      let header = reused(shownSection.model.header, of: shown.header, for: section.header, at: .header, in: section)
      let footer = reused(shownSection.model.footer, of: shown.footer, for: section.footer, at: .footer, in: section)
      let items: [CellBinder] = section.items.enumerated().map { position, model in
        if position < shown.items.count, shown.items[position] == model { return shownSection.elements[position] }
        return constructor.binder(for: model, id: identifier(of: section, at: .row(position)))
      }
      return ListSectionSnapshot(
        model: ListSectionSnapshot.Model(
          id: section.id, header: header, footer: footer, indexTitle: section.indexTitle),
        elements: items)
    }
    shownModels = models
    if let header = constructor.listHeader {
      sections.insert(ListSection<CellBinder>(id: Self.headerID, header: header, items: []).snapshot, at: 0)
    }
    if let footer = constructor.listFooter {
      sections.append(ListSection<CellBinder>(id: Self.footerID, footer: footer, items: []).snapshot)
    }
    return sections
  }

  /// The binder of a header or footer: the one shown when its model is unchanged, else a new one.
  private func reused(
    _ binder: CellBinder?, of shown: Constructor.Model?, for model: Constructor.Model?,
    at place: _StaticRowIdentity.Place, in section: ListSection<Constructor.Model>
  ) -> CellBinder? {
    guard let model else { return nil }
    if let binder, model == shown { return binder }
    return constructor.binder(for: model, id: identifier(of: section, at: place))
  }

  /// The identity of the binder at `place` in `section`: the section's identity, the place and the list's number.
  private func identifier(
    of section: ListSection<Constructor.Model>, at place: _StaticRowIdentity.Place
  )
    -> ListIdentifier
  {
    Constructor.identifier(list: number, section: section.id, place: place)
  }

  /// The identities of the sections of the list header and footer.
  private static var headerID: ListIdentifier { ListIdentifier("listHeader", scope: "StaticList") }
  private static var footerID: ListIdentifier { ListIdentifier("listFooter", scope: "StaticList") }

  /// Sends a selected row to its own handler, else to the constructor.
  fileprivate func select(_ row: CellBinder) {
    guard let model = row.model(as: Constructor.Model.self) else { return }
    if let entry = tapHandlers.first(where: { $0.model == model }) {
      entry.handler()
    } else {
      constructor.itemSelected(item: model)
    }
  }
}

extension StaticList: _HandlingFeed {
  /// The delegate with the list's own selection added after ``SyncDelegate/didSelectRow``.
  var handlingDelegate: SyncDelegate {
    var routed = delegate
    let select = delegate.didSelectRow
    routed.didSelectRow = { [weak self] path, row in
      select(path, row)
      self?.select(row)
    }
    return routed
  }
}
