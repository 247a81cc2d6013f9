import ListFlowDiff

/// The number of changes of each kind in a changeset or in all stages of a staged changeset.
struct ChangeCounts: Equatable, CustomStringConvertible {
  var sectionDeleted = 0
  var sectionInserted = 0
  var sectionUpdated = 0
  var sectionMoved = 0
  var elementDeleted = 0
  var elementInserted = 0
  var elementUpdated = 0
  var elementMoved = 0

  init() {}

  init<Data>(_ changeset: Changeset<Data>) {
    sectionDeleted = changeset.sectionDeleted.count
    sectionInserted = changeset.sectionInserted.count
    sectionUpdated = changeset.sectionUpdated.count
    sectionMoved = changeset.sectionMoved.count
    elementDeleted = changeset.elementDeleted.count
    elementInserted = changeset.elementInserted.count
    elementUpdated = changeset.elementUpdated.count
    elementMoved = changeset.elementMoved.count
  }

  init<Data>(_ changes: StagedChangeset<Data>) {
    for stage in changes {
      let counts = ChangeCounts(stage)
      sectionDeleted += counts.sectionDeleted
      sectionInserted += counts.sectionInserted
      sectionUpdated += counts.sectionUpdated
      sectionMoved += counts.sectionMoved
      elementDeleted += counts.elementDeleted
      elementInserted += counts.elementInserted
      elementUpdated += counts.elementUpdated
      elementMoved += counts.elementMoved
    }
  }

  var description: String {
    "sections -\(sectionDeleted) +\(sectionInserted) ~\(sectionUpdated) >\(sectionMoved), "
      + "elements -\(elementDeleted) +\(elementInserted) ~\(elementUpdated) >\(elementMoved)"
  }
}
