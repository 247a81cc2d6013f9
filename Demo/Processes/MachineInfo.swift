import Foundation

/// Facts about this machine, read from `/proc` on every tick.
struct MachineInfo: Equatable, Sendable {
  var hostName = "?"
  var kernel = "?"
  var uptimeSeconds = 0
  var loadAverage = "?"
  var memoryTotalMB = 0
  var memoryAvailableMB = 0

  /// Reads the facts; a file that cannot be read leaves its fact at `?` or 0.
  ///
  /// Files are read as bytes and decoded with invalid UTF-8 replaced; numbers that are not finite or do not fit
  /// (`nan`, `inf`, `1e400` in `uptime`) count as 0.
  ///
  /// - Parameter root: The `/proc` folder; ``ProcessTable/root`` by default.
  static func read(root: String = ProcessTable.root) -> MachineInfo {
    func file(_ path: String) -> String? {
      FileManager.default.contents(atPath: "\(root)/\(path)").map {
        String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      }
    }
    var info = MachineInfo()
    info.hostName = file("sys/kernel/hostname") ?? "?"
    info.kernel = file("sys/kernel/osrelease") ?? "?"
    info.uptimeSeconds = file("uptime").map { seconds(fromUptime: $0) } ?? 0
    info.loadAverage = file("loadavg").map { $0.split(separator: " ").prefix(3).joined(separator: " ") } ?? "?"
    for line in (file("meminfo") ?? "").split(separator: "\n") {
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      guard fields.count >= 2, let kilobytes = Int(fields[1]), kilobytes >= 0 else { continue }
      if fields[0] == "MemTotal:" { info.memoryTotalMB = kilobytes / 1024 }
      if fields[0] == "MemAvailable:" { info.memoryAvailableMB = kilobytes / 1024 }
    }
    return info
  }

  /// The whole seconds of the first number of `/proc/uptime`, 0 when it is not a finite number from 0 to 10¹⁵.
  static func seconds(fromUptime text: String) -> Int {
    guard let first = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).first, let value = Double(first),
      value.isFinite, value >= 0, value < 1e15
    else { return 0 }
    return Int(value)
  }

  /// `3d 04:05:06`-style uptime.
  var uptimeText: String {
    let days = uptimeSeconds / 86_400
    let rest = uptimeSeconds % 86_400
    let clock = String(format: "%02d:%02d:%02d", rest / 3600, rest % 3600 / 60, rest % 60)
    return days > 0 ? "\(days)d \(clock)" : clock
  }
}
