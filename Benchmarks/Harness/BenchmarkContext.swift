/// What a scenario needs to measure its contenders: the number of runs, the limits, and the measuring itself.
struct BenchmarkContext: Sendable {
  /// The number of timed runs after the warm-up (at least 5).
  var runs: Int
  /// The largest total element count (source plus target) for which the standard library's diff runs.
  var stdlibLimit: Int
  /// The largest total element count for which the standard library's diff runs once (above ``stdlibLimit``).
  var stdlibSingleRunLimit: Int
  /// Whether peak memory is measured.
  var measuresMemory: Bool
  /// The number of states the closed-loop end-to-end scenarios apply instead of their own (`--states`), if set.
  var stateCount: Int?
  /// The contenders the end-to-end scenarios run, by name (`--view`); empty means all.
  var views: [String] = []
  /// The sizes of the `logviewer` and `labels` scenarios (`--lines`); empty means their own.
  var logLines: [Int] = []
  /// The probe that measures peak memory.
  var memory = MemoryProbe()

  /// Runs `body` once to warm up, then ``runs`` times timed with `ContinuousClock`, then (when memory is
  /// measured) once more untimed to measure the memory a run gains.
  ///
  /// The result of each run goes into ``blackHole(_:)`` after the clock stops, so it is computed but its
  /// deallocation is not timed. Memory is measured in a run of its own because measuring it trims the heap, and
  /// a timed run would then pay for page faults that a warm process does not have.
  ///
  /// - Parameters:
  ///   - scenario: The scenario's name.
  ///   - contender: The contender's name.
  ///   - changes: The number of changes a result reports (`nil` for floors).
  ///   - body: The work to time.
  /// - Returns: The timed figures.
  func measure<Output>(
    scenario: String, contender: String, changes: (Output) -> Int? = { _ in nil }, _ body: () throws -> Output
  ) rethrows -> BenchmarkResult {
    let clock = ContinuousClock()
    let warmUp = try body()
    let changeCount = changes(warmUp)
    blackHole(warmUp)
    var times: [Double] = []
    for _ in 0..<runs {
      let start = clock.now
      let output = try body()
      let elapsed = start.duration(to: clock.now)
      blackHole(output)
      times.append(Self.milliseconds(elapsed))
    }
    var peak: Int?
    if measuresMemory, let before = memory.start() {
      let output = try body()
      peak = memory.gainedBytes(since: before)
      blackHole(output)
    }
    return BenchmarkResult(
      scenario: scenario, contender: contender, timesMS: times, changes: changeCount,
      peakMB: peak.map { Double($0) / 1_048_576 })
  }

  /// The asynchronous form of ``measure(scenario:contender:changes:_:)``, for end-to-end scenarios; it runs on
  /// the caller's actor.
  ///
  /// - Parameters:
  ///   - isolation: The caller's actor.
  ///   - scenario: The scenario's name.
  ///   - contender: The contender's name.
  ///   - body: The work to time; it returns the number of changes it reported, if any.
  /// - Returns: The timed figures.
  func measure(
    isolation: isolated (any Actor)? = #isolation, scenario: String, contender: String,
    _ body: () async throws -> Int?
  ) async rethrows -> BenchmarkResult {
    let clock = ContinuousClock()
    let changeCount = try await body()
    var times: [Double] = []
    for _ in 0..<runs {
      let start = clock.now
      let output = try await body()
      let elapsed = start.duration(to: clock.now)
      blackHole(output)
      times.append(Self.milliseconds(elapsed))
    }
    var peak: Int?
    if measuresMemory, let before = memory.start() {
      let output = try await body()
      peak = memory.gainedBytes(since: before)
      blackHole(output)
    }
    return BenchmarkResult(
      scenario: scenario, contender: contender, timesMS: times, changes: changeCount,
      peakMB: peak.map { Double($0) / 1_048_576 })
  }

  /// A duration in milliseconds.
  static func milliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
  }
}
