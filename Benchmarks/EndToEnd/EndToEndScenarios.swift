/// The end-to-end scenarios of Benchmarks/README.md: states from a `Store` through `ListController` to a view.
enum EndToEndScenarios {
  /// `apply10k` and `flood`, in the order of Benchmarks/README.md.
  static let all: [BenchmarkScenario] = [Apply10kScenario.scenario, FloodScenario.scenario]
}
