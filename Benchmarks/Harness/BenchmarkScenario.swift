/// A named benchmark: it builds its inputs, measures its contenders with the ``BenchmarkContext`` it is given,
/// and returns one ``BenchmarkResult`` per contender.
///
/// Register a scenario by adding it to ``allScenarios`` in `Registry.swift`:
///
/// ```swift
/// BenchmarkScenario(name: "mix100k", summary: "10% random changes in 100,000 items") { context in
///   let (source, target) = FlatInputs.mix(count: 100_000)
///   return [context.measure(scenario: "mix100k", contender: "floor-copy") { copy(source, target) }]
/// }
/// ```
///
/// The contender named `floor-hash`, when present, is the reference of the table's ratio column.
struct BenchmarkScenario: Sendable {
  /// The name `--scenario` selects (`mix100k`).
  var name: String
  /// One line for `--list` and `--help`.
  var summary: String
  /// Builds the inputs and measures every contender, on the main actor: the main thread allocates from glibc's
  /// main arena, the only one whose free memory `malloc_trim` returns, which the memory measurement relies on.
  var run: @MainActor @Sendable (BenchmarkContext) async throws -> [BenchmarkResult]

  /// Creates a scenario.
  init(
    name: String, summary: String,
    run: @escaping @MainActor @Sendable (BenchmarkContext) async throws -> [BenchmarkResult]
  ) {
    self.name = name
    self.summary = summary
    self.run = run
  }
}
