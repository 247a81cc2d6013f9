/// The first element identifier that stands twice among all the elements of `sections`, in order.
///
/// - Complexity: O(*n*) expected: one hash insertion per element. Not inlined: it runs only under `.reject`, for
///   sections deleted or inserted.
@usableFromInline
internal func _firstDuplicateElement<Section: DifferentiableSection>(
  in sections: [Section],
  side: DiffError.Duplicate.Side
) -> DiffError.Duplicate? {
  var seen: [_SameValueKey<Section.Elements.Element.DifferenceIdentifier>: ItemPath] = [:]
  for (section, content) in sections.enumerated() {
    for (item, element) in content.elements.enumerated() {
      let path = ItemPath(item: item, section: section)
      if let first = seen.updateValue(path, forKey: _SameValueKey(element.differenceIdentifier)) {
        return .init(
          identifier: String(describing: element.differenceIdentifier),
          side: side,
          isSection: false,
          first: first,
          second: path
        )
      }
    }
  }
  return nil
}

/// An identifier as a dictionary's key, equal to another as ``Differentiable/hasSameIdentity(as:)`` says: by `==`
/// or by the same bits (so a `Hashable` value holding a NaN is a duplicate of itself, as the diff matches it).
/// The same bits hash the same, so the key hashes as the identifier does.
struct _SameValueKey<Identifier: Hashable>: Hashable {
  let identifier: Identifier

  init(_ identifier: Identifier) { self.identifier = identifier }

  static func == (left: Self, right: Self) -> Bool { _hasSameValue(left.identifier, right.identifier) }

  func hash(into hasher: inout Hasher) { identifier.hash(into: &hasher) }
}
