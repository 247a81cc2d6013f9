import Foundation

/// A thread of a process, as `/proc/PID/task/TID/comm` names it.
struct ThreadRow: Hashable, Sendable {
  var pid: Int
  var tid: Int
  var name: String
}

/// Reads the threads of processes from `/proc/PID/task`.
enum ThreadTable {
  /// The threads of a process, by thread id; none when the process is gone or its tasks are unreadable.
  ///
  /// - Parameters:
  ///   - pid: The process.
  ///   - root: The proc file system's root.
  /// - Returns: The threads, ordered by thread id.
  static func threads(of pid: Int, root: String = "/proc") -> [ThreadRow] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "\(root)/\(pid)/task")) ?? []
    return entries.compactMap { entry -> ThreadRow? in
      guard let tid = Int(entry) else { return nil }
      let bytes = FileManager.default.contents(atPath: "\(root)/\(pid)/task/\(entry)/comm") ?? Data()
      // Names are bytes: invalid UTF-8 shows as replacement characters instead of hiding the thread.
      let name = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .newlines)
      return ThreadRow(pid: pid, tid: tid, name: name)
    }.sorted { $0.tid < $1.tid }
  }

  /// The threads of the busiest processes, read for the top list.
  ///
  /// - Parameters:
  ///   - pids: The processes.
  ///   - root: The proc file system's root.
  /// - Returns: The threads of each process.
  static func threads(of pids: some Sequence<Int>, root: String = "/proc") -> [Int: [ThreadRow]] {
    Dictionary(pids.map { ($0, threads(of: $0, root: root)) }) { first, _ in first }
  }
}
