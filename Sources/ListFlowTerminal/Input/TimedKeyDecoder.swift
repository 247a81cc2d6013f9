/// The key decoder and the Escape timeout: what ``TerminalSession/keys()`` runs, with the time of each read.
///
/// An `ESC` (or a sequence cut) at the end of a read stays pending until more bytes come or `escapeTimeout` has
/// passed since that read; then it is flushed (a lone `ESC` is ``Key/escape``). A UTF-8 character cut after a
/// valid start (an Alt key's too) waits for ``pasteTimeout`` instead, when that is longer: its next byte settles
/// it whenever it comes, so a slow link that splits it between reads does not turn it into U+FFFD, and only a
/// character whose end is lost is U+FFFD, after that wait. Bytes that arrive after the
/// deadline (a timer that fired late) find the pending input flushed first, so the keys depend only on the times
/// of the reads. Times come from the caller (a ``TerminalClock``), so tests move them by hand.
struct TimedKeyDecoder: Sendable {
  private var decoder = KeyDecoder()
  /// How long pending input waits for more bytes.
  let escapeTimeout: Duration
  /// When pending input is flushed, or `nil` when nothing is pending.
  private(set) var deadline: Duration?

  init(escapeTimeout: Duration) {
    self.escapeTimeout = max(escapeTimeout, .zero)
  }

  /// How long an open bracketed paste waits for its next byte before it ends (or ``escapeTimeout``, when that
  /// is longer): a terminal sends a paste at once, so a second with no byte means its end marker is lost (or was
  /// never coming), and the keys typed next are keys again, Ctrl-C and `q` among them. An open OSC, DCS, APC, PM or
  /// SOS string ends the same way (a terminal sends one at once too). A UTF-8 character cut between reads waits
  /// as long for its next byte before it is U+FFFD.
  static let pasteTimeout = Duration.seconds(1)

  /// Decodes the bytes of a read made at `time`.
  mutating func decode(_ bytes: [UInt8], at time: Duration) -> [Key] {
    var keys = expire(at: time)
    keys += decoder.decode(bytes)
    if decoder.isPendingCharacter {
      deadline = time + max(escapeTimeout, Self.pasteTimeout)
    } else if decoder.hasPendingInput {
      deadline = time + escapeTimeout
    } else if decoder.isInPaste || decoder.isInString {
      deadline = time + max(escapeTimeout, Self.pasteTimeout)
    } else {
      deadline = nil
    }
    return keys
  }

  /// Flushes pending input when its deadline is at or before `time`.
  mutating func expire(at time: Duration) -> [Key] {
    guard let deadline, time >= deadline else { return [] }
    self.deadline = nil
    return decoder.flush()
  }

  /// Flushes everything: the input ended.
  mutating func finish() -> [Key] {
    deadline = nil
    return decoder.flush()
  }
}
