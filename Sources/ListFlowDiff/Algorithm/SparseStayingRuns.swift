/// A piece of a target section for the sparse plan's moves: an aligned run, or one left-out element.
internal struct _SparsePiece {
  /// The flat target position of its first element.
  var target: Int
  /// The source position, once the deletes are applied, of its first element, when its elements come from the
  /// same section (they are in the sequence whose longest increasing run stays); -1 otherwise.
  var value: Int
  /// The number of elements; their values follow each other.
  var count: Int
  /// The flat source position of its first element, or -1 for an inserted element.
  var source: Int

  init(target: Int, value: Int, count: Int, source: Int) {
    self.target = target
    self.value = value
    self.count = count
    self.source = source
  }
}

/// For each piece, how many of its first elements stay: the longest increasing run that
/// ``_longestIncreasingSubsequenceMask(_:)`` marks in the sequence of the pieces' values (pieces with a value of
/// -1 are not in it), found run by run instead of element by element.
///
/// Patience sorting places the elements of a piece, whose values follow each other, at consecutive places of
/// `tails` (each one above the one before it, and below the old tail after it, since values are distinct), and
/// links each to the one before it. So `tails` is kept as spans of pieces, each element after a piece's first is
/// linked to the one before it, and the walk back from the last tail keeps a first part of each piece it meets.
///
/// - Parameter pieces: The pieces in target order.
/// - Returns: For each piece, the number of its first elements that stay (all of a piece not in the sequence).
/// - Complexity: O(*p*²) for *p* pieces.
internal func _stayingCounts(_ pieces: [_SparsePiece]) -> [Int] {
  // Spans of `tails`: a piece and the first of its elements the span covers, and how many.
  var spans: [(piece: Int, offset: Int, count: Int)] = []
  // The element before each piece's first in its run: piece and offset, or -1.
  var previous = [(piece: Int, offset: Int)](repeating: (-1, 0), count: pieces.count)
  for (index, piece) in pieces.enumerated() where piece.value >= 0 {
    // The spans wholly below the piece's first value; the next span starts above it (values are distinct).
    var below = 0
    while below < spans.count,
      pieces[spans[below].piece].value + spans[below].offset + spans[below].count - 1 < piece.value
    {
      below += 1
    }
    if below > 0 {
      let span = spans[below - 1]
      previous[index] = (span.piece, span.offset + span.count - 1)
    }
    // The piece's elements replace the next `piece.count` places.
    var replaced = [(piece: Int, offset: Int, count: Int)](spans[..<below])
    replaced.append((index, 0, piece.count))
    var skip = piece.count
    var next = below
    while next < spans.count, skip > 0 {
      let span = spans[next]
      if span.count <= skip {
        skip -= span.count
        next += 1
      } else {
        replaced.append((span.piece, span.offset + skip, span.count - skip))
        skip = 0
        next += 1
      }
    }
    replaced.append(contentsOf: spans[next...])
    spans = replaced
  }
  var staying = pieces.map { $0.value >= 0 ? 0 : $0.count }
  guard let last = spans.last else { return staying }
  var piece = last.piece
  var offset = last.offset + last.count - 1
  while piece >= 0 {
    staying[piece] = offset + 1
    (piece, offset) = previous[piece]
  }
  return staying
}
