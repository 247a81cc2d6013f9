import ListFlowTerminal

/// The viewer's state: the newest lines of the log, at most ``capacity`` of them, and the lines the user pinned.
///
/// It is a plain value: the sections it declares are tested by comparing values, with no view at all.
public struct LogState: Equatable, Sendable {
  /// The lines kept, oldest first, pinned ones included.
  public private(set) var lines: [LogLine] = []
  /// The identities of the pinned lines: they show in the Pinned section, above the levels.
  public private(set) var pinned: Set<Int> = []
  /// The most lines kept: the oldest go when more arrive.
  public var capacity: Int

  /// An empty log that keeps `capacity` lines.
  public init(capacity: Int) {
    self.capacity = max(capacity, 0)
  }

  /// Appends new lines and drops the oldest beyond ``capacity`` (a pinned line that is dropped is unpinned).
  public mutating func append(_ new: some Collection<LogLine>) {
    lines.append(contentsOf: new)
    let excess = lines.count - capacity
    guard excess > 0 else { return }
    if !pinned.isEmpty {
      for line in lines[..<excess] { pinned.remove(line.id) }
    }
    lines.removeFirst(excess)
  }

  /// Pins a line that is not pinned, unpins one that is; does nothing for a line the log does not keep.
  public mutating func togglePin(_ id: Int) {
    if pinned.remove(id) == nil, lines.contains(where: { $0.id == id }) { pinned.insert(id) }
  }

  /// The sections: Pinned (when a line is pinned), then ERROR, WARN and INFO (each when it has lines), newest
  /// line last in each.
  public var sections: [ListSection<LogLine>] {
    var pinnedLines: [LogLine] = []
    var errors: [LogLine] = []
    var warnings: [LogLine] = []
    var infos: [LogLine] = []
    for line in lines {
      if !pinned.isEmpty, pinned.contains(line.id) {
        pinnedLines.append(line)
        continue
      }
      switch line.level {
      case .error: errors.append(line)
      case .warn: warnings.append(line)
      case .info: infos.append(line)
      }
    }
    var sections: [ListSection<LogLine>] = []
    if !pinnedLines.isEmpty { sections.append(ListSection(id: "Pinned", items: pinnedLines)) }
    for (level, lines) in [(LogLine.Level.error, errors), (.warn, warnings), (.info, infos)] where !lines.isEmpty {
      sections.append(ListSection(id: level.rawValue, items: lines))
    }
    return sections
  }
}
