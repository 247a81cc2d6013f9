import Foundation
import ListFlowTerminal
import ListFlowTesting
import TestSupport
import Testing

/// The Demo's `/proc` reading, run on fake `/proc` folders full of hostile process names: every process is listed
/// once with the right fields, every name is inert, nothing traps.
@Suite(.timeLimit(.minutes(60)))
struct DemoProcFuzzTests {
  /// Pieces hostile names are made of: parentheses, spaces, newlines, escape sequences, C1 controls, combining
  /// and prepended characters, bidi overrides, tag characters, invalid and cut UTF-8.
  static let pieces: [[UInt8]] = [
    Array("(".utf8), Array(")".utf8), Array(") R 1 2 3".utf8), Array(" ".utf8), Array("\n".utf8), Array("\t".utf8),
    Array("\u{1B}[2J".utf8), Array("\u{1B}]0;pwned\u{07}".utf8), Array("\u{9B}31m".utf8), Array("\u{301}".utf8),
    Array("\u{600}".utf8), Array("\u{202E}".utf8), Array("\u{E0041}".utf8), Array("\u{3164}".utf8),
    Array("日本".utf8), Array("👨‍👩‍👧".utf8), [0xFF], [0xC3], [0xE6, 0x97], [0x80], Array("bash".utf8), Array("a".utf8),
  ]

  struct FakeProcess {
    var pid: Int
    var name: [UInt8]
    var utime: Int
    var stime: Int
    var rss: Int
  }

  static func makeRoot(_ processes: [FakeProcess], uptime: String, extraEntries: [String]) throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("fake-proc-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    for process in processes {
      let folder = root.appendingPathComponent(String(process.pid))
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let before = Array("\(process.pid) (".utf8)
      let after = Array(
        (") S 1 1 1 0 -1 4194560 100 0 0 0 \(process.utime) \(process.stime) 0 0 20 0 1 0 100 12345 "
          + "\(process.rss) 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 0 0 0 0 0 0\n").utf8)
      try Data(before + process.name + after).write(to: folder.appendingPathComponent("stat"))
    }
    for entry in extraEntries {
      try FileManager.default.createDirectory(
        at: root.appendingPathComponent(entry), withIntermediateDirectories: true)
    }
    try Data(uptime.utf8).write(to: root.appendingPathComponent("uptime"))
    return root
  }

  static func listProcesses(root: URL) throws -> (status: Int32, output: String) {
    try DemoProcessTests.runDemo(["--proc-root", root.path, "--list-processes"])
  }

  @Test("every fake process is listed once, with its name (invalid UTF-8 replaced) and fields, inert", arguments: 0..<6)
  func hostileNames(round: Int) throws {
    let seed = 0x9D0C_0000 &+ UInt64(round)
    var random = SeededRandom(seed: seed)
    let uptimes = ["nan 0", "inf 1", "1e400 2", "-5 0", "12345.67 1", "garbage", ""]
    var processes: [FakeProcess] = []
    var pids = Set<Int>()
    while processes.count < 40 {
      let pid = Int.random(in: 1...99_999, using: &random)
      guard pids.insert(pid).inserted else { continue }
      var name: [UInt8] = []
      for _ in 0..<Int.random(in: 0...6, using: &random) { name += Self.pieces.randomElement(using: &random)! }
      name = Array(name.prefix(15))  // the kernel keeps at most 15 bytes, cutting UTF-8 where it falls
      processes.append(
        FakeProcess(
          pid: pid, name: name, utime: Int.random(in: 0...1_000_000, using: &random),
          stime: Int.random(in: 0...1_000, using: &random), rss: Int.random(in: 0...100_000, using: &random)))
    }
    let uptime = uptimes[round % uptimes.count]
    let root = try Self.makeRoot(processes, uptime: uptime, extraEntries: ["self", "+5", "-1", "007", "net"])
    defer { try? FileManager.default.removeItem(at: root) }

    let (status, output) = try Self.listProcesses(root: root)
    #expect(status == 0, "seed \(seed)")
    var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.last == "")
    lines.removeLast()
    let expectedUptime = uptime.hasPrefix("12345") ? "uptime 12345" : "uptime 0"
    #expect(lines.first == expectedUptime, "seed \(seed)")
    let rows = lines.dropFirst().map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    let expected = processes.sorted { $0.pid < $1.pid }.map { process in
      [
        String(process.pid), TextSanitizer.singleLine.sanitize(String(decoding: process.name, as: UTF8.self)),
        String(process.rss * Int(sysconf(Int32(_SC_PAGESIZE)))), String(process.utime + process.stime),
      ]
    }
    #expect(rows == expected, "seed \(seed)")
    for row in rows {
      let name = row.count > 1 ? row[1] : ""
      let controls = name.unicodeScalars.filter { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
      #expect(controls.isEmpty, "a control in a shown name: \(name.debugDescription), seed \(seed)")
    }
  }
}
