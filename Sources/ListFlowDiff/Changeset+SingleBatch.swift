/// A label that follows one element (or section) of the source through the stages of a diff.
internal struct _Label: Hashable, Differentiable {
  /// The source path, or `nil` for something inserted by a stage.
  var origin: ItemPath?

  init(_ origin: ItemPath?) { self.origin = origin }
}

extension Changeset where Data: RangeReplaceableCollection, Data.Element: Differentiable {
  /// Computes the changes that turn `source` into `target` as one batch, for a view that applies a whole batch at
  /// once rather than stage by stage.
  ///
  /// Deletes, updates and move sources are positions in `source`; inserts and move targets are positions in
  /// `target`; ``data`` is `target`. It holds the same deletes, inserts, updates and moves as the stages of
  /// ``StagedChangeset``'s `init(source:target:)`, with the positions carried through the stages.
  ///
  /// - Parameters:
  ///   - source: The collection before the change.
  ///   - target: The collection after the change.
  /// - Complexity: As ``StagedChangeset``'s `init(source:target:)`.
  public init(source: Data, target: Data) {
    self = Self._singleBatch(source: source, stages: StagedChangeset(source: source, target: target))
  }

  /// Merges the stages of a flat diff of `source` into one batch.
  internal static func _singleBatch(source: Data, stages: StagedChangeset<Data>) -> Self {
    var labels = (0..<source.count).map { _Label(ItemPath(item: $0, section: 0)) }
    var batch = Changeset(data: stages.last?.data ?? source)
    var moved: Set<ItemPath> = []
    for stage in stages {
      batch.elementUpdated += stage.elementUpdated.compactMap { labels[$0.item].origin }
      batch.elementDeleted += stage.elementDeleted.compactMap { labels[$0.item].origin }
      moved.formUnion(stage.elementMoved.compactMap { labels[$0.source.item].origin })
      let carried = Changeset<[_Label]>(
        data: Array(repeating: _Label(nil), count: stage.data.count),
        elementDeleted: stage.elementDeleted,
        elementInserted: stage.elementInserted,
        elementMoved: stage.elementMoved
      )
      // The stages come from the diff, so their positions are valid.
      labels = (try? labels.applying(carried)) ?? labels
    }
    for (position, label) in labels.enumerated() {
      let target = ItemPath(item: position, section: 0)
      guard let origin = label.origin else {
        batch.elementInserted.append(target)
        continue
      }
      if moved.contains(origin) { batch.elementMoved.append(Move(source: origin, target: target)) }
    }
    batch.elementUpdated.sort()
    batch.elementDeleted.sort()
    return batch
  }
}

extension Changeset where Data: RangeReplaceableCollection, Data.Element: DifferentiableSection {
  /// Computes the changes that turn the sections of `source` into those of `target` as one batch.
  ///
  /// Deletes, updates and move sources are positions in `source`; inserts and move targets are positions in
  /// `target`; ``data`` is `target`. As in the stages, an inserted section arrives with its elements and a deleted
  /// section takes its elements with it.
  ///
  /// - Parameters:
  ///   - source: The sections before the change.
  ///   - target: The sections after the change.
  /// - Complexity: As ``StagedChangeset``'s `init(source:target:)`.
  public init(source: Data, target: Data) {
    self = Self._singleBatch(source: source, stages: StagedChangeset(source: source, target: target))
  }

  /// Merges the stages of a sectioned diff of `source` into one batch.
  internal static func _singleBatch(source: Data, stages: StagedChangeset<Data>) -> Self {
    typealias LabelSection = ArraySection<_Label, _Label>
    var labels = source.enumerated().map { section, content in
      LabelSection(
        model: _Label(ItemPath(item: 0, section: section)),
        elements: (0..<content.elements.count).map { _Label(ItemPath(item: $0, section: section)) }
      )
    }
    var batch = Changeset(data: stages.last?.data ?? source)
    var movedSections: Set<Int> = []
    var movedElements: Set<ItemPath> = []
    for stage in stages {
      batch.sectionUpdated += stage.sectionUpdated.compactMap { labels[$0].model.origin?.section }
      batch.sectionDeleted += stage.sectionDeleted.compactMap { labels[$0].model.origin?.section }
      movedSections.formUnion(stage.sectionMoved.compactMap { labels[$0.source].model.origin?.section })
      func origin(_ path: ItemPath) -> ItemPath? { labels[path.section].elements[path.item].origin }
      batch.elementUpdated += stage.elementUpdated.compactMap(origin)
      batch.elementDeleted += stage.elementDeleted.compactMap(origin)
      movedElements.formUnion(stage.elementMoved.compactMap { origin($0.source) })
      let carried = Changeset<[LabelSection]>(
        data: stage.data.map {
          LabelSection(model: _Label(nil), elements: repeatElement(_Label(nil), count: $0.elements.count))
        },
        sectionDeleted: stage.sectionDeleted,
        sectionInserted: stage.sectionInserted,
        sectionMoved: stage.sectionMoved,
        elementDeleted: stage.elementDeleted,
        elementInserted: stage.elementInserted,
        elementMoved: stage.elementMoved
      )
      // The stages come from the diff, so their positions are valid.
      labels = (try? labels.applying(carried)) ?? labels
    }
    for (section, content) in labels.enumerated() {
      guard let sourceSection = content.model.origin?.section else {
        batch.sectionInserted.append(section)
        continue
      }
      if movedSections.contains(sourceSection) {
        batch.sectionMoved.append(Move(source: sourceSection, target: section))
      }
      for (item, label) in content.elements.enumerated() {
        let target = ItemPath(item: item, section: section)
        guard let origin = label.origin else {
          batch.elementInserted.append(target)
          continue
        }
        if movedElements.contains(origin) { batch.elementMoved.append(Move(source: origin, target: target)) }
      }
    }
    batch.sectionUpdated.sort()
    batch.sectionDeleted.sort()
    batch.elementUpdated.sort()
    batch.elementDeleted.sort()
    return batch
  }
}
