/// A section's model in the list a view shows: its identity and its header and footer binders.
///
/// The diff matches sections by ``id``; a section whose header or footer content changed is reported as
/// updated (``Changeset/sectionUpdated``), and the view asks for its header and footer again.
public struct SectionModel: Differentiable, Sendable, CustomStringConvertible {
  /// The section's identity.
  public var id: ListIdentifier
  /// The header's binder, or `nil` for no header.
  public var header: CellBinder?
  /// The footer's binder, or `nil` for no footer.
  public var footer: CellBinder?

  /// Creates a section model.
  ///
  /// - Parameters:
  ///   - id: The section's identity.
  ///   - header: The header's binder, or `nil`.
  ///   - footer: The footer's binder, or `nil`.
  public init(id: ListIdentifier, header: CellBinder? = nil, footer: CellBinder? = nil) {
    self.id = id
    self.header = header
    self.footer = footer
  }

  /// The section's identity, ``id``.
  public var differenceIdentifier: ListIdentifier { id }

  /// The hash ``id`` computed when it was made.
  public var differenceHash: Int { id.hash }

  /// Whether `other` has an equal ``id``.
  public func hasSameIdentity(as other: SectionModel) -> Bool { id == other.id }

  /// Whether header and footer are both absent or have equal content in both models.
  ///
  /// - Parameter source: The model of the same section in the previous state.
  /// - Returns: `true` when neither header nor footer changed.
  public func isContentEqual(to source: SectionModel) -> Bool {
    func same(_ left: CellBinder?, _ right: CellBinder?) -> Bool {
      switch (left, right) {
      case (nil, nil): true
      case (let left?, let right?): left.isContentEqual(to: right)
      default: false
      }
    }
    return same(header, source.header) && same(footer, source.footer)
  }

  /// The identity.
  public var description: String { "\(id)" }
}

/// One section of the list a view shows: its model and the binders of its rows.
public typealias ListSectionSnapshot = ArraySection<SectionModel, CellBinder>

/// The list a view shows: what the controller diffs, and the data of every ``Changeset`` a view receives.
public typealias ListSnapshot = [ListSectionSnapshot]

extension ListSection where Item: CellBinderConvertible {
  /// The section as a view shows it: its identity, header and footer as a ``SectionModel``, and its rows' binders.
  ///
  /// - Complexity: O(n) in the number of items.
  public var snapshot: ListSectionSnapshot {
    ListSectionSnapshot(
      model: SectionModel(id: id, header: header?.cellBinder, footer: footer?.cellBinder),
      elements: items.map(\.cellBinder)
    )
  }
}

extension ListSection where Item == CellBinder {
  /// The section as a view shows it: its identity, header and footer as a ``SectionModel``, and its rows' binders.
  ///
  /// - Complexity: O(1): the rows are shared, not copied.
  public var snapshot: ListSectionSnapshot {
    ListSectionSnapshot(model: SectionModel(id: id, header: header, footer: footer), elements: items)
  }
}
