import ListFlowTerminal

/// The viewer's state: the newest lines of the log, at most ``capacity`` of them, and the lines the user pinned.
///
/// It is a plain value: the sections it declares are tested by comparing values, with no view at all. It keeps
/// its lines the way it shows them, section by section (each oldest first), so declaring its sections copies no
/// line, and a section that a change does not touch keeps its very array (the controller then skips it).
public struct LogState: Equatable, Sendable {
  /// The pinned lines, oldest first.
  private var pinnedLines: [LogLine] = []
  /// The other lines, level by level (in ``LogLine/Level/allCases`` order), oldest first.
  private var levelLines: [[LogLine]] = LogLine.Level.allCases.map { _ in [] }
  /// The identities of the pinned lines: they show in the Pinned section, above the levels.
  public private(set) var pinned: Set<Int> = []
  /// The most lines kept: the oldest go when more arrive.
  public var capacity: Int

  /// An empty log that keeps `capacity` lines.
  public init(capacity: Int) {
    self.capacity = max(capacity, 0)
  }

  /// The lines kept, oldest first, pinned ones included.
  ///
  /// - Complexity: O(*n* log *n*): for tests and tools, not for every state.
  public var lines: [LogLine] {
    (pinnedLines + levelLines.joined()).sorted { $0.id < $1.id }
  }

  /// The number of lines kept.
  public var count: Int { levelLines.reduce(pinnedLines.count) { $0 + $1.count } }

  /// Appends new lines (each with an identity above every line kept) and drops the oldest beyond ``capacity``
  /// (a pinned line that is dropped is unpinned).
  ///
  /// A level that gains or loses lines gets a new array, made in one copy of the lines it keeps: its array before
  /// is usually still shown by the controller (shared), so changing it in place would copy it anyway, to twice
  /// its size, and then move every line to drop the oldest.
  ///
  /// - Complexity: O(*k*) for *k* lines appended and dropped, plus a copy of each level that changed.
  public mutating func append(_ new: some Collection<LogLine>) {
    var added = levelLines.map { _ in [LogLine]() }
    for line in new { added[Self.index(of: line.level)].append(line) }
    var excess = count + new.count - capacity
    // The oldest lines are the lowest identities: take them from the front of the sections (the lines kept, then
    // those added), lowest first.
    var dropped = [Int](repeating: 0, count: levelLines.count)
    var droppedPinned = 0
    func line(_ position: Int, of section: Int) -> LogLine? {
      let kept = levelLines[section]
      if position < kept.count { return kept[position] }
      let fresh = added[section]
      return position - kept.count < fresh.count ? fresh[position - kept.count] : nil
    }
    while excess > 0 {
      var oldest: (section: Int?, id: Int)?
      if droppedPinned < pinnedLines.count { oldest = (nil, pinnedLines[droppedPinned].id) }
      for section in levelLines.indices {
        guard let candidate = line(dropped[section], of: section) else { continue }
        if oldest == nil || candidate.id < oldest!.id { oldest = (section, candidate.id) }
      }
      guard let oldest else { break }
      if let section = oldest.section {
        dropped[section] += 1
      } else {
        pinned.remove(oldest.id)
        droppedPinned += 1
      }
      excess -= 1
    }
    if droppedPinned > 0 { pinnedLines.removeFirst(droppedPinned) }
    for section in levelLines.indices where dropped[section] > 0 || !added[section].isEmpty {
      let kept = levelLines[section]
      let fresh = added[section]
      let keptStart = min(dropped[section], kept.count)
      let freshStart = dropped[section] - keptStart
      levelLines[section] = Self.joined(kept[keptStart...], fresh[freshStart...])
    }
  }

  /// Pins a line that is not pinned, unpins one that is; does nothing for a line the log does not keep.
  ///
  /// - Complexity: O(*n*) in the lines of the line's section (a binary search, then an insertion).
  public mutating func togglePin(_ id: Int) {
    if pinned.contains(id) {
      guard let position = Self.position(of: id, in: pinnedLines) else { return }
      let line = pinnedLines.remove(at: position)
      pinned.remove(id)
      let section = Self.index(of: line.level)
      levelLines[section].insert(line, at: Self.insertionPoint(of: id, in: levelLines[section]))
      return
    }
    for section in levelLines.indices {
      guard let position = Self.position(of: id, in: levelLines[section]) else { continue }
      let line = levelLines[section].remove(at: position)
      pinned.insert(id)
      pinnedLines.insert(line, at: Self.insertionPoint(of: id, in: pinnedLines))
      return
    }
  }

  /// The sections: Pinned (when a line is pinned), then ERROR, WARN and INFO (each when it has lines), newest
  /// line last in each.
  public var sections: [ListSection<LogLine>] {
    var sections: [ListSection<LogLine>] = []
    if !pinnedLines.isEmpty { sections.append(ListSection(id: "Pinned", items: pinnedLines)) }
    for (level, lines) in zip(LogLine.Level.allCases, levelLines) where !lines.isEmpty {
      sections.append(ListSection(id: level.rawValue, items: lines))
    }
    return sections
  }

  /// `first` then `second`, in a new array, each line copied by a loop over the buffers (`append(contentsOf:)`
  /// copies a line that holds a string through the runtime's generic copy, about twice the cost).
  private static func joined(_ first: ArraySlice<LogLine>, _ second: ArraySlice<LogLine>) -> [LogLine] {
    [LogLine](unsafeUninitializedCapacity: first.count + second.count) { buffer, count in
      for part in [first, second] {
        part.withUnsafeBufferPointer { lines in
          for line in lines {
            (buffer.baseAddress! + count).initialize(to: line)
            count += 1
          }
        }
      }
    }
  }

  private static func index(of level: LogLine.Level) -> Int {
    LogLine.Level.allCases.firstIndex(of: level) ?? 0
  }

  /// The first position in `lines` (ascending identities) whose identity is not below `id`.
  private static func insertionPoint(of id: Int, in lines: [LogLine]) -> Int {
    var low = 0
    var high = lines.count
    while low < high {
      let middle = (low + high) / 2
      if lines[middle].id < id { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The position of the line `id` in `lines` (ascending identities), if it is there.
  private static func position(of id: Int, in lines: [LogLine]) -> Int? {
    let position = insertionPoint(of: id, in: lines)
    return position < lines.count && lines[position].id == id ? position : nil
  }
}
