import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A program running in a real pseudo-terminal (`openpty` + `posix_spawn` in a new session, the terminal as its
/// controlling terminal), for tests that type keys, send signals and read what it drew.
///
/// The test keeps the terminal's slave side open too, so it can read the terminal's settings (`tcgetattr`)
/// before the program starts and after it ends. Every wait has a deadline and fails the test with the screen it
/// saw when the deadline passes.
final class PseudoTerminal {
  let master: Int32
  let slave: Int32
  let pid: pid_t
  private(set) var output: [UInt8] = []
  private(set) var screen: VirtualTerminal
  /// The settings of the terminal before the program started.
  let settingsBefore: termios
  private(set) var exitStatus: Int32?
  private(set) var isStopped = false

  /// Where the built executables are: next to the test bundle (`.build/<configuration>/`).
  static func executable(named name: String) throws -> String {
    let candidates = [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
      Bundle.main.bundleURL.deletingLastPathComponent(),
      Bundle.main.bundleURL,
    ].map { $0.appendingPathComponent(name).path }
    let found = candidates.first { path in
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
        && FileManager.default.isExecutableFile(atPath: path)
    }
    return try #require(found, "\(name) is not next to the test bundle: run `swift build --build-tests` first")
  }

  init(
    executable: String, arguments: [String] = [], columns: Int = 60, rows: Int = 20, locale: String = "C.UTF-8",
    term: String = "xterm-256color", environment extra: [String] = []
  ) throws {
    var master: Int32 = -1
    var slave: Int32 = -1
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    try #require(openpty(&master, &slave, nil, nil, &size) == 0, "openpty failed: errno \(errno)")
    _ = fcntl(master, F_SETFD, FD_CLOEXEC)
    _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
    self.master = master
    self.slave = slave
    var settings = termios()
    tcgetattr(slave, &settings)
    settingsBefore = settings
    screen = VirtualTerminal(columns: columns, rows: rows)
    // `ttyname_r`, not `ttyname`: tests open terminals on several threads at once, and `ttyname` returns one
    // static buffer that another thread may be rewriting (a path cut to `/dev/pts/` made `posix_spawn` fail
    // with EISDIR).
    var name = [CChar](repeating: 0, count: 256)
    let named = ttyname_r(slave, &name, name.count)
    try #require(named == 0, "ttyname_r failed: \(named)")
    let slavePath = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // Opened after `setsid`, without O_NOCTTY: the terminal becomes the program's controlling terminal.
    posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    posix_spawn_file_actions_adddup2(&actions, 0, 2)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, 0x80)  // POSIX_SPAWN_SETSID
    // A variable of `extra` replaces the one of the same name here (the C library reads the first one).
    let names = Set(extra.map { $0.prefix { $0 != "=" } })
    let environment =
      [
        "TERM=\(term)", "LANG=\(locale)", "SWIFT_BACKTRACE=enable=no",
        "PATH=\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")",
      ].filter { !names.contains($0.prefix { $0 != "=" }) } + extra
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    try #require(spawned == 0, "posix_spawn failed: \(spawned)")
    self.pid = pid
  }

  deinit {
    if exitStatus == nil {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
    close(master)
    close(slave)
  }

  /// The terminal's settings now.
  var settingsNow: termios {
    var settings = termios()
    tcgetattr(slave, &settings)
    return settings
  }

  /// Whether the settings now equal those before the program started (flags and control characters).
  var settingsAreRestored: Bool { Self.same(settingsNow, settingsBefore) }

  /// Whether the terminal is in raw mode (no echo, no line buffering).
  var isRaw: Bool { settingsNow.c_lflag & tcflag_t(ICANON | ECHO) == 0 }

  static func same(_ left: termios, _ right: termios) -> Bool {
    var left = left
    var right = right
    return left.c_iflag == right.c_iflag && left.c_oflag == right.c_oflag && left.c_cflag == right.c_cflag
      && left.c_lflag == right.c_lflag
      && withUnsafeBytes(of: &left.c_cc) { a in withUnsafeBytes(of: &right.c_cc) { b in a.elementsEqual(b) } }
  }

  /// Types bytes.
  func type(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
  }

  /// Sends a signal to the program.
  func send(_ signal: Int32) { kill(pid, signal) }

  /// Resizes the terminal (the kernel sends `SIGWINCH` to the program) and the model.
  func resize(columns: Int, rows: Int) {
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    screen.resize(columns: columns, rows: rows)
    kill(pid, SIGWINCH)
  }

  /// Reads what the program writes until `condition` holds, or fails after `seconds`.
  ///
  /// The default deadline is long (90 s) on purpose: a wait that succeeds returns as soon as the screen shows
  /// what it waits for, and on a machine slowed by the whole suite running at once (or by its neighbours) a
  /// fixture once took more than 20 s to draw its first screen, with no bug behind it.
  @discardableResult
  func wait(
    for description: String, seconds: Double = 90, sourceLocation: SourceLocation = #_sourceLocation,
    until condition: (PseudoTerminal) -> Bool
  ) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition(self) {
      guard Date() < deadline else {
        Issue.record(
          "timed out waiting for \(description); screen:\n\(screen.lines.joined(separator: "\n"))",
          sourceLocation: sourceLocation)
        return false
      }
      pump(milliseconds: 50)
    }
    return true
  }

  /// Waits until the screen shows a line containing `text`.
  @discardableResult
  func waitForScreen(
    containing text: String, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    wait(for: "a line with \"\(text)\"", sourceLocation: sourceLocation) { terminal in
      terminal.screen.lines.contains { $0.contains(text) }
    }
  }

  /// Waits for the program to end and returns its wait status (`WIFEXITED`/`WIFSIGNALED` style).
  func waitForExit(sourceLocation: SourceLocation = #_sourceLocation) -> Int32? {
    wait(for: "the program to end", sourceLocation: sourceLocation) { $0.exitStatus != nil }
    pump(milliseconds: 0)
    return exitStatus
  }

  /// Waits for the program to stop (Ctrl-Z).
  func waitForStop(sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    wait(for: "the program to stop", sourceLocation: sourceLocation) { $0.isStopped }
  }

  /// Continues a stopped program.
  func continueProgram() {
    isStopped = false
    kill(pid, SIGCONT)
  }

  /// Reads what is available (waiting up to `milliseconds` for something) and checks whether the program ended.
  private func pump(milliseconds: Int32) {
    var request = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    if poll(&request, 1, milliseconds) > 0 {
      var buffer = [UInt8](repeating: 0, count: 65_536)
      let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
      if count > 0 {
        output += buffer[0..<count]
        screen.feed(Array(buffer[0..<count]))
      }
    }
    guard exitStatus == nil else { return }
    var status: Int32 = 0
    let result = waitpid(pid, &status, WNOHANG | WUNTRACED)
    guard result == pid else { return }
    if status & 0xFF == 0x7F {
      isStopped = true
    } else {
      exitStatus = status
    }
  }

  /// The text written since the last time the program set the terminal up (`CSI ?1049h`), if it did.
  var outputText: String { String(decoding: output, as: UTF8.self) }
}

/// Decoding a wait status as the `W…` macros of C do.
enum WaitStatus {
  static func exitCode(_ status: Int32) -> Int32? { status & 0x7F == 0 ? (status >> 8) & 0xFF : nil }
  static func signal(_ status: Int32) -> Int32? {
    let signal = status & 0x7F
    return signal != 0 && signal != 0x7F ? signal : nil
  }
}
