// swift-tools-version: 6.2
import PackageDescription

/// Settings every target shares: Swift 6 language mode (the package default), the upcoming features
/// CONTRIBUTING.md asks for, and warnings treated as errors (ignored by SwiftPM when ListFlow is a remote dependency).
let strict: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("MemberImportVisibility"),
  .treatAllWarnings(as: .error),
]

let package = Package(
  name: "ListFlow",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "ListFlowDiff", targets: ["ListFlowDiff"]),
    .library(name: "ListFlow", targets: ["ListFlow"]),
    .library(name: "ListFlowTerminal", targets: ["ListFlowTerminal"]),
    .library(name: "ListFlowTesting", targets: ["ListFlowTesting"]),
    .executable(name: "Demo", targets: ["Demo"]),
    .executable(name: "ListFlowBenchmarks", targets: ["ListFlowBenchmarks"]),
  ],
  targets: [
    .target(name: "ListFlowDiff", swiftSettings: strict),
    .target(name: "ListFlow", dependencies: ["ListFlowDiff"], swiftSettings: strict),
    .target(name: "ListFlowTerminal", dependencies: ["ListFlow"], swiftSettings: strict),
    .target(name: "ListFlowTesting", dependencies: ["ListFlow"], swiftSettings: strict),
    .executableTarget(
      name: "Demo",
      dependencies: ["ListFlow", "ListFlowTerminal", "LogViewer"],
      path: "Demo",
      exclude: ["LogViewer"],
      swiftSettings: strict
    ),
    // The live log viewer of the README's "A real app" section: the Demo runs it (`--logs`), the integration tests
    // check it, and the benchmarks' `logviewer` scenario times it. Not a product.
    .target(name: "LogViewer", dependencies: ["ListFlowTerminal"], path: "Demo/LogViewer", swiftSettings: strict),
    .executableTarget(
      name: "ListFlowBenchmarks",
      dependencies: ["ListFlowDiff", "ListFlow", "ListFlowTesting", "ListFlowTerminal", "LogViewer", "TestSupport"],
      path: "Benchmarks",
      exclude: ["README.md"],
      swiftSettings: strict
    ),
    // What every test target shares and nothing else needs: the seeded generator, weighted random choices and
    // the two depths of the suite (`LISTFLOW_DEEP=1`). It links no ListFlow module.
    .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: strict),
    .testTarget(name: "ListFlowDiffTests", dependencies: ["ListFlowDiff", "TestSupport"], swiftSettings: strict),
    .testTarget(
      name: "ListFlowTests",
      dependencies: ["ListFlow", "ListFlowTesting", "TestSupport"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ListFlowTerminalTests",
      dependencies: ["ListFlowTerminal", "ListFlowTesting", "TestSupport"],
      swiftSettings: strict
    ),
    // An interactive program the pseudo-terminal tests run; `swift build --build-tests` and `swift test` build it.
    .executableTarget(
      name: "TerminalFixture",
      dependencies: ["ListFlow", "ListFlowTerminal"],
      path: "Tests/TerminalFixture",
      swiftSettings: strict
    ),
    .testTarget(
      name: "IntegrationTests",
      dependencies: ["ListFlow", "ListFlowTesting", "ListFlowTerminal", "LogViewer", "TestSupport"],
      swiftSettings: strict
    ),
  ],
  swiftLanguageModes: [.v6]
)
