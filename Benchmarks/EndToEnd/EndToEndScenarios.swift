/// The end-to-end scenarios of BENCHMARKS.md: states from a `Store` through `ListController` to a view.
enum EndToEndScenarios {
  /// `apply10k` and `flood`, in the order of BENCHMARKS.md.
  static let all: [BenchmarkScenario] = [Apply10kScenario.scenario, FloodScenario.scenario]
}
