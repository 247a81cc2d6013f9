import ListFlowDiff
import Testing

@Test("an empty staged changeset has no stages")
func emptyStagedChangeset() {
  #expect(StagedChangeset<[Int]>().isEmpty)
}
