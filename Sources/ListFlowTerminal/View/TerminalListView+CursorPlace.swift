import ListFlow

extension TerminalListView {
  /// The stages of the change being applied, as the cursor needs them once a stage deleted its row: where the row
  /// was when the change started, the row counts of the list then, and the stages applied so far.
  ///
  /// The place the row left is judged over the whole change, not stage by stage: a row *stays* when no stage
  /// deletes it or moves it (a row moved elsewhere does not take the place), and the rows the change inserts
  /// between the last row before the place that stays and the first after it that stays take the place, even
  /// when a later stage inserts them (the first page of a paged feed, that replaces its placeholder).
  struct ChangeTrace {
    /// The cursor's row when the change started.
    let start: ItemPath
    /// The number of rows of each section when the change started.
    let rowCounts: [Int]
    /// The stages applied so far, in order.
    private(set) var stages: [TracedStage] = []

    init(start: ItemPath, rowCounts: [Int]) {
      self.start = start
      self.rowCounts = rowCounts
    }

    /// Adds a stage that was applied.
    mutating func append(_ changeset: Changeset<ListSnapshot>, mapper: PathMapper) {
      stages.append(TracedStage(changeset: changeset, mapper: mapper))
    }

    /// Where the cursor goes, its row being gone, once the stages so far are applied: the first row the change
    /// inserted at the place, else the first row after it that stays, else the last row before it that stays, else
    /// the first row of the list. The search is `_CursorPlaceReading.cursorPlace(leaving:)`, shared with a reload;
    /// it reads the stages through their path mappers.
    ///
    /// - Parameter sections: The sections of the list now.
    /// - Returns: The row, or `nil` when the list has none.
    /// - Complexity: O(*k* · *t* log *c*) for the *k* rows it passes over (rows before the place that the change
    ///   deleted or moved, rows after it that the change moved there), *t* stages and *c* changes, plus a step per
    ///   section passed over; a section the change deleted is passed over in one step.
    func place(in sections: [ListViewport.Section]) -> ItemPath? {
      StagesReading(trace: self, sections: sections).cursorPlace(leaving: start)
    }

    /// The stages as the cursor's place is found through them: a section before the change is followed by its
    /// position, a row by its path.
    private struct StagesReading: _CursorPlaceReading {
      let trace: ChangeTrace
      let sections: [ListViewport.Section]

      var sectionCountBefore: Int { trace.rowCounts.count }
      var sectionCountNow: Int { sections.count }

      func keptSection(_ section: Int) -> Int? { trace.survives(section: section) ? section : nil }
      func rowCountBefore(_ section: Int) -> Int { trace.rowCounts[section] }
      func sectionNow(_ section: Int) -> Int { section }
      func rowCountNow(_ section: Int) -> Int { sections[section].itemCount }

      func pathNow(ofItem item: Int, in section: Int) -> ItemPath? {
        // A row in the list now only: a data source whose row counts disagree with the stages does not put the
        // cursor outside the list.
        guard let path = trace.survivor(of: ItemPath(item: item, section: section)),
          sections.indices.contains(path.section), (0..<sections[path.section].itemCount).contains(path.item)
        else { return nil }
        return path
      }

      func mayTakePlace(item: Int, in section: Int) -> Bool {
        !trace.isMovedIn(ItemPath(item: item, section: section))
      }
    }

    /// Where a row of the list before the change is now, or `nil` when a stage deleted it or moved it.
    private func survivor(of path: ItemPath) -> ItemPath? {
      var path = path
      for stage in stages {
        if stage.movedSources.sortedContains(path) { return nil }
        guard case .kept(let target) = stage.mapper.map(path) else { return nil }
        path = target
      }
      return path
    }

    /// Whether a section of the list before the change is still there (perhaps moved).
    private func survives(section: Int) -> Bool {
      var section = section
      for stage in stages {
        guard let target = stage.mapper.mapSection(section) else { return false }
        section = target
      }
      return true
    }

    /// Whether a row of the list now is one that a stage moved (rather than one that stayed, or that a stage
    /// inserted), followed back from the last stage.
    private func isMovedIn(_ path: ItemPath) -> Bool {
      var path = path
      for stage in stages.reversed() {
        if stage.movedTargets.sortedContains(path) { return true }
        guard case .kept(let source) = stage.inverse.map(path) else { return false }
        path = source
      }
      return false
    }
  }

  /// One stage of a ``ChangeTrace``, with what it maps lazily: most changes never ask.
  final class TracedStage {
    let changeset: Changeset<ListSnapshot>
    let mapper: PathMapper

    init(changeset: Changeset<ListSnapshot>, mapper: PathMapper) {
      self.changeset = changeset
      self.mapper = mapper
    }

    /// The sources of the stage's moves, sorted.
    lazy var movedSources: [ItemPath] = changeset.elementMoved.map(\.source).sorted()
    /// The targets of the stage's moves, sorted.
    lazy var movedTargets: [ItemPath] = changeset.elementMoved.map(\.target).sorted()
    /// The stage read backwards: where a row after it was before it, or `.removed` for a row it inserted (in a
    /// section it inserted too).
    lazy var inverse = PathMapper(
      Changeset(
        data: [Int](),
        sectionDeleted: changeset.sectionInserted,
        sectionInserted: changeset.sectionDeleted,
        sectionMoved: changeset.sectionMoved.map { Move(source: $0.target, target: $0.source) },
        elementDeleted: changeset.elementInserted,
        elementInserted: changeset.elementDeleted,
        elementMoved: changeset.elementMoved.map { Move(source: $0.target, target: $0.source) }))
  }
}

extension [ItemPath] {
  /// Whether this sorted array holds `path` (binary search).
  fileprivate func sortedContains(_ path: ItemPath) -> Bool {
    let index = partitioningIndex { $0 >= path }
    return index < count && self[index] == path
  }
}
