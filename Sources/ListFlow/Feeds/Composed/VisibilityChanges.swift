/// One stage that deletes every section (when hiding) or inserts every section (when showing).
///
/// - Parameters:
///   - sections: The sections of the source whose visibility changed.
///   - hidden: Whether the source is hidden now.
/// - Returns: The stage, or no stage when there are no sections.
func visibilityChanges<Section>(of sections: [Section], hidden: Bool) -> StagedChangeset<[Section]> {
  guard !sections.isEmpty else { return StagedChangeset() }
  let all = Array(sections.indices)
  return StagedChangeset([
    hidden ? Changeset(data: [], sectionDeleted: all) : Changeset(data: sections, sectionInserted: all)
  ])
}
