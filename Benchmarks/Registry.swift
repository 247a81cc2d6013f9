/// Every scenario `ListFlowBenchmarks` knows, in the order it runs them.
///
/// To add scenarios, put them in a folder of their own (`EndToEnd/`) as a `static let all: [BenchmarkScenario]`
/// and append that list here.
let allScenarios: [BenchmarkScenario] =
  DiffScenarios.all + EndToEndScenarios.all + TerminalScenario.all + HostilePasteScenario.all
  + ScaleScenarios.all + LogViewerScenario.all + OutlineScenario.all + LabelsScenario.all + PagingScenario.all
