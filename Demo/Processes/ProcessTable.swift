import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Reads the running processes from `/proc`.
///
/// A process chooses its own name (`comm`), so the name is untrusted: any bytes up to 15 of them, cut by the
/// kernel in the middle of a UTF-8 character if need be, with parentheses, spaces, newlines or escape sequences in
/// it. The table works on the bytes of `/proc/PID/stat`: the name is everything between the first `(` and the
/// **last** `)` byte, decoded with invalid UTF-8 replaced by U+FFFD, and the fields are counted from that last `)`.
/// So a process is never dropped or misread because of its name; the view sanitises the name when it draws it.
enum ProcessTable {
  /// The `/proc` folder read: `--proc-root DIR` when given (a fake `/proc` for tests), else `/proc`.
  static let root: String = {
    let arguments = Array(CommandLine.arguments.dropFirst())
    guard let index = arguments.firstIndex(of: "--proc-root"), index + 1 < arguments.count else { return "/proc" }
    return arguments[index + 1]
  }()

  /// Every process readable right now; processes that exit while being read are skipped.
  ///
  /// - Parameter root: The `/proc` folder; ``root`` by default.
  /// - Returns: One row per process folder (a name of decimal digits, as the kernel writes it), in no order.
  static func snapshot(root: String = ProcessTable.root) -> [ProcessRow] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
    return entries.compactMap { entry in
      guard let pid = Int(entry), pid >= 0, String(pid) == entry,
        let stat = FileManager.default.contents(atPath: "\(root)/\(entry)/stat")
      else { return nil }
      return parse(stat: Array(stat), pid: pid)
    }
  }

  /// Parses the bytes of one `/proc/<pid>/stat` line: `pid (comm) state ppid … utime stime … rss …`.
  ///
  /// - Parameters:
  ///   - stat: The file's bytes.
  ///   - pid: The process id (the folder's name).
  /// - Returns: The row, or `nil` when the line has no `(…)` or too few numeric fields after it.
  /// - Complexity: O(*n*) in the bytes of the line.
  static func parse(stat: [UInt8], pid: Int) -> ProcessRow? {
    let openParenthesis = UInt8(ascii: "("), closeParenthesis = UInt8(ascii: ")")
    guard let open = stat.firstIndex(of: openParenthesis), let close = stat.lastIndex(of: closeParenthesis),
      open < close
    else { return nil }
    let name = String(decoding: stat[(open + 1)..<close], as: UTF8.self)
    // Fields after "comm": index 0 is field 3 (state); utime is field 14, stime 15, rss 24.
    let fields = stat[(close + 1)...].split { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n") }
    guard fields.count > 21, let utime = number(fields[11]), let stime = number(fields[12]),
      let rss = number(fields[21])
    else { return nil }
    let (cpuTicks, cpuOverflow) = utime.addingReportingOverflow(stime)
    let (residentBytes, memoryOverflow) = max(rss, 0).multipliedReportingOverflow(by: pageSize)
    return ProcessRow(
      pid: pid, name: name, residentBytes: memoryOverflow ? Int.max : residentBytes,
      cpuTicks: cpuOverflow ? Int.max : max(cpuTicks, 0))
  }

  /// A decimal field, or `nil` when it is not one (or does not fit an `Int`).
  private static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
    Int(String(decoding: bytes, as: UTF8.self))
  }

  /// Bytes per memory page.
  static let pageSize = max(Int(sysconf(Int32(_SC_PAGESIZE))), 1)
  /// Clock ticks per second, the unit of CPU times in `/proc`.
  static let ticksPerSecond = max(Int(sysconf(Int32(_SC_CLK_TCK))), 1)
}
