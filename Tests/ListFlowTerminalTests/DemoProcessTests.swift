import Foundation
import Testing

/// Runs the built `Demo` executable with its output piped (not a terminal), as `swift run Demo | head` does.
///
/// The binary is looked up next to the test bundle (`.build/<configuration>/Demo`): `swift build --build-tests`
/// and `swift test` build every product of the package, the Demo included. When it is missing the test fails and
/// says how to build it; it is never skipped.
@Suite struct DemoProcessTests {
  static var demoURL: URL? {
    let candidates = [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
      Bundle.main.bundleURL.deletingLastPathComponent(),
      Bundle.main.bundleURL,
    ].map { $0.appendingPathComponent("Demo") }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  static func runDemo(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let url = try #require(demoURL, "the Demo binary is not next to the test bundle: run `swift build` first")
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  @Test("piped, the Demo prints change lines for a bounded number of ticks and exits 0 by itself")
  func pipedDemoPrintsChangeLines() throws {
    let (status, output) = try Self.runDemo(["--ticks", "3", "--interval", "20"])
    #expect(status == 0)
    #expect(!output.contains("\u{1B}"), "no escape code when stdout is not a terminal")
    let lines = output.split(separator: "\n").map(String.init)
    #expect(lines.first == "tick 1")
    #expect(lines.filter { $0.hasPrefix("tick ") } == ["tick 1", "tick 2", "tick 3"])
    #expect(lines.contains { $0.hasPrefix("reload 3 sections ") })
    #expect(lines.contains { $0.hasPrefix("header 1 Processes by CPU now") })
    #expect(lines.contains { $0.hasPrefix("row 0:0 host") })
    let kinds = ["tick ", "reload ", "header ", "row ", "insert ", "delete ", "update ", "move "]
    let others = lines.filter { line in !kinds.contains { line.hasPrefix($0) } }
    #expect(others.isEmpty, "lines that are not change lines: \(others)")
  }

  @Test(
    "piped into a reader that stops early (`| head -1`), the Demo ends quietly with status 0", .timeLimit(.minutes(60)))
  func readerClosesEarly() throws {
    let url = try #require(Self.demoURL, "the Demo binary is not next to the test bundle: run `swift build` first")
    let process = Process()
    process.executableURL = url
    process.arguments = ["--ticks", "20", "--interval", "5"]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let first = output.fileHandleForReading.readData(ofLength: 7)
    #expect(String(decoding: first, as: UTF8.self) == "tick 1\n")
    try output.fileHandleForReading.close()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 0)
    #expect(message.isEmpty, "\(String(decoding: message, as: UTF8.self))")
  }

  @Test("an unknown option is echoed sanitised on standard error")
  func unknownOptionSanitised() throws {
    let url = try #require(Self.demoURL, "the Demo binary is not next to the test bundle: run `swift build` first")
    let process = Process()
    process.executableURL = url
    process.arguments = ["--\u{1B}]0;pwned\u{07}\u{9B}2J"]
    let errors = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    try process.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 2)
    #expect(message.hasPrefix("Demo: unknown option '--␛]0;pwned␇<U+009B>2J'"))
    #expect(!message.contains("\u{1B}") && !message.contains("\u{9B}") && !message.contains("\u{07}"))
  }

  @Test("--help lists the options and bad options fail with status 2")
  func helpAndBadOptions() throws {
    let help = try Self.runDemo(["--help"])
    #expect(help.status == 0)
    for option in ["--ticks N", "--interval MS", "--plain"] { #expect(help.output.contains(option)) }
    #expect(try Self.runDemo(["--ticks", "zero"]).status == 2)
  }
}
