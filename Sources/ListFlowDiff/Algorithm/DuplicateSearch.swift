/// The first element identifier that stands twice among all the elements of `sections`, in order.
///
/// - Complexity: O(*n*) expected: one hash insertion per element.
@inlinable
internal func _firstDuplicateElement<Section: DifferentiableSection>(
  in sections: [Section],
  side: DiffError.Duplicate.Side
) -> DiffError.Duplicate? {
  var seen: [Section.Elements.Element.DifferenceIdentifier: ItemPath] = [:]
  for (section, content) in sections.enumerated() {
    for (item, element) in content.elements.enumerated() {
      let path = ItemPath(item: item, section: section)
      if let first = seen.updateValue(path, forKey: element.differenceIdentifier) {
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
