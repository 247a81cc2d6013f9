extension Changeset {
  /// Follows an element through this changeset (see ``PathMapper``).
  ///
  /// - Parameter path: A path in the data before the changeset.
  /// - Returns: Where the element is once the changeset is applied, or where its place went when it was deleted.
  /// - Complexity: O(*c* log *c*) in the number of changes; map many paths with one ``PathMapper``.
  public func mappedPath(_ path: ItemPath) -> MappedPath { PathMapper(self).map(path) }

  /// Follows a section through this changeset.
  ///
  /// - Parameter section: A section index before the changeset.
  /// - Returns: Its index once the changeset is applied, or `nil` when it was deleted.
  /// - Complexity: O(*c* log *c*) in the number of changes; map many sections with one ``PathMapper``.
  public func mappedSection(_ section: Int) -> Int? { PathMapper(self).mapSection(section) }
}
