/// Where an element's path ends up once a changeset is applied (see ``PathMapper``).
public enum MappedPath: Hashable, Sendable {
  /// The element is still there, at this path.
  case kept(ItemPath)
  /// The element (or its section) was deleted; this is the path of the place it left. In a section that stays,
  /// the new path of the first element after it in its section that stays (neither deleted nor moved by the
  /// changeset), or the section's new element count when none after it stays: so a cursor on a deleted element
  /// goes to the element that followed it, never past one. When the section itself was deleted, item 0 of the
  /// place the section left: the new index of the first section after it that stays, or the number of sections
  /// after the changeset when none after it stays; never the section's old index, which may now be another
  /// section. It may be out of range, as when the last element or the last sections are deleted; a view that
  /// keeps a cursor there clamps it.
  case removed(ItemPath)
}
