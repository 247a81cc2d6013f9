// ListFlowTesting re-exports ListFlow: `import ListFlowTesting` is enough in a test target.
@_exported import ListFlow
