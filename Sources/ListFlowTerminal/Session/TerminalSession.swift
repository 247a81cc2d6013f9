import Dispatch
import ListFlow
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Takes over an interactive terminal (raw input, alternate screen, hidden cursor) and gives it back intact.
///
/// Creating a session saves the terminal's settings, turns off echo, line buffering and signal keys (so Ctrl-C
/// arrives as ``Key/interrupt`` and the program can quit in order), and switches to the alternate screen with the
/// cursor hidden and line wrap off (and, when asked, turns mouse reporting on). ``restore()`` undoes all of it and
/// is idempotent. The terminal is given back:
///
/// - when the program calls ``restore()`` (do it in a `defer`, so that a thrown error restores it too);
/// - when the process exits through `exit` (an `atexit` handler);
/// - on `SIGINT`, `SIGTERM`, `SIGHUP` and `SIGQUIT` sent from outside: the session restores the terminal, then
///   exits with status 128 + the signal's number, as a shell reports a process ended by that signal;
/// - when the program crashes, or a crash signal is sent from outside: a Swift trap, `SIGSEGV`, `SIGBUS`,
///   `SIGABRT` or `SIGFPE` restore the terminal from an async-signal-safe handler, then the signal goes on to its
///   previous handler (Swift's backtracer, say), and the program ends by the signal;
/// - on Ctrl-Z (or `SIGTSTP`): the terminal is given back and the process stops; when it is continued (`fg`), raw
///   mode and the alternate screen come back and the resize handlers are called, so a ``TerminalListView``
///   repaints in full.
///
/// Once the terminal is being given back, nothing more is drawn: ``StandardOutput`` drops writes to it (see
/// <doc:ShowingAListInATerminal>, "Terminal safety"). Sessions are reference-counted: a second session open at
/// the same time shares the terminal, and the settings found by the first are the ones put back when the last
/// one ends.
///
/// `SIGWINCH` is turned into ``onResize(_:)`` calls with the new size.
///
/// ```swift
/// let session = try TerminalSession()
/// defer { session.restore() }
/// for await key in session.keys() { … }
/// ```
public final class TerminalSession: Sendable {
  /// The descriptor keys are read from.
  public let inputDescriptor: Int32
  /// The descriptor the screen is drawn on.
  public let outputDescriptor: Int32
  private let identifier: Int
  private let state: Mutex<SessionState>

  /// How long an `ESC` waits for a byte to follow it before it counts as the Escape key (see ``keys()``).
  public let escapeTimeout: Duration

  /// The ``escapeTimeout`` of a session made without one: 30 ms, as in most terminal programs (long enough for
  /// the bytes of one key to arrive together over a slow link, short enough that Escape feels immediate).
  public static let defaultEscapeTimeout = Duration.milliseconds(30)

  /// Whether a descriptor is a terminal.
  ///
  /// - Parameter fileDescriptor: The descriptor; standard output by default.
  /// - Returns: `true` when it is a terminal (`isatty`).
  public static func isTerminal(_ fileDescriptor: Int32 = STDOUT_FILENO) -> Bool {
    isatty(fileDescriptor) == 1
  }

  /// Whether the locale's character set is UTF-8 (`LC_ALL`, else `LC_CTYPE`, else `LANG`).
  ///
  /// When it is not, the terminal may read the bytes of UTF-8 text as C1 controls (the second byte of `é` is
  /// 0x9B, the 8-bit `CSI`), so an escape sequence could hide inside ordinary text: a ``TerminalListView`` in
  /// screen mode then draws ASCII only. With no locale variable set, the locale is `C`, which is not UTF-8.
  ///
  /// - Parameter environment: The environment to read; the process's by default.
  /// - Returns: `true` when the effective locale names UTF-8 (`en_US.UTF-8`, `C.utf8`…).
  public static func localeIsUTF8(environment: [String: String]? = nil) -> Bool {
    let variables = environment ?? processEnvironment()
    let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { variables[$0] }.first { !$0.isEmpty } ?? ""
    return locale.lowercased().filter { $0 != "-" }.contains("utf8")
  }

  /// The size of the terminal a descriptor is connected to, read with `ioctl(TIOCGWINSZ)`.
  ///
  /// - Parameter fileDescriptor: The descriptor; standard output by default.
  /// - Returns: The size, or `nil` when the descriptor is not a terminal or reports a zero size.
  public static func size(of fileDescriptor: Int32 = STDOUT_FILENO) -> TerminalSize? {
    var size = winsize()
    guard ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
    return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
  }

  /// Takes over the terminal, or joins the session already open.
  ///
  /// With `reportsMouse`, the terminal reports mouse buttons and the wheel (SGR encoding), which come out of
  /// ``keys()`` as ``Key/mouse(_:)``; every way the terminal is given back turns it off again (the restoring
  /// bytes always do). A session that joins one already open shares its mouse setting.
  ///
  /// - Parameters:
  ///   - inputDescriptor: Where keys come from; standard input by default.
  ///   - outputDescriptor: The terminal drawn on; standard output by default.
  ///   - reportsMouse: Whether to turn mouse reporting on; off by default.
  ///   - escapeTimeout: How long an `ESC` waits for a following byte before it counts as the Escape key;
  ///     ``defaultEscapeTimeout`` by default; a negative one counts as zero, and any long one is kept (see
  ///     ``keys()``).
  ///   - environment: The variables that describe the terminal; the process's by default.
  /// - Throws: ``TerminalError/notATerminal(fileDescriptor:)`` when either descriptor is not a terminal,
  ///   ``TerminalError/dumbTerminal`` when `TERM` is `dumb`, ``TerminalError/systemCall(name:errno:)`` when its
  ///   settings cannot be read or changed. Nothing is changed when it throws.
  public init(
    inputDescriptor: Int32 = STDIN_FILENO, outputDescriptor: Int32 = STDOUT_FILENO, reportsMouse: Bool = false,
    escapeTimeout: Duration = defaultEscapeTimeout, environment: TerminalEnvironment = .process
  ) throws(TerminalError) {
    for descriptor in [inputDescriptor, outputDescriptor] where !Self.isTerminal(descriptor) {
      throw .notATerminal(fileDescriptor: descriptor)
    }
    if environment.isDumb { throw .dumbTerminal }
    self.inputDescriptor = inputDescriptor
    self.outputDescriptor = outputDescriptor
    self.escapeTimeout = max(escapeTimeout, .zero)
    self.identifier = try TerminalRegistry.acquire(
      inputDescriptor: inputDescriptor, outputDescriptor: outputDescriptor, reportsMouse: reportsMouse)
    self.state = Mutex(SessionState())
  }

  deinit { restore() }

  /// Gives the terminal back: attributes reset, line wrap on, cursor shown, normal screen, original settings.
  ///
  /// Safe to call more than once and from any thread; only the first call does anything. Input sources and
  /// resize handlers stop. When another session is still open, the terminal stays taken until it ends too.
  public func restore() {
    let (sources, wasOpen) = state.withSanitizedLock { state -> ([any DispatchSourceProtocol], Bool) in
      defer {
        state.sources = []
        state.isOpen = false
      }
      return (state.sources, state.isOpen)
    }
    sources.forEach { $0.cancel() }
    if wasOpen { TerminalRegistry.release(identifier) }
  }

  /// The current size of the terminal, if it reports one.
  public var size: TerminalSize? { Self.size(of: outputDescriptor) }

  /// Calls `handler` with the new size each time the terminal is resized (`SIGWINCH`), and with the current size
  /// when the program resumes after a suspend (the screen must then be drawn again in full).
  ///
  /// A session already restored never calls it, even while another session keeps the terminal.
  ///
  /// - Parameter handler: Called on a background queue; hop to the main actor before touching a view.
  public func onResize(_ handler: @escaping @Sendable (TerminalSize) -> Void) {
    state.withSanitizedLock { state in
      if state.isOpen { TerminalRegistry.addResizeHandler(identifier, handler) }
    }
  }

  /// Suspends the program as Ctrl-Z does: gives the terminal back, stops the process, and takes the terminal
  /// again when the process is continued.
  ///
  /// It returns once the process runs again. When the program started with `SIGTSTP` ignored (a shell with no job
  /// control started it, and nothing would continue it), it does nothing, and Ctrl-Z neither.
  public func suspend() {
    TerminalRegistry.suspend()
  }

  /// The keys pressed, as a stream that ends when the input closes, when ``restore()`` is called, or when the
  /// consuming task is cancelled. The stream of a session already restored ends at once, reading nothing.
  ///
  /// Ctrl-Z does not come out as a key: it suspends the program (see ``suspend()``; with `SIGTSTP` ignored it does
  /// nothing). An `ESC` is the Escape key
  /// only when no byte follows it within ``escapeTimeout``: with a byte after it, it starts an escape sequence
  /// (an arrow, a mouse report), an Alt key (``Key/alt(_:)``), a string the terminal sent (dropped) or a paste
  /// (``Key/paste(_:)``). A paste whose end marker never comes ends once no byte has come for a second (or
  /// ``escapeTimeout``, when longer), so the keys after it are keys again.
  ///
  /// - Returns: A stream of the keys read.
  public func keys() -> AsyncStream<Key> {
    let (stream, continuation) = AsyncStream<Key>.makeStream(bufferingPolicy: .unbounded)
    guard state.withSanitizedLock({ $0.isOpen }) else {
      continuation.finish()
      return stream
    }
    let descriptor = inputDescriptor
    let queue = DispatchQueue(label: "ListFlowTerminal.keys")
    let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
    let reader = KeyReader(continuation: continuation, escapeTimeout: escapeTimeout)
    /// Flushes pending input once the timeout has passed with no new byte (again later if the timer was early).
    @Sendable func scheduleExpiry(_ wait: Duration?) {
      guard let wait else { return }
      queue.asyncAfter(deadline: .now() + .nanoseconds(Self.timerNanoseconds(wait))) {
        scheduleExpiry(reader.expire())
      }
    }
    source.setEventHandler {
      var buffer = [UInt8](repeating: 0, count: 4_096)
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count <= 0 {
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return }
        reader.finish()
        source.cancel()
        return
      }
      scheduleExpiry(reader.decode(Array(buffer[0..<count])))
    }
    source.setCancelHandler { continuation.finish() }
    let cancellable = SendableSource(source)
    continuation.onTermination = { _ in cancellable.source.cancel() }
    source.resume()
    // A restore that came since has cancelled the sources it found: this one stops too.
    let isOpen = state.withSanitizedLock { state -> Bool in
      if state.isOpen { state.sources.append(source) }
      return state.isOpen
    }
    if !isOpen { source.cancel() }
    return stream
  }

  /// The nanoseconds a timer waits for `wait`: none for a negative wait, and at most an hour, after which the
  /// timer finds the deadline not reached and waits again (a timeout of `.seconds(.max)` never ends, and its
  /// nanoseconds do not fit in an `Int`).
  static func timerNanoseconds(_ wait: Duration) -> Int {
    let (seconds, attoseconds) = min(max(wait, .zero), .seconds(3_600)).components
    return Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
  }

  private static func processEnvironment() -> [String: String] {
    var variables: [String: String] = [:]
    for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
      if let value = getenv(name) { variables[name] = String(cString: value) }
    }
    return variables
  }
}

/// The decoder behind ``TerminalSession/keys()``: decodes reads, acts on Ctrl-Z, and flushes a lone Escape once
/// the timeout has passed.
private final class KeyReader: Sendable {
  private let state: Mutex<TimedKeyDecoder>
  private let clock = TerminalClock.continuous
  private let continuation: AsyncStream<Key>.Continuation

  init(continuation: AsyncStream<Key>.Continuation, escapeTimeout: Duration) {
    self.continuation = continuation
    self.state = Mutex(TimedKeyDecoder(escapeTimeout: escapeTimeout))
  }

  /// Decodes a read and yields its keys; returns how long to wait before ``expire()`` when input is pending.
  func decode(_ bytes: [UInt8]) -> Duration? {
    let now = clock.now()
    let (keys, wait) = state.withSanitizedLock { state in
      (state.decode(bytes, at: now), state.deadline.map { $0 - now })
    }
    deliver(keys)
    return wait
  }

  /// Flushes pending input if its deadline has passed; returns how long to wait still, if it has not.
  func expire() -> Duration? {
    let now = clock.now()
    let (keys, wait) = state.withSanitizedLock { state in
      (state.expire(at: now), state.deadline.map { $0 - now })
    }
    deliver(keys)
    return wait
  }

  func finish() {
    deliver(state.withSanitizedLock { $0.finish() })
    continuation.finish()
  }

  private func deliver(_ keys: [Key]) {
    for key in keys {
      if key == .suspend {
        TerminalRegistry.suspend()
      } else {
        continuation.yield(key)
      }
    }
  }
}

/// The mutable part of a session: whether it is open, and the dispatch sources to cancel on restore.
private struct SessionState: @unchecked Sendable {
  // Dispatch sources are thread-safe objects; they only lack a `Sendable` annotation.
  var sources: [any DispatchSourceProtocol] = []
  var isOpen = true
}

/// A dispatch source carried into a `@Sendable` closure (dispatch sources are thread-safe).
private struct SendableSource: @unchecked Sendable {
  let source: any DispatchSourceProtocol
  init(_ source: any DispatchSourceProtocol) { self.source = source }
}
