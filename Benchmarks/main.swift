import ListFlowDiff

print(StagedChangeset<[Int]>())
