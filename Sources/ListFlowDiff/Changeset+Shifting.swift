extension Changeset {
  /// This changeset moved down by a number of sections, with other data: a child's changes at the child's place
  /// in a composite.
  ///
  /// Every section index and every element path's section grows by `offset`; element indices stay.
  ///
  /// ```swift
  /// let local = Changeset(data: childSections, elementInserted: [ItemPath(item: 0, section: 1)])
  /// let global = local.shifted(bySections: 4, data: compositeSections)
  /// // global.elementInserted == [ItemPath(item: 0, section: 5)]
  /// ```
  ///
  /// - Parameters:
  ///   - offset: The number of sections before the child.
  ///   - data: The data of the whole once the stage is applied.
  /// - Returns: The shifted changeset.
  /// - Complexity: O(*c*) for *c* changes.
  public func shifted<NewData: Collection>(bySections offset: Int, data: NewData) -> Changeset<NewData> {
    mappingSections(data: data) { $0 + offset }
  }

  /// This changeset with every section index (of sections and of element paths) passed through a function, and
  /// other data: the changes of some sections of a list, put back at those sections' places in the whole list.
  ///
  /// ```swift
  /// // `part` diffed sections 2 and 5 of a list on their own, as sections 0 and 1.
  /// let whole = part.mappingSections(data: wholeData) { [2, 5][$0] }
  /// ```
  ///
  /// - Parameters:
  ///   - data: The data of the whole once the stage is applied.
  ///   - section: Maps a section index of this changeset to the whole's; it must keep the order of sections.
  /// - Returns: The mapped changeset.
  /// - Complexity: O(*c*) for *c* changes, times the cost of `section`.
  public func mappingSections<NewData: Collection>(
    data: NewData, _ section: (Int) -> Int
  ) -> Changeset<NewData> {
    mappingSections(data: data, before: section, after: section)
  }

  /// This changeset with its section indices mapped by two functions: `before` for the positions it names in the
  /// data before it (deletes, updates, the sources of moves), `after` for those in ``data`` (inserts, the targets
  /// of moves). Each must keep the order of sections.
  ///
  /// - Complexity: O(*c*) for *c* changes, times the cost of the functions.
  @inlinable
  package func mappingSections<NewData: Collection>(
    data: NewData, before: (Int) -> Int, after: (Int) -> Int
  ) -> Changeset<NewData> {
    func pathBefore(_ path: ItemPath) -> ItemPath { ItemPath(item: path.item, section: before(path.section)) }
    func pathAfter(_ path: ItemPath) -> ItemPath { ItemPath(item: path.item, section: after(path.section)) }
    return Changeset<NewData>(
      data: data,
      sectionDeleted: sectionDeleted.map(before),
      sectionInserted: sectionInserted.map(after),
      sectionUpdated: sectionUpdated.map(before),
      sectionMoved: sectionMoved.map { Move(source: before($0.source), target: after($0.target)) },
      elementDeleted: elementDeleted.map(pathBefore),
      elementInserted: elementInserted.map(pathAfter),
      elementUpdated: elementUpdated.map(pathBefore),
      elementMoved: elementMoved.map { Move(source: pathBefore($0.source), target: pathAfter($0.target)) }
    )
  }
}

extension StagedChangeset {
  /// These stages moved down by a number of sections, each with the data of the whole it belongs to.
  ///
  /// `data` is called once per stage, in order, with the stage's own data, and returns the data of the whole
  /// once that stage is applied (typically the whole with the child's sections replaced by the stage's).
  ///
  /// - Parameters:
  ///   - offset: The number of sections before the child.
  ///   - data: Makes the whole's data from a stage's data; called in stage order.
  /// - Returns: The shifted stages.
  /// - Complexity: O(*c*) for *c* changes, plus the cost of `data`.
  public func shifted<NewData: Collection>(
    bySections offset: Int,
    data: (Data) throws -> NewData
  ) rethrows -> StagedChangeset<NewData> {
    var stages: [Changeset<NewData>] = []
    stages.reserveCapacity(count)
    for stage in self { stages.append(stage.shifted(bySections: offset, data: try data(stage.data))) }
    return StagedChangeset<NewData>(stages)
  }
}
