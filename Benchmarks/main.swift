import Foundation

// ListFlowBenchmarks: `swift run -c release ListFlowBenchmarks --help` says what it does.

let options: BenchmarkOptions
do {
  options = try BenchmarkOptions(Array(CommandLine.arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(Data("ListFlowBenchmarks: \(error)\n".utf8))
  exit(2)
}

if options.help {
  print(BenchmarkOptions.helpText(scenarios: allScenarios))
  exit(0)
}
if options.list {
  for scenario in allScenarios { print(scenario.name.padding(20) + scenario.summary) }
  exit(0)
}

let unknown = options.scenarios.filter { name in !allScenarios.contains { $0.name == name } }
if !unknown.isEmpty {
  let known = allScenarios.map(\.name).joined(separator: ", ")
  FileHandle.standardError.write(
    Data("ListFlowBenchmarks: unknown scenario \(unknown.joined(separator: ", ")); known: \(known)\n".utf8))
  exit(2)
}
let knownViews =
  [EndToEndViewKind.recording(historyLimit: 1), .viewport].map(\.contender)
  + LabelsScenario.Kind.allCases.map(\.rawValue) + LogViewerScenario.contenders
if let view = options.views.first(where: { !knownViews.contains($0) }) {
  FileHandle.standardError.write(
    Data("ListFlowBenchmarks: unknown view \(view); known: \(knownViews.joined(separator: ", "))\n".utf8))
  exit(2)
}
let selected =
  options.scenarios.isEmpty
  ? allScenarios : options.scenarios.compactMap { name in allScenarios.first { $0.name == name } }

let context = BenchmarkContext(
  runs: options.runs, stdlibLimit: options.stdlibLimit,
  stdlibSingleRunLimit: options.stdlibSingleRunLimit, measuresMemory: options.measuresMemory,
  stateCount: options.stateCount, views: options.views, logLines: options.logLines)

#if DEBUG
FileHandle.standardError.write(
  Data("warning: a debug build; measure with `swift run -c release ListFlowBenchmarks`\n".utf8))
#endif
if !options.json {
  let memory =
    options.measuresMemory && context.memory.isAvailable
    ? "peak MB = memory gained during a run" : "peak memory not measured"
  print(
    "ListFlowBenchmarks: \(options.runs) timed runs after a warm-up; \(memory); × floor = median / floor-hash median")
  print(BenchmarkReport.tableHeader)
}
var failed = false
for scenario in selected {
  FileHandle.standardError.write(Data("running \(scenario.name)…\n".utf8))
  do {
    let results = try await scenario.run(context)
    if options.json {
      for result in results { print(BenchmarkReport.jsonLine(result)) }
    } else {
      for line in BenchmarkReport.tableRows(results) { print(line) }
    }
  } catch {
    failed = true
    FileHandle.standardError.write(Data("ListFlowBenchmarks: \(scenario.name) failed: \(error)\n".utf8))
  }
  fflush(nil)  // every stream: a piped run shows each scenario as soon as it ends
}
exit(failed ? 1 : 0)
