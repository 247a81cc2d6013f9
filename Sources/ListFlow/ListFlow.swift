// ListFlow re-exports its diff engine: `import ListFlow` gives `Differentiable`, `StagedChangeset` and friends.
@_exported import ListFlowDiff
