import Foundation
import ListFlowTerminal

// `swift run Demo --help` lists the options.
let options: DemoOptions
do {
  options = try DemoOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(Data("Demo: \(error)\n\n\(DemoOptions.help)\n".utf8))
  exit(2)
}
if options.showsHelp {
  print(DemoOptions.help)
  exit(0)
}
exit(await DemoRunner.run(options))
