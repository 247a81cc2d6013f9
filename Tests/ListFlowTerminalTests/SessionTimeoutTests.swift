import ListFlowTerminal
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A session's key reader with escape timeouts of every size, on a pseudo-terminal of its own in this process.
@Suite("A session's escape timeout: any length is kept, none traps", .serialized, .timeLimit(.minutes(1)))
struct SessionTimeoutTests {
  /// Opens a session on a new pseudo-terminal with `escapeTimeout`, types `j` and an `ESC` (the last byte of a
  /// read, so that its timer is set), then, once `j` came, `[A` and `q`; returns the keys read.
  static func keys(escapeTimeout: Duration) async throws -> [Key] {
    var master: Int32 = -1
    var slave: Int32 = -1
    var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
    try #require(openpty(&master, &slave, nil, nil, &size) == 0)
    let session = try TerminalSession(
      inputDescriptor: slave, outputDescriptor: slave, escapeTimeout: escapeTimeout,
      environment: TerminalEnvironment(["TERM": "xterm-256color", "LANG": "C.UTF-8"]))
    var keys = session.keys().makeAsyncIterator()
    func type(_ text: String) {
      let bytes = Array(text.utf8)
      _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }
    type("j\u{1B}")
    var read: [Key] = []
    if let key = await keys.next() { read.append(key) }
    // The ESC is read by now, or waits alone in the terminal: either way it ends a read.
    try await Task.sleep(for: .milliseconds(20))
    type("[Aq")
    while read.count < 3, let key = await keys.next() { read.append(key) }
    // The descriptors are closed once the reader has stopped (its stream ends): a source still watching a
    // closed descriptor would read from the next terminal given its number.
    session.restore()
    while await keys.next() != nil {}
    close(master)
    close(slave)
    return read
  }

  @Test(
    "an ESC waits its timeout, however long, and the keys after it come",
    arguments: [Duration.seconds(3_600), .seconds(86_400 * 365 * 300), .seconds(Int64.max)])
  func longTimeouts(escapeTimeout: Duration) async throws {
    // Before, a timeout of about 292 years or more trapped on an overflow when its timer was set.
    #expect(try await Self.keys(escapeTimeout: escapeTimeout) == [.character("j"), .up, .character("q")])
  }
}
