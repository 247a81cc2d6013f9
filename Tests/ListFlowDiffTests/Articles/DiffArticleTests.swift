import ListFlowDiff
import Testing

// The example of ListFlowDiff's landing page; `scripts/check-examples` checks that it appears here line for line.

@Suite("The ListFlowDiff article's example")
struct DiffArticleTests {
  @Test("applying each stage in turn turns the source into the target")
  func landing() throws {
    let changes = StagedChangeset(source: ["a", "b", "c"], target: ["c", "a", "d"])
    var shown = ["a", "b", "c"]
    for stage in changes {
      shown = try shown.applying(stage)  // each stage leaves a consistent list
    }
    // shown == ["c", "a", "d"]
    #expect(shown == ["c", "a", "d"])
  }
}
