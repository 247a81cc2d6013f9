import Foundation
import Testing

/// The Demo on a fake `/proc` that changes while it runs: a process that exits leaves every section within two
/// ticks, the paged list of every process included, and one that starts joins that list.
@Suite(.timeLimit(.minutes(60)))
struct DemoLiveProcessesTests {
  /// The rows of each section as the plain change lines tell them, by the pid their text names.
  struct ShownPIDs {
    private(set) var sections: [Int: [Int: Int]] = [:]

    /// The pid a row's text names (`… pid 812 …`), if any.
    static func pid(in text: Substring) -> Int? {
      let words = text.split(separator: " ")
      guard let index = words.firstIndex(of: "pid"), index + 1 < words.count else { return nil }
      return Int(words[index + 1])
    }

    /// The section and the text of `s:i text`.
    static func place(_ rest: Substring) -> (section: Int, text: Substring)? {
      guard let colon = rest.firstIndex(of: ":"), let section = Int(rest[..<colon]) else { return nil }
      return (section, rest[colon...])
    }

    /// How many rows of a section show a pid.
    func count(of pid: Int, inSection section: Int) -> Int { sections[section]?[pid] ?? 0 }

    /// How many rows of any section show a pid.
    func count(of pid: Int) -> Int { sections.values.reduce(0) { $0 + ($1[pid] ?? 0) } }

    mutating func take(_ line: String) {
      func adjust(_ rest: Substring, by delta: Int) {
        guard let (section, text) = Self.place(rest), let pid = Self.pid(in: text) else { return }
        sections[section, default: [:]][pid, default: 0] += delta
      }
      if line.hasPrefix("reload ") && line.contains(" sections ") {
        sections = [:]
      } else if line.hasPrefix("row ") {
        adjust(line.dropFirst(4), by: 1)
      } else if line.hasPrefix("insert ") && !line.hasPrefix("insert section") {
        adjust(line.dropFirst(7), by: 1)
      } else if line.hasPrefix("delete ") && !line.hasPrefix("delete section") {
        adjust(line.dropFirst(7), by: -1)
      } else if line.hasPrefix("delete section ") || line.hasPrefix("insert section ") {
        // Sections of this run are fixed (nothing is pinned): a section change would make the count unreliable.
        Issue.record("unexpected section change: \(line)")
      } else if line.hasPrefix("move "), !line.hasPrefix("move section") {
        // `move s:i -> t:j text`: a row that changes section.
        let parts = line.dropFirst(5).split(separator: " ", maxSplits: 3)
        guard parts.count == 4, let from = Self.place(parts[0]), let to = Self.place(parts[2]),
          from.section != to.section, let pid = Self.pid(in: parts[3])
        else { return }
        sections[from.section, default: [:]][pid, default: 0] -= 1
        sections[to.section, default: [:]][pid, default: 0] += 1
      }
    }
  }

  @Test("a process that exits leaves every section within two ticks; one that starts joins every process")
  func exitedProcessLeaves() throws {
    // 20 processes, two pages of 12 in plain mode; the top list shows 12 of them (the lowest pids: all are idle).
    let processes = (0..<20).map { index in
      DemoProcFuzzTests.FakeProcess(
        pid: 100 + index * 7, name: Array("proc\(index)".utf8), utime: 1_000, stime: 0, rss: 100)
    }
    let root = try DemoProcFuzzTests.makeRoot(processes, uptime: "100 0", extraEntries: [])
    defer { try? FileManager.default.removeItem(at: root) }
    let exiting = 100
    let starting = 50
    let marker = "00:03:20"  // the uptime written with the change, as the machine section shows it

    let url = try #require(DemoProcessTests.demoURL, "the Demo binary is not next to the test bundle")
    let process = Process()
    process.executableURL = url
    // Ticks far enough apart that a slow machine (or a sanitizer build) still reads and shows a tick in time.
    process.arguments = ["--proc-root", root.path, "--plain", "--ticks", "14", "--interval", "300"]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardInput = FileHandle.nullDevice
    try process.run()

    var lines: [String] = []
    var pending = Data()
    var changed = false
    var shownBeforeChange = ShownPIDs()
    while true {
      let chunk = pipe.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      pending.append(chunk)
      while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
        pending.removeSubrange(pending.startIndex...newline)
        lines.append(line)
        shownBeforeChange.take(line)
        if !changed, shownBeforeChange.count(of: exiting, inSection: 1) == 1,
          shownBeforeChange.count(of: exiting, inSection: 2) == 1
        {
          // The process exits and another starts, then the uptime moves on: a reading that shows the new uptime
          // read the machine after the change (its processes may be read just before it; the next one's are not).
          changed = true
          try FileManager.default.removeItem(at: root.appendingPathComponent(String(exiting)))
          let started = try DemoProcFuzzTests.makeRoot(
            [DemoProcFuzzTests.FakeProcess(pid: starting, name: Array("newcomer".utf8), utime: 1, stime: 0, rss: 1)],
            uptime: "0", extraEntries: [])
          defer { try? FileManager.default.removeItem(at: started) }
          try FileManager.default.moveItem(
            at: started.appendingPathComponent(String(starting)), to: root.appendingPathComponent(String(starting)))
          try Data("200 0".utf8).write(to: root.appendingPathComponent("uptime"), options: .atomic)
        }
      }
    }
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(
      changed, "the top list and every process never both showed pid \(exiting):\n\(lines.joined(separator: "\n"))")

    // The first tick whose reading shows the new uptime.
    var tick = 0
    var markerTick: Int?
    for line in lines {
      if line.hasPrefix("tick "), let number = Int(line.dropFirst(5)) { tick = number }
      if markerTick == nil, line.contains(marker) { markerTick = tick }
    }
    let changeTick = try #require(
      markerTick, "no tick read the new uptime (the Demo ended first?):\n\(lines.joined(separator: "\n"))")
    // What the sections show when tick changeTick + 2 starts (or at the end): the change was read by then.
    var shown = ShownPIDs()
    for line in lines {
      if line == "tick \(changeTick + 2)" { break }
      shown.take(line)
    }
    let transcript = lines.joined(separator: "\n")
    #expect(
      shown.count(of: exiting) == 0,
      "the exited process is still shown (change read at tick \(changeTick)):\n\(transcript)")
    #expect(
      shown.count(of: starting, inSection: 2) == 1,
      "the new process is not in the list of every process (change read at tick \(changeTick)):\n\(transcript)")
  }
}
