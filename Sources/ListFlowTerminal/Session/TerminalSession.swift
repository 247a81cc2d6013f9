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
/// cursor hidden and line wrap off. ``restore()`` undoes all of it and is idempotent. The terminal is restored:
///
/// - when the program calls ``restore()`` (do it in a `defer`, so that a thrown error restores it too);
/// - when the process exits through `exit` (an `atexit` handler);
/// - on `SIGINT`, `SIGTERM`, `SIGHUP` and `SIGQUIT` sent from outside: the session restores the terminal, then
///   exits with status 128 + the signal's number, as a shell reports a process ended by that signal.
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
  private let output: any TerminalOutput
  private let state: Mutex<SessionState>

  /// Whether a descriptor is a terminal.
  ///
  /// - Parameter fileDescriptor: The descriptor; standard output by default.
  /// - Returns: `true` when it is a terminal (`isatty`).
  public static func isTerminal(_ fileDescriptor: Int32 = STDOUT_FILENO) -> Bool {
    isatty(fileDescriptor) == 1
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

  /// Takes over the terminal.
  ///
  /// - Parameters:
  ///   - inputDescriptor: Where keys come from; standard input by default.
  ///   - outputDescriptor: The terminal drawn on; standard output by default.
  /// - Throws: ``TerminalError/notATerminal(fileDescriptor:)`` when either descriptor is not a terminal,
  ///   ``TerminalError/systemCall(name:errno:)`` when its settings cannot be read or changed. Nothing is changed
  ///   when it throws.
  public init(inputDescriptor: Int32 = STDIN_FILENO, outputDescriptor: Int32 = STDOUT_FILENO) throws(TerminalError) {
    for descriptor in [inputDescriptor, outputDescriptor] where !Self.isTerminal(descriptor) {
      throw .notATerminal(fileDescriptor: descriptor)
    }
    var original = termios()
    guard tcgetattr(inputDescriptor, &original) == 0 else { throw .systemCall(name: "tcgetattr", errno: errno) }
    var raw = original
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
    raw.c_cflag |= tcflag_t(CS8)
    withUnsafeMutableBytes(of: &raw.c_cc) { controlCharacters in
      controlCharacters[Int(VMIN)] = 1
      controlCharacters[Int(VTIME)] = 0
    }
    guard tcsetattr(inputDescriptor, TCSAFLUSH, &raw) == 0 else { throw .systemCall(name: "tcsetattr", errno: errno) }

    self.inputDescriptor = inputDescriptor
    self.outputDescriptor = outputDescriptor
    self.output = StandardOutput(fileDescriptor: outputDescriptor)
    self.state = Mutex(SessionState())
    let saved = SavedTerminal(inputDescriptor: inputDescriptor, outputDescriptor: outputDescriptor, settings: original)
    SavedTerminal.register(saved)
    output.write(SavedTerminal.setupSequence)
    installSignalSources()
  }

  deinit { restore() }

  /// Gives the terminal back: attributes reset, line wrap on, cursor shown, normal screen, original settings.
  ///
  /// Safe to call more than once and from any thread; only the first call does anything. Input sources and
  /// signal handlers stop.
  public func restore() {
    let sources = state.withSanitizedLock { state -> [any DispatchSourceProtocol] in
      defer { state.sources = [] }
      return state.sources
    }
    sources.forEach { $0.cancel() }
    SavedTerminal.restoreRegistered()
  }

  /// The current size of the terminal, if it reports one.
  public var size: TerminalSize? { Self.size(of: outputDescriptor) }

  /// Calls `handler` with the new size each time the terminal is resized (`SIGWINCH`).
  ///
  /// - Parameter handler: Called on a background queue; hop to the main actor before touching a view.
  public func onResize(_ handler: @escaping @Sendable (TerminalSize) -> Void) {
    let descriptor = outputDescriptor
    let source = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .global())
    source.setEventHandler {
      if let size = Self.size(of: descriptor) { handler(size) }
    }
    source.resume()
    state.withSanitizedLock { $0.sources.append(source) }
  }

  /// The keys pressed, as a stream that ends when the input closes, when ``restore()`` is called, or when the
  /// consuming task is cancelled.
  ///
  /// - Returns: A stream of keys decoded by a ``KeyDecoder``.
  public func keys() -> AsyncStream<Key> {
    let (stream, continuation) = AsyncStream<Key>.makeStream(bufferingPolicy: .unbounded)
    let descriptor = inputDescriptor
    let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: DispatchQueue(label: "keys"))
    let decoder = Mutex(KeyDecoder())
    source.setEventHandler {
      var buffer = [UInt8](repeating: 0, count: 256)
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count <= 0 {
        if count < 0 && errno == EINTR || count < 0 && errno == EAGAIN { return }
        continuation.finish()
        source.cancel()
        return
      }
      let keys = decoder.withSanitizedLock { $0.decode(Array(buffer[0..<count])) }
      keys.forEach { continuation.yield($0) }
    }
    source.setCancelHandler { continuation.finish() }
    let cancellable = SendableSource(source)
    continuation.onTermination = { _ in cancellable.source.cancel() }
    source.resume()
    state.withSanitizedLock { $0.sources.append(source) }
    return stream
  }

  private func installSignalSources() {
    var sources: [any DispatchSourceProtocol] = []
    for signalNumber in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
      #if canImport(Darwin)
      // kqueue sees ignored signals; on Linux an ignored signal never reaches the dispatch source.
      signal(signalNumber, SIG_IGN)
      #endif
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
      source.setEventHandler {
        SavedTerminal.restoreRegistered()
        exit(128 + signalNumber)
      }
      source.resume()
      sources.append(source)
    }
    state.withSanitizedLock { $0.sources += sources }
  }
}

/// The mutable part of a session: the dispatch sources to cancel on restore.
private struct SessionState: @unchecked Sendable {
  // Dispatch sources are thread-safe objects; they only lack a `Sendable` annotation.
  var sources: [any DispatchSourceProtocol] = []
}

/// A dispatch source carried into a `@Sendable` closure (dispatch sources are thread-safe).
private struct SendableSource: @unchecked Sendable {
  let source: any DispatchSourceProtocol
  init(_ source: any DispatchSourceProtocol) { self.source = source }
}
