extension TerminalListView {
  /// The spinner's frames, one every ``spinnerInterval``; ASCII ones on a screen drawn in ASCII only.
  static let spinnerFrames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
  /// The spinner's frames in ASCII.
  static let asciiSpinnerFrames = ["|", "/", "-", "\\"]
  /// The time between two frames of the spinner.
  public static let spinnerInterval = Duration.milliseconds(100)

  /// Shows a message on the right of the status bar (instead of ``status``) for a while.
  ///
  /// The message goes away at the first ``tick()`` at or after `duration` has passed on the view's ``clock``;
  /// a newer message replaces it. In plain mode it is written as a `status <message>` line.
  /// Like the spinner's calls and ``tick()``, a call made from a callback of the view (while it draws a frame or
  /// handles a call) waits until the view is done.
  ///
  /// ```swift
  /// view.postStatus("saved", for: .seconds(2))
  /// ```
  ///
  /// - Parameters:
  ///   - message: The text (sanitised when drawn).
  ///   - duration: How long it stays; a negative one counts as zero, and one longer than about 73 billion years
  ///     (`Int64.max / 4` seconds) as that long.
  public func postStatus(_ message: String, for duration: Duration = .seconds(3)) {
    runOrDefer { [unowned self] in postStatusNow(message, for: duration) }
  }

  private func postStatusNow(_ message: String, for duration: Duration) {
    let expiry = now + Self.bounded(max(duration, .zero))
    statusMessage = (message, expiry)
    if case .plain = mode { output.write("status \(StyledRun(message).text)\n") }
    render()
  }

  /// The status message shown now, if any (it goes away at a ``tick()``).
  public var currentStatusMessage: String? { statusMessage?.text }

  /// Shows a spinner line under the list, with a label, until ``stopSpinner()``: for a load that runs.
  ///
  /// The list area gives up its last line to the spinner while it runs (the cursor's row stays on screen); a list
  /// area of one line keeps it for the rows, and the spinner is not drawn until the screen is taller. Its
  /// frame follows the view's ``clock``: each ``tick()`` draws the frame of the time then, one every
  /// ``spinnerInterval``, and since only that line changes, only that line is written. In plain mode it writes
  /// one `loading <label>` line. Called from a callback of the view, it waits until the view is done.
  ///
  /// - Parameter label: What is loading (sanitised when drawn).
  public func startSpinner(_ label: String) {
    runOrDefer { [unowned self] in startSpinnerNow(label) }
  }

  private func startSpinnerNow(_ label: String) {
    let wasRunning = spinner != nil
    spinner = (label, spinner?.start ?? now)
    if case .plain = mode { output.write("loading \(StyledRun(label).text)\n") }
    if !wasRunning, case .screen(let size) = mode {
      let screenRow = viewport.selectionAnchor
      let height = listAreaHeight(for: size)
      settle { viewport in
        viewport.setHeight(height)
        if let screenRow { viewport.keepSelection(atScreenRow: screenRow) }
      }
    }
    render()
  }

  /// Hides the spinner and gives its line back to the list; the rows stay where they are, as far as the list
  /// allows. Called from a callback of the view, it waits until the view is done.
  public func stopSpinner() {
    runOrDefer { [unowned self] in stopSpinnerNow() }
  }

  private func stopSpinnerNow() {
    guard spinner != nil else { return }
    spinner = nil
    if case .screen(let size) = mode {
      let screenRow = viewport.selectionAnchor
      let height = listAreaHeight(for: size)
      settle { viewport in
        viewport.setHeight(height)
        if let screenRow { viewport.keepSelection(atScreenRow: screenRow) }
      }
    }
    render()
  }

  /// Whether the spinner runs.
  public var isSpinning: Bool { spinner != nil }

  /// Catches up with the ``clock``: drops a status message whose time is over, moves the spinner to the frame
  /// of the time now, and draws (only lines that changed are written).
  /// Called from a callback of the view, it waits until the view is done.
  public func tick() {
    runOrDefer { [unowned self] in tickNow() }
  }

  private func tickNow() {
    if let message = statusMessage, now >= message.expiry { statusMessage = nil }
    render()
  }

  /// The clock time at which the next ``tick()`` changes something: a status message's end or the spinner's
  /// next frame; `nil` when nothing is timed.
  public var nextTickTime: Duration? {
    var times: [Duration] = []
    if let message = statusMessage { times.append(message.expiry) }
    if let spinner {
      let now = now
      // The next multiple of the interval after the spinner's start.
      times.append(
        now + Self.spinnerInterval - Self.spinnerIntervals(in: Self.spinnerElapsed(at: now, spinner)).remainder)
    }
    return times.min()
  }

  /// Ticks whenever a status message ends or the spinner needs its next frame, until the calling task is
  /// cancelled: run it in a task beside the key loop.
  ///
  /// ```swift
  /// let timers = Task { await view.runTimers() }
  /// defer { timers.cancel() }
  /// ```
  ///
  /// - Parameter idleInterval: How long to wait when nothing is timed (a message may be posted meanwhile); it
  ///   counts as 1 ms when shorter, and as one day when longer.
  public func runTimers(idleInterval: Duration = .milliseconds(250)) async {
    let idle = min(max(idleInterval, .milliseconds(1)), .seconds(86_400))
    while !Task.isCancelled {
      let wait = nextTickTime.map { max($0 - now, .milliseconds(1)) } ?? idle
      try? await Task.sleep(for: min(wait, idle))
      tick()
    }
  }

  /// The spinner's line: its frame at the clock's time now, then the label.
  func spinnerLine(width: Int) -> StyledLine? {
    guard let spinner else { return nil }
    let frames = differ.asciiOnly ? Self.asciiSpinnerFrames : Self.spinnerFrames
    let ticks = Self.spinnerIntervals(in: Self.spinnerElapsed(at: now, spinner)).intervals
    let frame = frames[Int(ticks % Int128(frames.count))]
    return (StyledLine(Self.rowIndent + frame + " ", style: .bold) + StyledLine(spinner.label, style: .dim))
      .truncated(to: width)
  }

  // MARK: Time, bounded

  /// The limit of the times and durations the view computes with: any clock time or duration, however extreme
  /// (a `Duration` holds far more than an `Int64` of seconds), is clamped to ±`Int64.max / 4` seconds, so that
  /// sums stay in range.
  static let timeBound = Duration.seconds(Int64.max / 4)

  /// A duration clamped to ±``timeBound``.
  static func bounded(_ duration: Duration) -> Duration {
    min(max(duration, .zero - timeBound), timeBound)
  }

  /// The clock's time now, bounded.
  var now: Duration { Self.bounded(clock.now()) }

  /// The time the spinner has run, from its start to `now` (zero if the clock went back).
  static func spinnerElapsed(at now: Duration, _ spinner: (label: String, start: Duration)) -> Duration {
    max(now - spinner.start, .zero)
  }

  /// A bounded, non-negative duration as whole spinner intervals and the rest.
  static func spinnerIntervals(in duration: Duration) -> (intervals: Int128, remainder: Duration) {
    func exact(_ duration: Duration) -> Int128 {
      let (seconds, attoseconds) = duration.components
      return Int128(seconds) * 1_000_000_000_000_000_000 + Int128(attoseconds)
    }
    let interval = exact(spinnerInterval)
    let (intervals, rest) = exact(duration).quotientAndRemainder(dividingBy: interval)
    return (intervals, Duration(secondsComponent: 0, attosecondsComponent: Int64(rest)))
  }
}
