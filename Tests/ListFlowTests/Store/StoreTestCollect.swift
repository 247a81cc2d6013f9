/// Every element of a finite stream, in order; returns when the stream ends.
func collectStates<Element>(_ stream: AsyncStream<Element>) async -> [Element] {
  var elements: [Element] = []
  for await element in stream { elements.append(element) }
  return elements
}
