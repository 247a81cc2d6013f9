/// The changes between two collections, as ordered stages that a batch-updating view applies one after another.
///
/// Each stage is a ``Changeset`` that carries the data as it is once that stage is applied, so a view that checks
/// its counts after every batch (as UIKit does) never sees an inconsistent state. Empty stages are left out; the
/// last stage's data is the target. The stages always come in this order:
///
/// 1. **Updates.** ``Changeset/sectionUpdated`` and ``Changeset/elementUpdated`` at their source positions.
///    The data has the source's shape, with the target's section models and element contents.
///    Updates come alone because a view cannot reload an element and move it in one batch.
/// 2. **Deletes.** ``Changeset/sectionDeleted`` and ``Changeset/elementDeleted`` (elements of surviving sections
///    only: a deleted section takes its elements with it). The data is what survives, in source order.
/// 3. **Section inserts and moves.** ``Changeset/sectionInserted`` (a new section arrives with all its elements)
///    and ``Changeset/sectionMoved``. The data has the target's sections, in target order, each surviving
///    section still holding the elements it kept from the source.
/// 4. **Element inserts and moves.** ``Changeset/elementInserted`` and ``Changeset/elementMoved``, within and
///    across sections. The data is the target.
///
/// A flat diff (one implicit section, numbered 0) has stages 1, 2 and 4 only.
///
/// Moves are minimal: of the matched elements of a section that came from that same section, the longest run
/// that keeps its relative order stays put, and only the others are reported as moved (likewise for sections).
/// An element whose section is deleted, or that lands in an inserted section, is reported as a delete and an
/// insert, not as a move: no batch can move a row out of a section it deletes or into one it creates.
///
/// ```swift
/// let changes = StagedChangeset(source: ["a", "b", "c"], target: ["c", "a", "d"])
/// for stage in changes {
///   view.performBatchUpdates(stage)  // each stage leaves the view consistent with stage.data
/// }
/// ```
public struct StagedChangeset<Data: Collection> {
  internal var stages: [Changeset<Data>]

  /// Creates a staged changeset from stages, in the order they are to be applied.
  ///
  /// - Parameter stages: The stages.
  public init<S: Sequence>(_ stages: S) where S.Element == Changeset<Data> {
    self.stages = Array(stages)
  }

  /// The number of changes in all stages.
  public var changeCount: Int { stages.reduce(0) { $0 + $1.changeCount } }
}

extension StagedChangeset: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
  /// Creates an empty staged changeset: no changes at all.
  public init() { stages = [] }

  /// The position of the first stage.
  public var startIndex: Int { stages.startIndex }
  /// The position past the last stage.
  public var endIndex: Int { stages.endIndex }

  /// The stage at `position`.
  public subscript(position: Int) -> Changeset<Data> {
    get { stages[position] }
    set { stages[position] = newValue }
  }

  /// Replaces the stages in `subrange` with `newElements`.
  public mutating func replaceSubrange<C: Swift.Collection>(_ subrange: Range<Int>, with newElements: C)
  where C.Element == Changeset<Data> {
    stages.replaceSubrange(subrange, with: newElements)
  }
}

extension StagedChangeset: Equatable where Data: Equatable {}
extension StagedChangeset: Sendable where Data: Sendable {}

extension StagedChangeset: CustomStringConvertible {
  /// Every stage, numbered.
  public var description: String {
    stages.isEmpty
      ? "(no changes)"
      : stages.enumerated().map { "stage \($0.offset + 1):\n\($0.element)" }.joined(separator: "\n")
  }
}
