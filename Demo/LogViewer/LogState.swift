import ListFlowTerminal

/// The viewer's state: the newest lines of the log, at most ``capacity`` of them, and the lines the user pinned.
///
/// It is a plain value: the sections it declares are tested by comparing values, with no view at all. It keeps
/// its lines the way it shows them: the pinned ones, then each level's in chunks of at most ``chunkSize`` lines
/// (each oldest first), one section per chunk. A section has no header, so the chunks of a level read as one run
/// of lines; and a tick that appends a thousand lines and drops the thousand oldest makes new arrays only for the
/// chunks it touches (the first and last of each level), so the other chunks keep their very arrays and the
/// controller skips them: a tick costs its lines, not the log's length.
public struct LogState: Equatable, Sendable {
  /// The identity of a section: the pinned lines, or one chunk of a level's lines.
  public enum SectionID: Hashable, Sendable {
    /// The pinned lines.
    case pinned
    /// A chunk of the lines of a level, by its number (chunks are numbered as they are made, never reused).
    case chunk(LogLine.Level, Int)

    /// What the section's lines are: `Pinned`, or the level's name.
    public var name: String {
      switch self {
      case .pinned: "Pinned"
      case .chunk(let level, _): level.rawValue
      }
    }
  }

  /// A run of lines of one level, oldest first, and its number.
  private struct Chunk: Equatable, Sendable {
    var number: Int
    var lines: [LogLine]
  }

  /// The pinned lines, oldest first.
  private var pinnedLines: [LogLine] = []
  /// The other lines, level by level (in ``LogLine/Level/allCases`` order), in chunks, oldest first; no chunk is
  /// empty.
  private var levelChunks: [[Chunk]] = LogLine.Level.allCases.map { _ in [] }
  /// The number of the next chunk made.
  private var nextChunk = 0
  /// The identities of the pinned lines: they show in the Pinned section, above the levels.
  public private(set) var pinned: Set<Int> = []
  /// The most lines kept: the oldest go when more arrive.
  public var capacity: Int
  /// The most lines a chunk gets from ``append(_:)`` (a line unpinned goes back into its chunk, which may then
  /// hold more).
  public let chunkSize: Int

  /// An empty log that keeps `capacity` lines, in chunks of `chunkSize` (at least 1).
  public init(capacity: Int, chunkSize: Int = 4_096) {
    self.capacity = max(capacity, 0)
    self.chunkSize = max(chunkSize, 1)
  }

  /// The lines kept, oldest first, pinned ones included.
  ///
  /// - Complexity: O(*n* log *n*): for tests and tools, not for every state.
  public var lines: [LogLine] {
    (pinnedLines + levelChunks.joined().flatMap(\.lines)).sorted { $0.id < $1.id }
  }

  /// The number of lines kept.
  ///
  /// - Complexity: O(*c*) for *c* chunks.
  public var count: Int {
    levelChunks.reduce(pinnedLines.count) { total, chunks in chunks.reduce(total) { $0 + $1.lines.count } }
  }

  /// Appends new lines (each with an identity above every line kept) and drops the oldest beyond ``capacity``
  /// (a pinned line that is dropped is unpinned).
  ///
  /// A chunk that gains or loses lines gets a new array, made in one copy of the lines it keeps: its array
  /// before is usually still shown by the controller (shared), so changing it in place would copy it anyway.
  ///
  /// - Complexity: O(*k* + *c*) for *k* lines appended and dropped and *c* chunks, plus a copy of each chunk
  ///   that changed (at most ``chunkSize`` lines, two chunks a level).
  public mutating func append(_ new: some Collection<LogLine>) {
    // The lines added to each level, as their positions among the new lines: each line is copied once, into the
    // chunk that keeps it (a copy per level first made a first load copy every line twice).
    let newLines = Array(new)
    var added = levelChunks.map { _ in [Int]() }
    for (position, line) in newLines.enumerated() { added[Self.index(of: line.level)].append(position) }
    var excess = count + newLines.count - capacity
    // The oldest lines are the lowest identities: take them from the front of the levels (the chunks kept, then
    // the lines added) and of the pinned lines, lowest first. A level's place is a chunk and a line in it, or,
    // past its chunks, a line of those added.
    var place = levelChunks.map { _ in (chunk: 0, line: 0) }
    var droppedPinned = 0
    func next(of level: Int) -> LogLine? {
      let chunks = levelChunks[level]
      var (chunk, line) = place[level]
      while chunk < chunks.count, line >= chunks[chunk].lines.count {
        chunk += 1
        line = 0
      }
      place[level] = (chunk, line)
      if chunk < chunks.count { return chunks[chunk].lines[line] }
      return line < added[level].count ? newLines[added[level][line]] : nil
    }
    while excess > 0 {
      var oldest: (level: Int?, id: Int)?
      if droppedPinned < pinnedLines.count { oldest = (nil, pinnedLines[droppedPinned].id) }
      for level in levelChunks.indices {
        guard let candidate = next(of: level) else { continue }
        if oldest == nil || candidate.id < oldest!.id { oldest = (level, candidate.id) }
      }
      guard let oldest else { break }
      if let level = oldest.level {
        place[level].line += 1
      } else {
        pinned.remove(oldest.id)
        droppedPinned += 1
      }
      excess -= 1
    }
    if droppedPinned > 0 { pinnedLines.removeFirst(droppedPinned) }
    for level in levelChunks.indices {
      _ = next(of: level)  // past the chunks dropped whole
      var chunks = levelChunks[level]
      levelChunks[level] = []  // `chunks` is the only reference: no copy of the chunk list below
      var fresh = added[level][...]
      let (dropped, firstLine) = place[level]
      if dropped >= chunks.count {
        chunks.removeAll()
        fresh = fresh.dropFirst(firstLine)
      } else {
        chunks.removeFirst(dropped)
        if firstLine > 0 { chunks[0].lines = Self.joined(chunks[0].lines[firstLine...], [][...], of: newLines) }
      }
      if let last = chunks.last, last.lines.count < chunkSize, !fresh.isEmpty {
        let room = chunkSize - last.lines.count
        chunks[chunks.count - 1].lines = Self.joined(last.lines[...], fresh.prefix(room), of: newLines)
        fresh = fresh.dropFirst(room)
      }
      while !fresh.isEmpty {
        chunks.append(Chunk(number: nextChunk, lines: Self.joined([][...], fresh.prefix(chunkSize), of: newLines)))
        nextChunk += 1
        fresh = fresh.dropFirst(chunkSize)
      }
      levelChunks[level] = chunks
    }
  }

  /// Pins a line that is not pinned, unpins one that is; does nothing for a line the log does not keep.
  ///
  /// - Complexity: O(log *c*) for *c* chunks, plus a copy of the line's chunk and of the pinned lines.
  public mutating func togglePin(_ id: Int) {
    if pinned.contains(id) {
      guard let position = Self.position(of: id, in: pinnedLines) else { return }
      let line = pinnedLines.remove(at: position)
      pinned.remove(id)
      let level = Self.index(of: line.level)
      guard !levelChunks[level].isEmpty else {
        levelChunks[level] = [Chunk(number: nextChunk, lines: [line])]
        nextChunk += 1
        return
      }
      // Back into the chunk that holds the lines before it (the first chunk when it is older than all).
      let chunk = max(Self.chunk(before: id, in: levelChunks[level]), 0)
      let lines = levelChunks[level][chunk].lines
      levelChunks[level][chunk].lines.insert(line, at: Self.insertionPoint(of: id, in: lines))
      return
    }
    for level in levelChunks.indices {
      let chunk = Self.chunk(before: id + 1, in: levelChunks[level])
      guard chunk >= 0, let position = Self.position(of: id, in: levelChunks[level][chunk].lines) else { continue }
      let line = levelChunks[level][chunk].lines.remove(at: position)
      if levelChunks[level][chunk].lines.isEmpty { levelChunks[level].remove(at: chunk) }
      pinned.insert(id)
      pinnedLines.insert(line, at: Self.insertionPoint(of: id, in: pinnedLines))
      return
    }
  }

  /// The sections: Pinned (when a line is pinned), then the chunks of ERROR, WARN and INFO, each oldest first
  /// (identified by ``SectionID``).
  public var sections: [ListSection<LogLine>] {
    var sections: [ListSection<LogLine>] = []
    if !pinnedLines.isEmpty { sections.append(ListSection(id: SectionID.pinned, items: pinnedLines)) }
    for (level, chunks) in zip(LogLine.Level.allCases, levelChunks) {
      for chunk in chunks { sections.append(ListSection(id: SectionID.chunk(level, chunk.number), items: chunk.lines)) }
    }
    return sections
  }

  /// `first` then the lines of `lines` at `positions`, in a new array, each line copied by a loop over the
  /// buffers (`append(contentsOf:)` copies a line that holds a string through the runtime's generic copy, about
  /// twice the cost).
  private static func joined(
    _ first: ArraySlice<LogLine>, _ positions: ArraySlice<Int>, of lines: [LogLine]
  ) -> [LogLine] {
    [LogLine](unsafeUninitializedCapacity: first.count + positions.count) { buffer, count in
      first.withUnsafeBufferPointer { first in
        for line in first {
          (buffer.baseAddress! + count).initialize(to: line)
          count += 1
        }
      }
      lines.withUnsafeBufferPointer { lines in
        for position in positions {
          (buffer.baseAddress! + count).initialize(to: lines[position])
          count += 1
        }
      }
    }
  }

  private static func index(of level: LogLine.Level) -> Int {
    LogLine.Level.allCases.firstIndex(of: level) ?? 0
  }

  /// The last chunk whose first line's identity is below `id`, or -1 when there is none.
  private static func chunk(before id: Int, in chunks: [Chunk]) -> Int {
    var low = 0
    var high = chunks.count
    while low < high {
      let middle = (low + high) / 2
      if chunks[middle].lines[0].id < id { low = middle + 1 } else { high = middle }
    }
    return low - 1
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
