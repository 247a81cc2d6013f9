/// A section of a static list: its identity, an optional header and footer, and its models.
///
/// Headers and footers are models too: the constructor's ``StaticListConstructor/cellType(for:)`` picks their
/// cell, and their capabilities (a ``Titled`` header) are applied like a row's.
///
/// ```swift
/// StaticSection(id: "account", header: .header("Account"), models: [.profile, .password])
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
}

extension StaticSection: Equatable where Model: Equatable {}
extension StaticSection: Sendable where Model: Sendable {}
