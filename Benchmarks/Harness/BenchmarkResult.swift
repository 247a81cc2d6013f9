/// The figures of one contender in one scenario: one line of the JSON output, one row of the table.
struct BenchmarkResult: Sendable {
  /// The scenario's name (`mix100k`).
  var scenario: String
  /// The contender's name (`listflow`, `stdlib`, `floor-hash`, `floor-copy`…).
  var contender: String
  /// The timed runs in milliseconds, in the order they ran; empty when the contender did not run (see ``note``).
  var timesMS: [Double]
  /// The number of changes the contender reported, when it reports any.
  var changes: Int?
  /// The memory the process gained during a run, in MB (measured in one more, untimed run), where measured.
  var peakMB: Double?
  /// Why the contender did not run, or what to know about its figures (`> cap`, `flattened`).
  var note: String?
  /// Scenario-specific keys, printed in the JSON line (sorted by key) and in the table's notes.
  var extra: [String: BenchmarkValue]

  /// Creates a result.
  init(
    scenario: String, contender: String, timesMS: [Double], changes: Int? = nil, peakMB: Double? = nil,
    note: String? = nil, extra: [String: BenchmarkValue] = [:]
  ) {
    self.scenario = scenario
    self.contender = contender
    self.timesMS = timesMS
    self.changes = changes
    self.peakMB = peakMB
    self.note = note
    self.extra = extra
  }

  /// A result for a contender that did not run, with the reason.
  static func skipped(scenario: String, contender: String, reason: String) -> BenchmarkResult {
    BenchmarkResult(scenario: scenario, contender: contender, timesMS: [], note: reason)
  }

  /// Whether the contender ran.
  var didRun: Bool { !timesMS.isEmpty }

  /// The median of the timed runs (the mean of the two middle ones for an even count).
  var medianMS: Double? {
    guard !timesMS.isEmpty else { return nil }
    let sorted = timesMS.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  /// The fastest timed run.
  var minMS: Double? { timesMS.min() }

  /// The slowest timed run.
  var maxMS: Double? { timesMS.max() }
}
