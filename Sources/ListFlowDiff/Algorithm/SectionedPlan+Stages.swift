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
    var survivors: [[Element]] = Array(repeating: [], count: needsSurvivors ? oldSections.count : 0)
    var update = 0
    for section in oldSections.indices {
      let targetSection = sections.sourceToTarget[section]
      if targetSection < 0 { continue }
      // The section with its updated elements replaced by the target's (shared when none is updated).
      var withUpdates = Array(oldSections[section].elements)
      let firstUpdate = update
      while update < elementUpdated.count, elementUpdated[update].section == section {
        let targetFlat = updatedTargets[update]
        let targetSection = targetSectionOf[targetFlat]
        withUpdates[elementUpdated[update].item] =
          newSections[targetSection].elements[targetFlat - targetStart[targetSection]]
        update += 1
      }
      if needsSurvivors {
        if hasDeletes[section] {
          let start = sourceStart[section]
          var kept: [Element] = []
          kept.reserveCapacity(withUpdates.count)
          for (item, element) in withUpdates.enumerated() where elements.sourceToTarget[start + item] >= 0 {
            kept.append(element)
          }
          survivors[section] = kept
        } else {
          survivors[section] = withUpdates
        }
      }
      if modelUpdated[section] || update > firstUpdate {
        let model = modelUpdated[section] ? newSections[targetSection] : oldSections[section]
        afterUpdates[section] = Section(source: model, elements: withUpdates)
      }
    }

    var stages: [Changeset<Data>] = []
    if !sectionUpdated.isEmpty || !elementUpdated.isEmpty {
      stages.append(Changeset(data: Data(afterUpdates), sectionUpdated: sectionUpdated, elementUpdated: elementUpdated))
    }
    let afterDeletes =
      needsSurvivors
      ? oldSections.indices.compactMap { section -> Section? in
        sections.sourceToTarget[section] < 0
          ? nil : Section(source: afterUpdates[section], elements: survivors[section])
      } : []
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
