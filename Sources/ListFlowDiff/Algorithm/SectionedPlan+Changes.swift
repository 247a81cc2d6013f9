extension _SectionedPlan {
  /// Passes 4 to 6: section inserts and moves; section and element updates and deletes; element inserts and
  /// moves. In debug builds, checks that the counts add up.
  ///
  /// - Parameters:
  ///   - old: The source elements of matched sections, numbered end to end.
  ///   - new: The target elements of matched sections, numbered end to end.
  ///   - oldSections: The source sections.
  ///   - newSections: The target sections.
  /// - Complexity: O(*n* + *m*) content comparisons, plus O(*k* log *k*) for sections or elements of a section
  ///   that changed order.
  @inlinable
  mutating func listChanges<Section: DifferentiableSection>(
    old: _FlattenedSections<Section>,
    new: _FlattenedSections<Section>,
    oldSections: [Section],
    newSections: [Section]
  ) {
    // Pass 4: section inserts and moves; a longest run of matched sections keeping their order stays.
    let staying = _longestIncreasingSubsequenceMask(sections.targetToSource.filter { $0 >= 0 })
    sectionRank = [Int](repeating: -1, count: oldSections.count)
    var rank = 0
    for section in oldSections.indices where sections.sourceToTarget[section] >= 0 {
      sectionRank[section] = rank
      rank += 1
    }
    var matchedRank = 0
    for (targetSection, section) in sections.targetToSource.enumerated() {
      if section < 0 {
        sectionInserted.append(targetSection)
        continue
      }
      if let staying, !staying[matchedRank] {
        sectionMoved.append(Move(source: sectionRank[section], target: targetSection))
      }
      matchedRank += 1
    }

    // Pass 5: in source order, section and element updates and deletes. Each kept element's entry of
    // `elements.sourceToTarget` is rewritten to its position in its section once the deletes are applied.
    needsSurvivors =
      sections.sourceToTarget.contains(-1) || elements.sourceToTarget.contains(-1) || !sectionInserted.isEmpty
      || !sectionMoved.isEmpty
    modelUpdated = [Bool](repeating: false, count: oldSections.count)
    for section in oldSections.indices {
      let targetSection = sections.sourceToTarget[section]
      if targetSection < 0 {
        sectionDeleted.append(section)
        continue
      }
      if !newSections[targetSection].model.isContentEqual(to: oldSections[section].model) {
        sectionUpdated.append(section)
        modelUpdated[section] = true
      }
      var keptCount = 0
      let start = old.start[section]
      let oldElements = old.elements[section]
      for item in 0..<oldElements.count {
        let targetFlat = elements.sourceToTarget[start + item]
        if targetFlat < 0 {
          elementDeleted.append(ItemPath(item: item, section: section))
          continue
        }
        if !new.element(targetFlat).isContentEqual(to: oldElements[item]) {
          elementUpdated.append(ItemPath(item: item, section: section))
          updatedTargets.append(targetFlat)
        }
        elements.sourceToTarget[start + item] = keptCount
        keptCount += 1
      }
    }

    // Pass 6: per target section, element inserts and moves. Elements from the same section keep a longest
    // increasing run; elements from another section always move, from their place in the stage-3 data.
    var sameSection: [Int] = []
    for (targetSection, section) in sections.targetToSource.enumerated() where section >= 0 {
      let start = new.start[targetSection]
      let end = start + newSections[targetSection].elements.count
      sameSection.removeAll(keepingCapacity: true)
      for flat in start..<end {
        let sourceFlat = elements.targetToSource[flat]
        if sourceFlat >= 0, old.sectionOf[sourceFlat] == section {
          sameSection.append(elements.sourceToTarget[sourceFlat])
        }
      }
      let stayingElements = _longestIncreasingSubsequenceMask(sameSection)
      var sameRank = 0
      for flat in start..<end {
        let targetPath = ItemPath(item: flat - start, section: targetSection)
        let sourceFlat = elements.targetToSource[flat]
        if sourceFlat < 0 {
          elementInserted.append(targetPath)
          continue
        }
        let sourceSection = old.sectionOf[sourceFlat]
        let sourcePath = ItemPath(
          item: elements.sourceToTarget[sourceFlat], section: sections.sourceToTarget[sourceSection])
        if sourceSection == section {
          defer { sameRank += 1 }
          guard let stayingElements, !stayingElements[sameRank] else { continue }
        }
        elementMoved.append(Move(source: sourcePath, target: targetPath))
      }
    }

    assert(
      oldSections.count - sectionDeleted.count + sectionInserted.count == newSections.count,
      "section counts must add up")
    assert(
      old.count - elementDeleted.count + elementInserted.count == new.count,
      "element counts of the matched sections must add up")
  }
}
