extension _SectionedPlan {
  /// The stages, each with the data once it is applied, built from data shaped like the keys the plan was
  /// computed from: the same number of sections, and of elements in each matched section.
  ///
  /// An updated element or section model takes the target's value; every other element keeps the source's. A
  /// stage's sections are cut from the one before it by copying their elements into arrays; sections that can
  /// share their elements take the overload for ``_ElementSharingSection``.
  ///
  /// - Parameters:
  ///   - oldSections: The source data.
  ///   - newSections: The target data.
  ///   - targetData: The target data as the collection the last stage holds.
  /// - Returns: Up to four stages; none when nothing changed.
  /// - Complexity: O(*n* + *m*) element copies.
  @inlinable
  package func stages<Data: RangeReplaceableCollection>(
    source oldSections: [Data.Element],
    target newSections: [Data.Element],
    targetData: Data
  ) -> [Changeset<Data>] where Data.Element: DifferentiableSection {
    stages(
      source: oldSections, target: newSections, targetData: targetData,
      replacing: { section, replacements in
        var copy = Array(section.elements)
        for (position, sourceSection, item) in replacements {
          let source = newSections[sourceSection].elements
          copy[position] = source[source.index(source.startIndex, offsetBy: item)]
        }
        return Data.Element(source: section, elements: copy)
      },
      removing: { section, positions in
        var kept: [Data.Element.Elements.Element] = []
        kept.reserveCapacity(section.elements.count)
        var next = 0
        for position in positions {
          kept.append(contentsOf: section.elements[next..<position])
          next = position + 1
        }
        guard next > 0 else { return section }
        kept.append(contentsOf: section.elements[next...])
        return Data.Element(source: section, elements: kept)
      })
  }

  /// The stages of sections whose elements share storage: as ``stages(source:target:targetData:)``, with each
  /// stage's sections cut from the one before it by ``_ElementSharingSection/_replacingElements(_:from:)`` and
  /// ``_ElementSharingSection/_removingElements(at:)``.
  ///
  /// - Parameters:
  ///   - oldSections: The source data.
  ///   - newSections: The target data.
  ///   - targetData: The target data as the collection the last stage holds.
  /// - Returns: Up to four stages; none when nothing changed.
  /// - Complexity: O(*s*) plus the cost of the sections' own replacements and removals.
  @inlinable
  package func stages<Data: RangeReplaceableCollection>(
    source oldSections: [Data.Element],
    target newSections: [Data.Element],
    targetData: Data
  ) -> [Changeset<Data>] where Data.Element: _ElementSharingSection {
    stages(
      source: oldSections, target: newSections, targetData: targetData,
      replacing: { $0._replacingElements($1, from: newSections) }, removing: { $0._removingElements(at: $1) })
  }

  /// The stages, with the sections of the updates and deletes stages cut by `replacing` and `removing`.
  ///
  /// - Parameters:
  ///   - oldSections: The source data.
  ///   - newSections: The target data.
  ///   - targetData: The target data as the collection the last stage holds.
  ///   - replacing: A section with the elements at some positions (ascending) replaced, each by the element at a
  ///     position of a target section (given by its index in `newSections`).
  ///   - removing: A section without the elements at some positions (ascending); the section itself when none.
  /// - Returns: Up to four stages; none when nothing changed.
  /// - Complexity: O(*s*) for *s* sections, plus the calls of `replacing` and `removing`.
  @inlinable
  func stages<Data: RangeReplaceableCollection>(
    source oldSections: [Data.Element],
    target newSections: [Data.Element],
    targetData: Data,
    replacing: (Data.Element, [(position: Int, section: Int, item: Int)]) -> Data.Element,
    removing: (Data.Element, LazyMapSequence<ArraySlice<ItemPath>, Int>) -> Data.Element
  ) -> [Changeset<Data>] where Data.Element: DifferentiableSection {
    typealias Section = Data.Element
    typealias Element = Section.Elements.Element
    var afterUpdates = oldSections
    var afterDeletes: [Section] = []
    if needsSurvivors { afterDeletes.reserveCapacity(oldSections.count) }
    var update = 0
    var delete = 0
    // Each names its target section by index: a section copied per updated element costs a retain and a
    // release of each of its parts.
    var replacements: [(position: Int, section: Int, item: Int)] = []
    for section in oldSections.indices {
      let targetSection = sections.sourceToTarget[section]
      // A deleted section's elements are not listed as deletes: the section goes as a whole.
      if targetSection < 0 { continue }
      // The section with its updated elements replaced by the target's (shared when none is updated).
      replacements.removeAll(keepingCapacity: true)
      while update < elementUpdated.count, elementUpdated[update].section == section {
        let targetFlat = updatedTargets[update]
        let targetSection = _flatSection(targetFlat, sectionOf: targetSectionOf, starts: targetStart)
        replacements.append((elementUpdated[update].item, targetSection, targetFlat - targetStart[targetSection]))
        update += 1
      }
      if !replacements.isEmpty { afterUpdates[section] = replacing(afterUpdates[section], replacements) }
      if modelUpdated[section] {
        afterUpdates[section] = Section(source: newSections[targetSection], elements: afterUpdates[section].elements)
      }
      guard needsSurvivors else { continue }
      // The section without its deleted elements (listed in source order).
      while delete < elementDeleted.count, elementDeleted[delete].section < section { delete += 1 }
      let first = delete
      while delete < elementDeleted.count, elementDeleted[delete].section == section { delete += 1 }
      afterDeletes.append(
        first == delete
          ? afterUpdates[section]
          : removing(afterUpdates[section], elementDeleted[first..<delete].lazy.map(\.item)))
    }

    var stages: [Changeset<Data>] = []
    if !sectionUpdated.isEmpty || !elementUpdated.isEmpty {
      stages.append(Changeset(data: Data(afterUpdates), sectionUpdated: sectionUpdated, elementUpdated: elementUpdated))
    }
    if !sectionDeleted.isEmpty || !elementDeleted.isEmpty {
      stages.append(
        Changeset(data: Data(afterDeletes), sectionDeleted: sectionDeleted, elementDeleted: elementDeleted)
      )
    }
    if !sectionInserted.isEmpty || !sectionMoved.isEmpty {
      let arranged = sections.targetToSource.enumerated().map { targetSection, section in
        section < 0 ? newSections[targetSection] : afterDeletes[sectionRank[section]]
      }
      stages.append(Changeset(data: Data(arranged), sectionInserted: sectionInserted, sectionMoved: sectionMoved))
    }
    if !elementInserted.isEmpty || !elementMoved.isEmpty {
      stages.append(Changeset(data: targetData, elementInserted: elementInserted, elementMoved: elementMoved))
    }
    return stages
  }
}
