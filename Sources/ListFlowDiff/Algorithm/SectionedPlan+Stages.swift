extension _SectionedPlan {
  /// The stages, each with the data once it is applied, built from data shaped like the keys the plan was
  /// computed from: the same number of sections, and of elements in each matched section.
  ///
  /// An updated element or section model takes the target's value; every other element keeps the source's.
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
    typealias Section = Data.Element
    typealias Element = Section.Elements.Element
    var afterUpdates = oldSections
    var afterDeletes: [Section] = []
    if needsSurvivors { afterDeletes.reserveCapacity(oldSections.count) }
    var update = 0
    var delete = 0
    var replacements: [(position: Int, element: Element)] = []
    for section in oldSections.indices {
      let targetSection = sections.sourceToTarget[section]
      // A deleted section's elements are not listed as deletes: the section goes as a whole.
      if targetSection < 0 { continue }
      // The section with its updated elements replaced by the target's (shared when none is updated).
      replacements.removeAll(keepingCapacity: true)
      while update < elementUpdated.count, elementUpdated[update].section == section {
        let targetFlat = updatedTargets[update]
        let targetSection = targetSectionOf[targetFlat]
        replacements.append(
          (elementUpdated[update].item, newSections[targetSection].elements[targetFlat - targetStart[targetSection]]))
        update += 1
      }
      if !replacements.isEmpty { afterUpdates[section] = afterUpdates[section]._replacingElements(replacements) }
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
          : afterUpdates[section]._removingElements(at: elementDeleted[first..<delete].lazy.map(\.item)))
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
