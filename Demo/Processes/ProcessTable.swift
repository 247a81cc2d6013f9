import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Reads the running processes from `/proc`.
enum ProcessTable {
  /// Every process readable right now; processes that exit while being read are skipped.
  static func snapshot(root: String = "/proc") -> [ProcessRow] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
    return entries.compactMap { entry in
      guard let pid = Int(entry), let stat = try? String(contentsOfFile: "\(root)/\(entry)/stat", encoding: .utf8)
      else { return nil }
      return parse(stat: stat, pid: pid)
    }
  }

  /// Parses one `/proc/<pid>/stat` line: `pid (comm) state ppid … utime stime … rss …`.
  ///
  /// `comm` may itself contain spaces and parentheses, so the fields are counted from the last `)`.
  static func parse(stat: String, pid: Int) -> ProcessRow? {
    guard let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { return nil }
    let name = String(stat[stat.index(after: open)..<close])
    // Fields after "comm": index 0 is field 3 (state); utime is field 14, stime 15, rss 24.
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 21, let utime = Int(fields[11]), let stime = Int(fields[12]), let rss = Int(fields[21])
    else { return nil }
    return ProcessRow(pid: pid, name: name, residentBytes: rss * pageSize, cpuTicks: utime + stime)
  }

  /// Bytes per memory page.
  static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
  /// Clock ticks per second, the unit of CPU times in `/proc`.
  static let ticksPerSecond = max(Int(sysconf(Int32(_SC_CLK_TCK))), 1)
}
