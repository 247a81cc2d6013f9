import Foundation

/// The two depths of the test suite: plain `swift test` is the quick pass; `LISTFLOW_DEEP=1 swift test` (what
/// `.ci/run` runs) is the deep pass, in which every generated test runs its full number of cases.
public enum DeepPass {
  /// Whether `LISTFLOW_DEEP` is `1`.
  public static let isOn = ProcessInfo.processInfo.environment["LISTFLOW_DEEP"] == "1"

  /// How many generated cases to run: `quick` in the plain pass, `deep` in the deep pass.
  ///
  /// - Parameters:
  ///   - quick: Enough cases to catch a plain regression in a few seconds.
  ///   - deep: The full count.
  /// - Returns: The count for this run.
  public static func cases(quick: Int, deep: Int) -> Int { isOn ? deep : quick }

  /// The seeds `first, first + 1, …` of a generated test: `quick` of them in the plain pass, `deep` in the deep
  /// pass; the quick seeds are the first of the deep ones, so a quick failure is a deep failure too.
  ///
  /// - Parameters:
  ///   - first: The first seed.
  ///   - quick: How many seeds the plain pass runs.
  ///   - deep: How many seeds the deep pass runs.
  /// - Returns: The seeds.
  public static func seeds(from first: UInt64 = 1, quick: Int, deep: Int) -> Range<UInt64> {
    first..<first + UInt64(cases(quick: quick, deep: deep))
  }
}
