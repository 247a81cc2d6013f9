extension ComposedFeed {
  /// The child that owns a section of this composite, and the section's index inside that child.
  ///
  /// - Parameter section: A section of ``sections``.
  /// - Returns: The child's index and the local section, or `nil` when the section does not exist.
  /// - Complexity: O(log *n*) for *n* children.
  public func childSection(forSection section: Int) -> (child: Int, section: Int)? {
    offsets.childSection(forSection: section)
  }

  /// The section of this composite that a child's section is shown as.
  ///
  /// - Parameters:
  ///   - child: The child's index.
  ///   - section: A section among the child's displayed sections.
  /// - Returns: The composite's section, or `nil` when the child or its section does not exist or is hidden.
  /// - Complexity: O(1).
  public func section(forChild child: Int, section: Int) -> Int? {
    offsets.section(forChild: child, section: section)
  }

  /// The child that owns a row of this composite, and the row's path inside that child.
  ///
  /// Only sections shift: the item index is the same in the child.
  ///
  /// - Parameter path: A row of ``sections``.
  /// - Returns: The child's index and the local path, or `nil` when the row does not exist.
  /// - Complexity: O(log *n*) for *n* children.
  public func childPath(for path: ItemPath) -> (child: Int, path: ItemPath)? {
    guard let (child, section) = offsets.childSection(forSection: path.section),
      sections[path.section].elements.indices.contains(path.item)
    else { return nil }
    return (child, ItemPath(item: path.item, section: section))
  }

  /// The row of this composite that a child's row is shown as.
  ///
  /// - Parameters:
  ///   - child: The child's index.
  ///   - path: A row among the child's displayed sections.
  /// - Returns: The composite's path, or `nil` when the row does not exist or is hidden.
  /// - Complexity: O(1).
  public func path(forChild child: Int, path: ItemPath) -> ItemPath? {
    guard let section = offsets.section(forChild: child, section: path.section),
      sections[section].elements.indices.contains(path.item)
    else { return nil }
    return ItemPath(item: path.item, section: section)
  }

  /// The source that owns a row, through nested composites, and the row's path in it: where selection and edit
  /// events go.
  ///
  /// - Parameter path: A row of ``sections``.
  /// - Returns: The source and its local path, or `nil` when the row does not exist.
  /// - Complexity: O(*d* log *n*) for a nesting depth *d*.
  public func leaf(for path: ItemPath) -> (source: any ListFeed<Section>, path: ItemPath)? {
    guard sections.indices.contains(path.section), sections[path.section].elements.indices.contains(path.item),
      let (source, section) = feed(owningSection: path.section)
    else { return nil }
    return (source, ItemPath(item: path.item, section: section))
  }

  /// The row of this composite that a row of a source shows as, through nested composites.
  ///
  /// - Parameters:
  ///   - path: A row of `source`'s displayed sections.
  ///   - source: A source inside this composite, at any depth.
  /// - Returns: The composite's path, or `nil` when the source is not inside this composite, or it or one of the
  ///   composites between is hidden, or the row does not exist.
  /// - Complexity: O(*d*) for a nesting depth *d*.
  public func path(for path: ItemPath, in source: any ListFeed<Section>) -> ItemPath? {
    guard source.displayedSections.indices.contains(path.section),
      source.displayedSections[path.section].elements.indices.contains(path.item)
    else { return nil }
    var section = path.section
    var id = ObjectIdentifier(source)
    var parent = source.feedLink.parent
    while let composite = parent {
      guard let index = composite.indexOfChild(id),
        let shifted = composite.offsets.section(forChild: index, section: section)
      else { return nil }
      if composite === self { return ItemPath(item: path.item, section: shifted) }
      guard !composite.isHidden else { return nil }
      section = shifted
      id = ObjectIdentifier(composite)
      parent = composite.feedLink.parent
    }
    return nil
  }
}
