/// Where an element's path ends up once a changeset is applied (see ``PathMapper``).
public enum MappedPath: Hashable, Sendable {
  /// The element is still there, at this path.
  case kept(ItemPath)
  /// The element (or its section) was deleted; this is the path whose place it left: the element's index in its
  /// section's new position (item 0 when the section itself was deleted). It may be out of range, as when the
  /// last element is deleted; a view that keeps a cursor there clamps it.
  case removed(ItemPath)
}
