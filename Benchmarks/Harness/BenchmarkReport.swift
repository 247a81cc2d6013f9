import Foundation

/// Prints results: a JSON object per line, or a plain-text table with one block per scenario.
enum BenchmarkReport {
  /// The contender whose median is the reference of the ratio column.
  static let floorContender = "floor-hash"

  /// One JSON object, keys in a fixed order: the fixed keys first, then the scenario's own keys sorted.
  static func jsonLine(_ result: BenchmarkResult) -> String {
    var fields: [(String, String)] = [
      ("scenario", BenchmarkValue.quoted(result.scenario)),
      ("contender", BenchmarkValue.quoted(result.contender)),
      ("median_ms", number(result.medianMS)),
      ("min_ms", number(result.minMS)),
      ("max_ms", number(result.maxMS)),
      ("runs", String(result.timesMS.count)),
      ("changes", result.changes.map(String.init) ?? "null"),
    ]
    if let peak = result.peakMB { fields.append(("peak_mb", BenchmarkValue.decimal(peak))) }
    if !result.didRun { fields.append(("skipped", "true")) }
    if let note = result.note { fields.append(("note", BenchmarkValue.quoted(note))) }
    for key in result.extra.keys.sorted() { fields.append((key, result.extra[key]!.json)) }
    return "{" + fields.map { "\(BenchmarkValue.quoted($0.0)):\($0.1)" }.joined(separator: ",") + "}"
  }

  /// The table's header line.
  static var tableHeader: String {
    row(["scenario", "contender", "median ms", "min ms", "max ms", "changes", "peak MB", "× floor", "notes"])
  }

  /// The table's lines for the results of one scenario, ratios against its floor-hash median.
  static func tableRows(_ results: [BenchmarkResult]) -> [String] {
    let floor = results.first { $0.contender == floorContender }?.medianMS
    return results.map { result in
      let ratio: String
      if let median = result.medianMS, let floor, floor > 0 {
        ratio = String(format: "%.2f", median / floor)
      } else {
        ratio = "-"
      }
      var notes = result.note.map { [$0] } ?? []
      notes += result.extra.keys.sorted().map { "\($0)=\(result.extra[$0]!.text)" }
      return row([
        result.scenario, result.contender,
        result.medianMS.map(millis) ?? (result.didRun ? "-" : "> cap"),
        result.minMS.map(millis) ?? "-", result.maxMS.map(millis) ?? "-",
        result.changes.map(String.init) ?? "-",
        result.peakMB.map { String(format: "%.1f", $0) } ?? "-",
        ratio, notes.joined(separator: "; "),
      ])
    }
  }

  /// The widths of the table's columns; the last column is free.
  private static let widths = [16, 12, 11, 11, 11, 9, 9, 9]

  private static func row(_ cells: [String]) -> String {
    var line = ""
    for (index, cell) in cells.enumerated() {
      if index < 2 {
        line += cell.padding(widths[index])
      } else if index < widths.count {
        line += cell.leftPadding(widths[index] - 1) + " "
      } else {
        line += " " + cell
      }
    }
    while line.hasSuffix(" ") { line.removeLast() }
    return line
  }

  private static func millis(_ value: Double) -> String {
    String(format: value < 10 ? "%.3f" : "%.1f", value)
  }

  private static func number(_ value: Double?) -> String {
    value.map(BenchmarkValue.decimal) ?? "null"
  }
}
