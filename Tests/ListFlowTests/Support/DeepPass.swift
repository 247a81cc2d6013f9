import Foundation

/// The deep pass: `LISTFLOW_DEEP=1 swift test` runs the generated tests that read it with more cases (`.ci/run`
/// sets it); plain `swift test` is the quick pass.
enum DeepPass {
  /// Whether `LISTFLOW_DEEP` is `1`.
  static let isOn = ProcessInfo.processInfo.environment["LISTFLOW_DEEP"] == "1"
}
