import ListFlowDiff
import TestSupport
import Testing

/// `_sameBitsPrefix` counts a run of elements with the same bits by comparing memory, and `_sameBitsSuffix` a run
/// that ends both; the row diff walks long runs of unchanged rows with the first, an outline's nodes with both, so
/// they must never count past an element that differs, and must stop less than a piece before it (else the caller
/// walks those elements one by one).
@Suite("Runs of the same bits")
struct SameBitsTests {
  /// A row without padding: its bits are its fields.
  struct Packed: Equatable {
    var id: Int
    var payload: Int
  }

  /// A row with padding between its fields and at its end (stride 24, size 17).
  struct Padded: Equatable {
    var flag: Int8
    var id: Int
    var tag: Int8
  }

  /// The length of the run of equal elements at the start of both.
  private func run<Value: Equatable>(_ first: [Value], _ second: [Value], from start: Int) -> Int {
    var count = 0
    while start + count < min(first.count, second.count), first[start + count] == second[start + count] {
      count += 1
    }
    return count
  }

  /// The count of `_sameBitsPrefix` from `start`, at most `limit`.
  private func prefix<Value>(_ first: [Value], _ second: [Value], from start: Int, limit: Int) -> Int {
    first.withUnsafeBufferPointer { first in
      second.withUnsafeBufferPointer { second in
        _sameBitsPrefix(first.baseAddress! + start, second.baseAddress! + start, limit: limit)
      }
    }
  }

  @Test("random runs of packed rows: the count stops at most a piece before the first row that differs, never past it")
  func packedRuns() {
    var random = SeededRandom(seed: 0x5A3E_B175)
    let piece = _sameBitsPiece(of: Packed.self)
    #expect(piece == 8)
    for index in 0..<DeepPass.cases(quick: 2_000, deep: 20_000) {
      let count = 1 + random.below(index % 10 == 0 ? 3_000 : 300)
      let first = (0..<count).map { Packed(id: $0, payload: random.below(4)) }
      var second = first
      for _ in 0..<random.below(4) { second[random.below(count)].payload += 1 + random.below(3) }
      let start = random.below(count)
      let limit = random.below(count - start + 1)
      let same = min(run(first, second, from: start), limit)
      let counted = prefix(first, second, from: start, limit: limit)
      #expect(counted <= same, "case \(index): \(counted) past the run of \(same)")
      #expect(counted > same - piece, "case \(index): \(counted) stops a piece or more before \(same)")
    }
  }

  /// The length of the run of equal elements that end both at `end`.
  private func trailingRun<Value: Equatable>(_ first: [Value], _ second: [Value], end: Int) -> Int {
    var count = 0
    while count < end, first[end - 1 - count] == second[end - 1 - count] { count += 1 }
    return count
  }

  /// The count of `_sameBitsSuffix` of the elements before `end`, at most `limit`.
  private func suffix<Value>(_ first: [Value], _ second: [Value], end: Int, limit: Int) -> Int {
    first.withUnsafeBufferPointer { first in
      second.withUnsafeBufferPointer { second in
        _sameBitsSuffix(endingAt: first.baseAddress! + end, second.baseAddress! + end, limit: limit)
      }
    }
  }

  @Test("random runs of packed rows from an end: the count stops at most a piece before the last row that differs")
  func packedTrailingRuns() {
    var random = SeededRandom(seed: 0x7A11_5A3E)
    let piece = _sameBitsPiece(of: Packed.self)
    for index in 0..<DeepPass.cases(quick: 2_000, deep: 20_000) {
      let count = 1 + random.below(index % 10 == 0 ? 3_000 : 300)
      let first = (0..<count).map { Packed(id: $0, payload: random.below(4)) }
      var second = first
      for _ in 0..<random.below(4) { second[random.below(count)].payload += 1 + random.below(3) }
      let end = 1 + random.below(count)
      let limit = random.below(end + 1)
      let same = min(trailingRun(first, second, end: end), limit)
      let counted = suffix(first, second, end: end, limit: limit)
      #expect(counted <= same, "case \(index): \(counted) past the run of \(same)")
      #expect(counted > same - piece, "case \(index): \(counted) stops a piece or more before \(same)")
    }
  }

  @Test("random runs of padded rows: the count never passes a row whose fields differ")
  func paddedRuns() {
    var random = SeededRandom(seed: 0x9ADD_ED00)
    for index in 0..<DeepPass.cases(quick: 1_000, deep: 10_000) {
      let count = 1 + random.below(500)
      let first = (0..<count).map { Padded(flag: Int8(random.below(3)), id: $0, tag: 1) }
      var second = first
      for _ in 0..<random.below(4) { second[random.below(count)].tag = 2 }
      let start = random.below(count)
      let limit = random.below(count - start + 1)
      let counted = prefix(first, second, from: start, limit: limit)
      #expect(counted <= min(run(first, second, from: start), limit), "case \(index)")
    }
  }

  @Test("an empty type has no memory to compare: nothing is counted")
  func emptyType() {
    struct Empty {}
    let rows = [Empty](repeating: Empty(), count: 100)
    #expect(prefix(rows, rows, from: 0, limit: 100) == 0)
  }
}
