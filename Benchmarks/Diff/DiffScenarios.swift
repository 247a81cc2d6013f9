import ListFlowDiff

/// The flat and sectioned diff scenarios of Benchmarks/README.md, each with its contenders side by side.
enum DiffScenarios {
  /// Every diff scenario, in the order of Benchmarks/README.md.
  static let all: [BenchmarkScenario] = [
    flat("readme5k", "5,000 items: 1,000 deleted, 1,000 inserted, first 200 shuffled") {
      FlatInputs.readme(scale: 1, updates: false)
    },
    flat("readme100k", "100,000 items: 10,000 deleted, 10,000 inserted, first 2,000 shuffled") {
      FlatInputs.readme(scale: 20, updates: false)
    },
    flat("readme5k-upd", "readme5k, and every kept target index j % 10 == 7 updated") {
      FlatInputs.readme(scale: 1, updates: true)
    },
    flat("readme100k-upd", "readme100k, and every kept target index j % 10 == 7 updated") {
      FlatInputs.readme(scale: 20, updates: true)
    },
    flat("mix1k", "1,000 items, 2.5% each deleted, moved, updated, inserted") { FlatInputs.mix(count: 1_000) },
    flat("mix10k", "10,000 items, 2.5% each deleted, moved, updated, inserted") { FlatInputs.mix(count: 10_000) },
    flat("mix100k", "100,000 items, 2.5% each deleted, moved, updated, inserted") { FlatInputs.mix(count: 100_000) },
    flat("mix1m", "1,000,000 items, 2.5% each deleted, moved, updated, inserted") {
      FlatInputs.mix(count: 1_000_000)
    },
    sectioned("sec100x1k", "100 sections × 1,000 items; moves within and across sections, last section first") {
      SectionedInputs.sec100x1k()
    },
  ]

  /// A flat scenario: `listflow`, `stdlib`, `floor-hash`, `floor-copy` on the generated pair.
  static func flat(
    _ name: String, _ summary: String, inputs: @escaping @Sendable () -> FlatInputs.Pair
  )
    -> BenchmarkScenario
  {
    BenchmarkScenario(name: name, summary: summary) { context in
      let (source, target) = inputs()
      return [
        ListFlowContender.measure(source, target, scenario: name, context: context),
        StandardLibraryContender.measure(source, target, scenario: name, context: context),
        FloorContenders.hash(source, target, scenario: name, context: context),
        FloorContenders.copy(source, target, scenario: name, context: context),
      ]
    }
  }

  /// A sectioned scenario: `listflow` on the sections, `stdlib` on the flattened elements, and both floors.
  static func sectioned(
    _ name: String, _ summary: String, inputs: @escaping @Sendable () -> SectionedInputs.Pair
  ) -> BenchmarkScenario {
    BenchmarkScenario(name: name, summary: summary) { context in
      let (source, target) = inputs()
      return [
        ListFlowContender.measure(source, target, scenario: name, context: context),
        StandardLibraryContender.measure(
          source.flatMap(\.elements), target.flatMap(\.elements), scenario: name, context: context, flattened: true),
        FloorContenders.hash(source, target, scenario: name, context: context),
        FloorContenders.copy(source, target, scenario: name, context: context),
      ]
    }
  }
}
