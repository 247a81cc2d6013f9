/// A log that writes itself: deterministic lines, one in twenty an error and three in twenty a warning, so that
/// the viewer, its tests and its benchmark see the same log for the same seed.
public struct LogSource: Sendable {
  private var state: UInt64
  /// The sequence number of the next line.
  public private(set) var nextID = 0

  /// A log seeded with `seed`.
  public init(seed: UInt64 = 42) { state = seed }

  /// The next `count` lines.
  public mutating func next(_ count: Int) -> [LogLine] {
    (0..<max(count, 0)).map { _ in nextLine() }
  }

  private mutating func nextLine() -> LogLine {
    let random = nextRandom()
    let roll = random % 20
    let level: LogLine.Level = roll == 0 ? .error : roll < 4 ? .warn : .info
    let path = Self.paths[Int((random >> 8) % UInt64(Self.paths.count))]
    let status = level == .error ? 500 : level == .warn ? 429 : 200
    let text = "GET \(path)/\((random >> 16) % 10_000) \(status) \((random >> 32) % 900 + 1)ms"
    defer { nextID += 1 }
    return LogLine(id: nextID, level: level, text: text)
  }

  /// SplitMix64: a small, fast, well-mixed generator.
  private mutating func nextRandom() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  private static let paths = ["/api/items", "/api/users", "/static/app.js", "/health", "/api/orders"]
}
