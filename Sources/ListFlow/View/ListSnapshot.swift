extension ListSectionSnapshot {
  /// A section's model in the list a view shows: its identity and its header and footer binders.
  ///
  /// The diff matches sections by ``id``; a section whose header or footer content changed is reported as
  /// updated (``Changeset/sectionUpdated``), and the view asks for its header and footer again.
  public struct Model: Differentiable, Sendable, CustomStringConvertible {
    /// The section's identity.
    public var id: ListIdentifier
    /// The header's binder, or `nil` for no header.
    public var header: CellBinder?
    /// The footer's binder, or `nil` for no footer.
    public var footer: CellBinder?
    /// The section's title in an index of the list, or `nil` (``ListSection/indexTitle``).
    public var indexTitle: String?

    /// Creates a section model.
    ///
    /// - Parameters:
    ///   - id: The section's identity.
    ///   - header: The header's binder, or `nil`.
    ///   - footer: The footer's binder, or `nil`.
    ///   - indexTitle: The section's title in an index of the list, or `nil`.
    public init(id: ListIdentifier, header: CellBinder? = nil, footer: CellBinder? = nil, indexTitle: String? = nil) {
      self.id = id
      self.header = header
      self.footer = footer
      self.indexTitle = indexTitle
    }

    /// The section's identity, ``id``.
    public var differenceIdentifier: ListIdentifier { id }

    /// The hash ``id`` computed when it was made.
    public var differenceHash: Int { id.hash }

    /// Whether `other` has an equal ``id``.
    public func hasSameIdentity(as other: ListSectionSnapshot.Model) -> Bool { id == other.id }

    /// Whether header and footer are both absent or have equal content in both models, and the index titles are
    /// equal.
    ///
    /// - Parameter source: The model of the same section in the previous state.
    /// - Returns: `true` when neither header nor footer changed.
    public func isContentEqual(to source: ListSectionSnapshot.Model) -> Bool {
      func same(_ left: CellBinder?, _ right: CellBinder?) -> Bool {
        switch (left, right) {
        case (nil, nil): true
        case (let left?, let right?): left.isContentEqual(to: right)
        default: false
        }
      }
      return same(header, source.header) && same(footer, source.footer) && indexTitle == source.indexTitle
    }

    /// The identity.
    public var description: String { "\(id)" }
  }
}

/// One section of the list a view shows: its model and the binders of its rows.
///
/// The rows are a ``CellBinderList``: it reads like an array of binders, and a section made from the app's rows
/// holds those rows rather than a binder per row.
public struct ListSectionSnapshot: DifferentiableSection, _ElementSharingSection, Sendable, CustomStringConvertible {
  /// The section's identity, header and footer.
  public var model: ListSectionSnapshot.Model
  /// The binders of the section's rows.
  public var elements: CellBinderList

  /// Creates a section.
  ///
  /// - Parameters:
  ///   - model: The section's identity, header and footer.
  ///   - elements: The binders of its rows (a ``CellBinderList`` or an array is shared, not copied).
  public init(model: ListSectionSnapshot.Model, elements: some Collection<CellBinder>) {
    self.model = model
    self.elements = CellBinderList(elements)
  }

  /// Creates a section with the model of `source` and other rows.
  public init<C: Collection>(source: ListSectionSnapshot, elements: C) where C.Element == CellBinder {
    self.init(model: source.model, elements: elements)
  }

  /// The section with the rows at some positions replaced by rows of other sections, sharing every row (a row
  /// made when read is not made).
  public func _replacingElements(
    _ replacements: [(position: Int, section: Int, item: Int)], from sources: [ListSectionSnapshot]
  ) -> ListSectionSnapshot {
    var copy = self
    copy.elements = elements._replacing(
      placing: replacements.map { replacement in
        let (piece, offset) = sources[replacement.section].elements.locate(replacement.item)
        return CellBinderList.PlacedPiece(position: replacement.position, piece: piece.slice(offset..<offset + 1))
      })
    return copy
  }

  /// The section without the rows at some positions, sharing the others.
  public func _removingElements(at positions: some Sequence<Int>) -> ListSectionSnapshot {
    var copy = self
    copy.elements = elements._removing(positions)
    return copy
  }

  /// The model's identity.
  public var differenceIdentifier: ListIdentifier { model.differenceIdentifier }
  /// The model's hash.
  public var differenceHash: Int { model.differenceHash }
  /// Whether the models have the same identity.
  public func hasSameIdentity(as other: ListSectionSnapshot) -> Bool {
    model.hasSameIdentity(as: other.model)
  }
  /// Compares the models' contents only: the rows are diffed one by one.
  public func isContentEqual(to source: ListSectionSnapshot) -> Bool {
    model.isContentEqual(to: source.model)
  }

  /// `model: [elements]`.
  public var description: String { "\(model): \(elements)" }
}

/// The list a view shows: what the controller diffs, and the data of every ``Changeset`` a view receives.
public typealias ListSnapshot = [ListSectionSnapshot]

extension [ListSectionSnapshot] {
  /// The index of the list: each section's ``ListSection/indexTitle`` with the section's position, in order;
  /// sections without a title are left out. In a composite the titles come with their sections, so each names
  /// its section's global position.
  ///
  /// - Complexity: O(*s*) for *s* sections.
  public var sectionIndexTitles: [(title: String, section: Int)] {
    enumerated().compactMap { section, snapshot in snapshot.model.indexTitle.map { ($0, section) } }
  }
}

extension ListSection where Item == CellBinder {
  /// The section as a view shows it: its identity, header and footer as a ``ListSectionSnapshot/Model``, and its rows' binders.
  ///
  /// - Complexity: O(1): the rows are shared, not copied.
  public var snapshot: ListSectionSnapshot {
    ListSectionSnapshot(
      model: ListSectionSnapshot.Model(id: id, header: header, footer: footer, indexTitle: indexTitle), elements: items)
  }
}
