import ListFlowDiff

// Streams a generated sequence of list states through the diff and prints each change as a line.
// (The terminal demo replaces this once ListFlowTerminal lands.)
struct Row: Differentiable, Sendable {
  var id: Int
  var score: Int
  var differenceIdentifier: Int { id }
  func isContentEqual(to source: Row) -> Bool { score == source.score }
}

var state = (0..<8).map { Row(id: $0, score: 0) }
var generator = SystemRandomNumberGenerator()
for tick in 1...10 {
  var next = state
  next.indices.forEach { if Int.random(in: 0..<4, using: &generator) == 0 { next[$0].score += 1 } }
  next.sort { $0.score != $1.score ? $0.score > $1.score : $0.id < $1.id }
  if Int.random(in: 0..<3, using: &generator) == 0, !next.isEmpty { next.remove(at: 0) }
  if Int.random(in: 0..<2, using: &generator) == 0 { next.append(Row(id: 100 + tick, score: 0)) }
  print("tick \(tick)")
  for stage in StagedChangeset(source: state, target: next) {
    for path in stage.elementUpdated { print("update \(path)") }
    for path in stage.elementDeleted { print("delete \(path)") }
    for path in stage.elementInserted { print("insert \(path) row \(stage.data[path.item].id)") }
    for move in stage.elementMoved { print("move \(move) row \(stage.data[move.target.item].id)") }
  }
  state = next
}
