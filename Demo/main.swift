import Foundation
import ListFlowTerminal

// `swift run Demo --help` lists the options.
let options: DemoOptions
do {
  options = try DemoOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
  // The message echoes what was typed: sanitised, so that an argument cannot send escape codes to the terminal.
  let message = TextSanitizer.singleLine.sanitize("\(error)")
  FileHandle.standardError.write(Data("Demo: \(message)\n\n\(DemoOptions.help)\n".utf8))
  exit(2)
}
if options.showsHelp {
  print(DemoOptions.help)
  exit(0)
}
if options.listsProcesses {
  // One line per process, fields separated by tabs; names are sanitised (a tab in a name becomes a space).
  var text = "uptime \(MachineInfo.read().uptimeSeconds)\n"
  for row in ProcessTable.snapshot().sorted(by: { $0.pid < $1.pid }) {
    text += "\(row.pid)\t\(TextSanitizer.singleLine.sanitize(row.name))\t\(row.residentBytes)\t\(row.cpuTicks)\n"
  }
  StandardOutput().write(text)
  exit(0)
}
exit(options.showsLogs ? await LogsRunner.run(options) : await DemoRunner.run(options))
