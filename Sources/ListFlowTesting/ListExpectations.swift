/// Comparisons that name the first difference, for use in `#expect(… == nil)` or `XCTAssertNil`.
///
/// ```swift
/// #expect(ListExpectations.difference(state.cellDeclarations, [.outline(venue)]) == nil)
/// #expect(ListExpectations.mismatch(view, showing: sections) == nil)
/// ```
@MainActor
public enum ListExpectations {
  /// The first difference between two arrays of declarations, or `nil` when they are equal.
  ///
  /// - Parameters:
  ///   - actual: The declarations made.
  ///   - expected: The declarations expected.
  /// - Returns: A sentence such as `at 2: expected review(…), found sectionHeader("Reviews")`.
  /// - Complexity: O(n).
  public static func difference<Element: Equatable>(_ actual: [Element], _ expected: [Element]) -> String? {
    for (index, pair) in zip(actual, expected).enumerated() where pair.0 != pair.1 {
      return "at \(index): expected \(pair.1), found \(pair.0)"
    }
    if actual.count != expected.count {
      let extra =
        actual.count > expected.count ? "unexpected \(actual[expected.count])" : "missing \(expected[actual.count])"
      return "count \(actual.count), expected \(expected.count): \(extra)"
    }
    return nil
  }

  /// How a recording view differs from a list rendered with fresh cells, or `nil` when it shows exactly it
  /// and never was inconsistent.
  ///
  /// The view's lines are all it shows, the list's own header and footer included (``RecordingListView/listHeader``
  /// and ``RecordingListView/listFooter``, set with `ListEngine.listHeader`), which a list of sections does not
  /// hold: for a view that shows them, compare its ``RecordingListView/renderedLines`` without their lines with
  /// `ListRendering.lines(of:)` instead.
  ///
  /// - Parameters:
  ///   - view: The view.
  ///   - snapshot: The list it should show.
  /// - Returns: A sentence naming the first inconsistency or the first differing line.
  public static func mismatch(_ view: RecordingListView, showing snapshot: ListSnapshot) -> String? {
    if let inconsistency = view.inconsistencies.first { return "inconsistent: \(inconsistency)" }
    return difference(view.renderedLines, ListRendering.lines(of: snapshot)).map { "rendered lines differ \($0)" }
  }

  /// How a recording view differs from sections of binders, or `nil`.
  ///
  /// - Parameters:
  ///   - view: The view.
  ///   - sections: The sections it should show.
  /// - Returns: A sentence naming the first difference.
  public static func mismatch(
    _ view: RecordingListView,
    showing sections: [ListSection<CellBinder>]
  ) -> String? {
    mismatch(view, showing: sections.map(\.snapshot))
  }
}
