import ListFlowTerminal
import Testing

/// `swift run Demo --help` lists the keys from the Demo's key map (its own commands and the built-in ones), so a
/// new command shows there too.
@Suite struct DemoHelpTests {
  @Test("--help prints the Demo's own commands and the standard ones it keeps, and the mouse, and exits 0")
  func helpListsTheKeyMap() throws {
    let (status, output) = try DemoProcessTests.runDemo(["--help"])
    #expect(status == 0)
    let lines = output.split(separator: "\n").map { String($0.drop { $0 == " " }) }
    var expected = KeyMap.standard
    expected.remove(.delete)  // the Demo hides processes instead
    for line in expected.helpLines { #expect(lines.contains(line), "missing: \(line)") }
    let own = lines.drop { !$0.hasPrefix("Keys") }
    for (keys, help) in [("enter", "pin or unpin the process"), ("d", "hide the process"), ("t", "show or hide")] {
      #expect(own.contains { $0.hasPrefix(keys + " ") && $0.contains(help) }, "missing: \(keys) \(help)")
    }
    #expect(!lines.contains { $0.contains("delete the row") })
    #expect(output.contains("NO_COLOR") && output.contains("TERM=dumb"))
  }
}
