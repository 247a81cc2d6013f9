// A small interactive program for the pseudo-terminal tests: a list of rows in a `TerminalSession`.
//
// `TerminalFixture [rows]` shows a section "Fixture" with rows `row 0`, `row 1`… (40 by default), with mouse
// reporting on. The keys of `TerminalListView` move and select (the status bar names the selected row), the mouse
// wheel scrolls and a click moves the cursor, `d` deletes the selected row, `q` quits with status 0, `t` traps (an
// index out of range), `a` calls `abort()`, `s` opens a second session while the first is open and ends it
// again (the status bar says `nested`), and `r` opens a second session, restores it and asks it for keys and
// resizes (the status bar says `late keys ended` when its keys end, `stolen …` for a key it read, `late resize` for
// a resize it was told of). `o` is the fixture's own command (a `TerminalCommand` in the key map): it
// names the row under the cursor on the status bar (`opened row 3 #3`). `z` raises `SIGTSTP` and ends the session at
// once, then prints `session ended`, reads a line and quits with status 0. `TerminalFixture --help` prints the key
// map's help lines and exits. `TerminalFixture --select` runs the multi-select, filtered list of
// `SelectionFixture.swift` instead. `TerminalFixture --ignore-signals` starts with `SIGINT`, `SIGHUP`, `SIGQUIT`
// and `SIGTSTP` ignored, as a background job of a shell with no job control does.
import ListFlow
import ListFlowTerminal

#if canImport(Glibc)
import Glibc
#endif

@MainActor
final class FixtureRows: ListDataSource {
  var rows: [String]
  weak var view: TerminalListView?

  init(count: Int) {
    rows = (0..<count).map { "row \($0)" }
  }

  var numberOfSections: Int { 1 }
  func numberOfRows(inSection section: Int) -> Int { section == 0 ? rows.count : 0 }

  func cell(at path: ItemPath, for view: any ListView) throws(ListFlowError) -> any ListCell {
    guard path.section == 0, rows.indices.contains(path.item) else {
      throw .rowOutOfRange(path: path, rowCount: rows.count)
    }
    let cell = TextCell()
    cell.title = rows[path.item]
    return cell
  }

  func header(inSection section: Int, for view: any ListView) throws(ListFlowError) -> (any ListCell)? {
    let cell = TextCell()
    cell.title = "Fixture"
    return cell
  }

  func footer(inSection section: Int, for view: any ListView) throws(ListFlowError) -> (any ListCell)? { nil }

  func height(of element: ListElement) -> RowHeight? {
    if case .footer = element { return nil }
    return .exact(1)
  }

  func selectRow(at path: ItemPath) throws(ListFlowError) {
    view?.status = "selected \(rows[path.item])"
  }

  func editActions(forRowAt path: ItemPath) throws(ListFlowError) -> [SyncDelegate.EditAction] { [.delete] }

  func identity(ofRowAt path: ItemPath) -> ListIdentifier? {
    rows.indices.contains(path.item) ? ListIdentifier(rows[path.item].dropFirst(4)) : nil
  }

  func commitEdit(_ action: SyncDelegate.EditAction, forRowAt path: ItemPath) throws(ListFlowError) {
    guard rows.indices.contains(path.item) else { return }
    let removed = rows.remove(at: path.item)
    view?.reloadData()
    view?.status = "deleted \(removed)"
  }
}

/// The fixture's own command: `o` names the row under the cursor, and its identity, on the status bar.
let openCommand = TerminalCommand(
  "open", keys: [.character("o")], shortHelp: "open", help: "open the row under the cursor"
) { context in
  guard let rows = context.view.dataSource as? FixtureRows, let row = context.row else { return }
  context.view.status = "opened \(rows.rows[row.item]) #\(context.rowIdentity.map { "\($0)" } ?? "?")"
}

/// The standard key map and the fixture's own command.
let fixtureKeyMap: KeyMap = {
  var keys = KeyMap.standard
  keys.add(openCommand)
  return keys
}()

@MainActor
func run() async -> Int32 {
  let count = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 40
  let session: TerminalSession
  do {
    session = try TerminalSession(reportsMouse: true)
  } catch {
    print("TerminalFixture: \(error)")
    return 1
  }
  defer { session.restore() }
  let size = session.size ?? TerminalSize(columns: 80, rows: 24)
  let view = TerminalListView(output: StandardOutput(), mode: .screen(size), title: "Fixture list")
  view.keyMap = fixtureKeyMap
  let rows = FixtureRows(count: count)
  rows.view = view
  view.dataSource = rows
  view.reloadData()
  session.onResize { size in Task { @MainActor in view.resize(to: size) } }
  var restoredSessions: [TerminalSession] = []
  defer { _ = restoredSessions }  // the sessions `r` restored live until the program ends
  for await key in session.keys() {
    switch key {
    case .character("t"):
      let empty: [Int] = []
      view.status = "trap \(empty[count])"
    case .character("a"):
      abort()
    case .character("r"):
      // A second session, restored at once, then asked for keys and resizes: it gets neither (kept alive, so that
      // only its restore can end them).
      guard let late = try? TerminalSession() else { break }
      late.restore()
      restoredSessions.append(late)
      late.onResize { _ in Task { @MainActor in view.status = "late resize" } }
      let lateKeys = late.keys()
      Task { @MainActor in
        for await key in lateKeys { view.status = "stolen \(key)" }
        view.status = "late keys ended"
      }
    case .character("z"):
      // A `SIGTSTP` taken while the session holds the terminal, relayed as it ends (the relay serves it on its
      // own queue, before or after the end); then a line read in the terminal given back, and the end.
      var tstp = sigset_t()
      sigemptyset(&tstp)
      sigaddset(&tstp, SIGTSTP)
      pthread_sigmask(SIG_BLOCK, &tstp, nil)
      kill(getpid(), SIGTSTP)
      // Blocked here, it is pending until another thread has taken it (the relay's handler has run).
      var pending = sigset_t()
      repeat {
        usleep(100)
        sigpending(&pending)
      } while sigismember(&pending, SIGTSTP) == 1
      session.restore()
      print("session ended")
      _ = readLine()
      return 0
    case .character("s"):
      let nested = try? TerminalSession()
      nested?.restore()
      view.status = nested == nil ? "nested failed" : "nested"
    default:
      if view.handle(key) == .quit { return 0 }
    }
  }
  return 0
}

if CommandLine.arguments.contains("--help") {
  print(fixtureKeyMap.helpLines.joined(separator: "\n"))
  exit(0)
}
if CommandLine.arguments.contains("--select") { exit(await runSelection()) }
if CommandLine.arguments.contains("--ignore-signals") {
  // As a job a shell with no job control starts in the background, under `nohup`: these stay ignored.
  for signalNumber in [SIGINT, SIGHUP, SIGQUIT, SIGTSTP] { _ = signal(signalNumber, SIG_IGN) }
}
exit(await run())
