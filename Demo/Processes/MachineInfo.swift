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
  static func read(root: String = "/proc") -> MachineInfo {
    func file(_ path: String) -> String? {
      (try? String(contentsOfFile: "\(root)/\(path)", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    var info = MachineInfo()
    info.hostName = file("sys/kernel/hostname") ?? "?"
    info.kernel = file("sys/kernel/osrelease") ?? "?"
    info.uptimeSeconds = file("uptime").flatMap { Double($0.split(separator: " ").first ?? "") }.map(Int.init) ?? 0
    info.loadAverage = file("loadavg").map { $0.split(separator: " ").prefix(3).joined(separator: " ") } ?? "?"
    for line in (file("meminfo") ?? "").split(separator: "\n") {
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      guard fields.count >= 2, let kilobytes = Int(fields[1]) else { continue }
      if fields[0] == "MemTotal:" { info.memoryTotalMB = kilobytes / 1024 }
      if fields[0] == "MemAvailable:" { info.memoryAvailableMB = kilobytes / 1024 }
    }
    return info
  }

  /// `3d 04:05:06`-style uptime.
  var uptimeText: String {
    let days = uptimeSeconds / 86_400
    let rest = uptimeSeconds % 86_400
    let clock = String(format: "%02d:%02d:%02d", rest / 3600, rest % 3600 / 60, rest % 60)
    return days > 0 ? "\(days)d \(clock)" : clock
  }
}
