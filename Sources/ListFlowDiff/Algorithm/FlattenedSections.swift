/// The elements of the matched sections numbered end to end ("flat" positions), without copying them.
@usableFromInline
internal struct _FlattenedSections<Section: DifferentiableSection> {
  /// Each section's elements (those of unmatched sections too, unused).
  @usableFromInline let elements: [Section.Elements]
  /// For each flat position, its section's index.
  @usableFromInline var sectionOf: [Int] = []
  /// For each section, the flat position of its first element (unmatched sections: -1).
  @usableFromInline var start: [Int]
  /// For each flat position, its element's ``Differentiable/differenceHash``.
  @usableFromInline var hashes: [Int] = []

  /// Flattens the sections that have a partner (`partners[section] >= 0`).
  ///
  /// - Parameters:
  ///   - sections: The sections.
  ///   - partners: For each section, its partner's index on the other side, or -1.
  ///   - allHashes: The ``Differentiable/differenceHash`` of every element of every section, in order, when the
  ///     caller kept them; `nil` to ask the elements.
  @inlinable
  init(_ sections: [Section], including partners: [Int], hashes allHashes: [Int]? = nil) {
    elements = sections.map(\.elements)
    start = [Int](repeating: -1, count: sections.count)
    var count = 0
    for (section, partner) in zip(sections.indices, partners) where partner >= 0 {
      count += elements[section].count
    }
    sectionOf.reserveCapacity(count)
    // Every section included and the hashes given: they are the flat hashes already, shared, not copied.
    let sharesHashes = allHashes?.count == count && !partners.contains(-1)
    if sharesHashes, let allHashes { hashes = allHashes } else { hashes.reserveCapacity(count) }
    var allStart = 0
    for (section, partner) in zip(sections.indices, partners) {
      let sectionCount = elements[section].count
      defer { allStart += sectionCount }
      guard partner >= 0 else { continue }
      start[section] = sectionOf.count
      sectionOf.append(contentsOf: repeatElement(section, count: sectionCount))
      if sharesHashes {
        continue
      } else if let allHashes {
        hashes.append(contentsOf: allHashes[allStart..<allStart + sectionCount])
      } else {
        for element in elements[section] { hashes.append(element.differenceHash) }
      }
    }
  }

  /// The number of flat positions.
  @inlinable var count: Int { sectionOf.count }

  /// The element at a flat position.
  @inlinable
  func element(_ flat: Int) -> Section.Elements.Element {
    let section = sectionOf[flat]
    return elements[section][flat - start[section]]
  }

  /// The path of a flat position.
  @inlinable
  func path(_ flat: Int) -> ItemPath {
    let section = sectionOf[flat]
    return ItemPath(item: flat - start[section], section: section)
  }
}
