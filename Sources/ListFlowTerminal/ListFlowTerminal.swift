// ListFlowTerminal re-exports ListFlow: `import ListFlowTerminal` is enough for a terminal app.
@_exported import ListFlow
