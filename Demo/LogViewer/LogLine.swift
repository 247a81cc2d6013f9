import ListFlowTerminal

/// One line of a log: its sequence number (its identity), its level and its text.
public struct LogLine: Identifiable, Hashable, Sendable, ListItemDataModel, Titled {
  /// How severe a line is; each level is a section of the viewer.
  public enum Level: String, CaseIterable, Sendable {
    case error = "ERROR"
    case warn = "WARN"
    case info = "INFO"
  }

  /// The line's sequence number in the log: its identity.
  public var id: Int
  /// The line's text, after its level.
  public var text: String
  /// The line's level. (Last: a one-byte field between two of eight bytes would leave padding between them, and
  /// a row kept from one state to the next is first compared by its bytes, padding included.)
  public var level: Level

  /// Creates a line.
  public init(id: Int, level: Level, text: String) {
    self.id = id
    self.level = level
    self.text = text
  }

  /// `#17 ERROR disk full`: what the row shows, and what the filter matches.
  public var title: String? { "#\(id) \(level.rawValue) \(text)" }
}

extension LogLine: Differentiable {}

/// Maps a line onto a `TextCell`: the title comes from the line's `Titled` capability; the mapper adds nothing
/// else, so the mapper is the capability itself.
public enum LogMapper: Mapper {
  /// Nothing to add: the title is the line's capability.
  public static func map(data: LogLine, cell: TextCell) {}
}

extension ListItemStyle where Cell == TextCell {
  /// Errors stand out: red and bold.
  public static var logError: Self { .foreground(.red) + .bold }
  /// Warnings are yellow.
  public static var logWarning: Self { .foreground(.yellow) }
}

extension LogLine {
  /// The style of a line's level.
  public var style: ListItemStyle<TextCell> {
    switch level {
    case .error: .logError
    case .warn: .logWarning
    case .info: .plain
    }
  }
}
