/// The position of an element in a sectioned collection: a Foundation-free `IndexPath`.
///
/// Its ``description`` is `section:item`, as the changes printed by the demo show it.
public struct ItemPath: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The element's index inside its section.
  public var item: Int
  /// The section's index.
  public var section: Int

  /// Creates a path.
  ///
  /// - Parameters:
  ///   - item: The element's index inside its section.
  ///   - section: The section's index.
  public init(item: Int, section: Int) {
    self.item = item
    self.section = section
  }

  /// `section:item`.
  public var description: String { "\(section):\(item)" }

  /// Orders by section, then by item.
  public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
    lhs.section != rhs.section ? lhs.section < rhs.section : lhs.item < rhs.item
  }

  /// The hash a `Set` or a `Dictionary` places the path by: the section and the item folded into one integer and
  /// mixed with the table's seed by a 64-bit finalizer, instead of a `Hasher` round (the views look paths up by
  /// the hundred a frame).
  public func _rawHashValue(seed: Int) -> Int {
    _IntegerHash.mixed(section &* 0x61C8_8646_80B5_83EB &+ item, seed: seed)
  }
}

/// A move from a position in the collection before a stage to a position in the collection after it.
public struct Move<Position: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
  /// The position before the stage.
  public var source: Position
  /// The position after the stage.
  public var target: Position

  /// Creates a move.
  ///
  /// - Parameters:
  ///   - source: The position before the stage.
  ///   - target: The position after the stage.
  public init(source: Position, target: Position) {
    self.source = source
    self.target = target
  }

  /// `source -> target`.
  public var description: String { "\(source) -> \(target)" }
}

extension Array where Element == ItemPath {
  /// Whether the paths ascend strictly (as a stage lists its rows).
  ///
  /// - Complexity: O(*n*) comparisons.
  package var _ascends: Bool { zip(self, dropFirst()).allSatisfy { $0 < $1 } }

  /// Whether these paths, ascending, hold `path`: a binary search.
  ///
  /// - Complexity: O(log *n*).
  package func _ascendingContains(_ path: ItemPath) -> Bool {
    let index = partitioningIndex { $0 >= path }
    return index < count && self[index] == path
  }
}
