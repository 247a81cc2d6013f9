import ListFlowTerminal
import Testing

/// `swift run Demo --help` lists the keys from the terminal host's key map, so a new binding shows there too.
@Suite struct DemoHelpTests {
  @Test("--help prints every key binding of the standard key map and the mouse, and exits 0")
  func helpListsTheKeyMap() throws {
    let (status, output) = try DemoProcessTests.runDemo(["--help"])
    #expect(status == 0)
    let lines = output.split(separator: "\n").map { String($0.drop { $0 == " " }) }
    for line in KeyMap.standard.helpLines { #expect(lines.contains(line), "missing: \(line)") }
    #expect(output.contains("NO_COLOR") && output.contains("TERM=dumb"))
  }
}
