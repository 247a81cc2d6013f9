/// A static list described by its models: which cell shows each model, how to finish configuring it, and what a
/// selection does. A settings screen, an "about" screen, a login form.
///
/// A conforming type lists its ``models`` (one section) or its ``sections`` (several, with headers and footers),
/// and says which cell type shows each model. Everything else has a default: the model's capabilities
/// (``Titled``, ``Subtitled``, ``Imaged``, ``Fonted``, ``Colored``) fill the cells that can show them, heights
/// come from each cell type's ``ListCell/preferredHeight``, and ``configure(cell:by:)`` and
/// ``itemSelected(item:)`` do nothing.
///
/// ```swift
/// enum Setting: Equatable, Sendable, Titled {
///   case wifi, bluetooth, spacer, about
///   var title: String? { self == .spacer ? nil : "\(self)".capitalized }
/// }
///
/// struct SettingsScreen: StaticListConstructor {
///   let models: [Setting] = [.wifi, .bluetooth, .spacer, .about]
///   func cellType(for model: Setting) -> any ListCell.Type { model == .spacer ? SpacerCell.self : TitleCell.self }
///   func itemSelected(item: Setting) { print("open", item) }
/// }
/// ```
///
/// ``sectionDeclarations`` turns the constructor into sections of ``CellBinder`` values for a ``ListController``;
/// ``select(_:)`` sends a selected row back to ``itemSelected(item:)``.
///
/// Rows are identified by their section and position, so that a model whose value changes (a switch turned on)
/// is reconfigured in place rather than replaced. The section counts by its identity itself, not by its printed
/// text: the rows of sections `1` and `"1"` have identities of their own.
@MainActor
public protocol StaticListConstructor: Sendable {
  /// The type of the models: often an enum with a case per row.
  associatedtype Model: Equatable & Sendable

  /// The models of a one-section list; empty by default (a constructor with several sections lists
  /// ``sections`` instead).
  var models: [Model] { get }

  /// The sections of the list; by default one section, ``ListIdentifier/mainSection``, holding ``models``.
  var sections: [ListSection<Model>] { get }

  /// The cell type that shows a model (a row, a header or a footer).
  ///
  /// - Parameter model: The model.
  /// - Returns: The cell type.
  func cellType(for model: Model) -> any ListCell.Type

  /// Finishes configuring a cell, after the model's capabilities were applied; does nothing by default.
  ///
  /// - Parameters:
  ///   - cell: The cell, of the type ``cellType(for:)`` returned for `model`.
  ///   - model: The model it shows.
  func configure(cell: any ListCell, by model: Model)

  /// Handles the selection of a row; does nothing by default.
  ///
  /// - Parameter item: The model of the selected row.
  func itemSelected(item: Model)

  /// The height of the rows of a cell type; by default the type's ``ListCell/preferredHeight``.
  ///
  /// - Parameter cellType: A cell type.
  /// - Returns: The height in the host's unit, or `nil` for a self-sizing cell.
  func height(for cellType: any ListCell.Type) -> Int?

  /// The list's own header, above the first section; `nil` (the default) for none. A ``StaticList`` shows it.
  var listHeader: CellBinder? { get }

  /// The list's own footer, below the last section; `nil` (the default) for none. A ``StaticList`` shows it.
  var listFooter: CellBinder? { get }
}

extension StaticListConstructor {
  /// No models.
  public var models: [Model] { [] }

  /// One section, ``ListIdentifier/mainSection``, holding ``models``.
  public var sections: [ListSection<Model>] { [ListSection(id: ListIdentifier.mainSection, items: models)] }

  /// Does nothing.
  public func configure(cell: any ListCell, by model: Model) {}

  /// Does nothing.
  public func itemSelected(item: Model) {}

  /// The cell type's ``ListCell/preferredHeight``.
  public func height(for cellType: any ListCell.Type) -> Int? { cellType.preferredHeight }

  /// No list header.
  public var listHeader: CellBinder? { nil }

  /// No list footer.
  public var listFooter: CellBinder? { nil }

  /// The list as sections of cell binders, ready for a ``ListController``.
  ///
  /// Each row is identified by its section's identity and its position; its content is its model. Headers and
  /// footers are models too, and their binders are made the same way: a header of a type of its own is a model
  /// case whose ``cellType(for:)`` is that type. To show the declarations of two constructors in one list, give
  /// their sections distinct identities: rows at the same position of two sections with the same identity have
  /// the same identity. (A ``StaticList`` adds a component of its own to its rows' identities, so two static lists
  /// never share one.) The list's own ``listHeader`` and ``listFooter`` are not among these sections: show them with
  /// ``ListEngine/listHeader`` and ``ListEngine/listFooter``, or in sections of your own.
  ///
  /// - Complexity: O(*n*) for *n* models.
  public var sectionDeclarations: [ListSection<CellBinder>] {
    sections.map { declaration(of: $0, list: nil) }
  }

  /// A section as binders, identified by the section's identity, their place in it and `list` (see
  /// `_StaticRowIdentity`).
  func declaration(of section: ListSection<Model>, list: Int?) -> ListSection<CellBinder> {
    ListSection(
      id: section.id,
      header: section.header.map {
        binder(for: $0, id: Self.identifier(list: list, section: section.id, place: .header))
      },
      footer: section.footer.map {
        binder(for: $0, id: Self.identifier(list: list, section: section.id, place: .footer))
      },
      indexTitle: section.indexTitle,
      items: section.items.enumerated().map { index, model in
        binder(for: model, id: Self.identifier(list: list, section: section.id, place: .row(index)))
      }
    )
  }

  /// The identity of the binder at `place` in the section `section` of list `list`.
  static func identifier(list: Int?, section: ListIdentifier, place: _StaticRowIdentity.Place) -> ListIdentifier {
    _StaticRowIdentity.identifier(list: list, section: section, place: place)
  }

  /// The binder that shows one model: its cell type, its height, the model's capabilities and
  /// ``configure(cell:by:)``.
  ///
  /// - Parameters:
  ///   - model: The model.
  ///   - id: The row's identity.
  /// - Returns: The binder; its ``CellBinder/model`` is `model`.
  public func binder(for model: Model, id: ListIdentifier) -> CellBinder {
    let type = cellType(for: model)
    return makeBinder(type, model: model, id: id).height(height(for: type))
  }

  /// Sends a selected row to ``itemSelected(item:)``.
  ///
  /// - Parameter row: The binder of the selected row, as ``SyncDelegate`` passes it.
  /// - Returns: Whether the row holds a model of this constructor (and so was handled).
  @discardableResult
  public func select(_ row: CellBinder) -> Bool {
    guard let model = row.model(as: Model.self) else { return false }
    itemSelected(item: model)
    return true
  }

  private func makeBinder<Cell: ListCell>(_ type: Cell.Type, model: Model, id: ListIdentifier) -> CellBinder {
    CellBinder(cell: type, model: model, content: model, id: id) { [self] cell in
      self.configure(cell: cell, by: model)
    }
  }
}
