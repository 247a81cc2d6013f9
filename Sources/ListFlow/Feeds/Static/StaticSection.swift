/// A section of a static list: its identity, an optional header and footer, and its models.
///
/// Headers and footers are models too: the constructor's ``StaticListConstructor/cellType(for:)`` picks their
/// cell, and their capabilities (a ``Titled`` header) are applied like a row's.
///
/// ```swift
/// StaticSection(id: "account", header: .header("Account"), models: [.profile, .password])
/// ```
///
/// A header or footer can also be a cell of its own type showing a data model of its own, whatever the rows'
/// model is: give its binder (``headerCell``, ``footerCell``) instead.
///
/// ```swift
/// StaticSection(id: "about", headerCell: BannerCell.makeBinder(value: Banner(text: "About")), models: [.version])
/// ```
public struct StaticSection<Model> {
  /// The section's identity.
  public var id: ListIdentifier
  /// The model of the section's header, or `nil` for none.
  public var header: Model?
  /// The model of the section's footer, or `nil` for none.
  public var footer: Model?
  /// The models of the section's rows, in display order.
  public var models: [Model]
  /// A header of its own cell type and data model, used when ``header`` is `nil`.
  public var headerCell: CellBinder?
  /// A footer of its own cell type and data model, used when ``footer`` is `nil`.
  public var footerCell: CellBinder?

  /// Creates a section.
  ///
  /// - Parameters:
  ///   - id: The section's identity.
  ///   - header: The model of the header, or `nil`.
  ///   - footer: The model of the footer, or `nil`.
  ///   - models: The models of the rows.
  public init<ID: Hashable & Sendable>(id: ID, header: Model? = nil, footer: Model? = nil, models: [Model]) {
    self.id = ListIdentifier(id)
    self.header = header
    self.footer = footer
    self.models = models
  }

  /// Creates a section whose header and footer are cells of their own types, showing models of their own.
  ///
  /// - Parameters:
  ///   - id: The section's identity.
  ///   - headerCell: The header: a binder, an item view model, or `nil` (for a section with a footer only).
  ///   - footerCell: The footer: a binder, an item view model, or `nil`.
  ///   - models: The models of the rows.
  public init<ID: Hashable & Sendable>(
    id: ID,
    headerCell: (any CellBinderConvertible)?,
    footerCell: (any CellBinderConvertible)? = nil,
    models: [Model]
  ) {
    self.init(id: id, header: nil, footer: nil, models: models)
    self.headerCell = headerCell?.cellBinder
    self.footerCell = footerCell?.cellBinder
  }
}

extension StaticSection: Equatable where Model: Equatable {}
extension StaticSection: Sendable where Model: Sendable {}
