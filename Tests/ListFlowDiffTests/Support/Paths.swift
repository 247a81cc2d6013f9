import ListFlowDiff

/// `path(1, 2)` is section 1, item 2: written as `ItemPath` prints it, `section:item`.
func path(_ section: Int, _ item: Int) -> ItemPath { ItemPath(item: item, section: section) }

/// Flat paths: `flat(0, 2)` is items 0 and 2 of section 0.
func flat(_ items: Int...) -> [ItemPath] { items.map { ItemPath(item: $0, section: 0) } }

/// A flat move.
func flatMove(_ source: Int, _ target: Int) -> Move<ItemPath> {
  Move(source: ItemPath(item: source, section: 0), target: ItemPath(item: target, section: 0))
}

/// A move between paths.
func move(_ source: ItemPath, _ target: ItemPath) -> Move<ItemPath> { Move(source: source, target: target) }

/// Applies every stage with `Array.applying(_:)`, checking each gives that stage's data; returns the last data.
func replayed<Element: Differentiable & Equatable>(
  _ changes: StagedChangeset<[Element]>, from source: [Element]
) throws -> [Element] {
  var current = source
  for stage in changes {
    current = try current.applying(stage)
    guard current == stage.data else {
      throw ReplayError(description: "\(current) is not the stage's data \(stage.data)")
    }
  }
  return current
}

/// The sectioned form of ``replayed(_:from:)``.
func replayed<Model: Differentiable & Equatable, Element: Differentiable & Equatable>(
  _ changes: StagedChangeset<[ArraySection<Model, Element>]>, from source: [ArraySection<Model, Element>]
) throws -> [ArraySection<Model, Element>] {
  var current = source
  for stage in changes {
    current = try current.applying(stage)
    guard current == stage.data else {
      throw ReplayError(description: "\(current) is not the stage's data \(stage.data)")
    }
  }
  return current
}
