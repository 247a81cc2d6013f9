import TestSupport
import Testing

@testable import ListFlow

/// The slots of a section of a told edit's index (`_RowIndex.Slots`: blocks of 64 slots in groups of 16, and a
/// tree of the groups) give every row the position a plain array of the rows gives it, through random inserts and
/// removals, on sections that end inside a block, on a block's edge and past it, and in one group or several.
@Suite("Row index slots")
struct RowIndexSlotsTests {
  /// A row of the plain model: an original row by its slot, or an inserted one by its identity.
  enum Row: Equatable {
    case original(Int)
    case inserted(Int)
  }

  @Test("random inserts and removals leave every row where a plain array puts it")
  func slotsFollowAPlainArray() {
    for seed in DeepPass.seeds(quick: 10, deep: 400) {
      var random = SeededRandom(seed: seed)
      let sizes = [0, 1, 62, 63, 64, 65, 127, 128, 200, 1_023, 1_024, 1_025, 1_088, 2_100]
      let size = random.oneIn(2) ? sizes[random.below(sizes.count)] : random.below(300)
      var slots = _RowIndex.Slots(count: size)
      var model = (1...max(size, 1)).prefix(size).map { Row.original($0) }
      var slotOfInserted: [Int: Int] = [:]
      var nextID = 0
      for step in 0..<120 {
        if model.isEmpty || random.below(5) < 2 {
          // Rows inserted in clumps, so that blocks hold several slots with inserted rows.
          let position = random.oneIn(4) && !model.isEmpty ? model.count : random.below(model.count + 1)
          let ids = (0..<(1 + random.below(3))).map { _ in
            defer { nextID += 1 }
            return nextID
          }
          let slot = slots.insert(ids.map { ListIdentifier($0) }, at: position)
          for id in ids { slotOfInserted[id] = slot }
          model.insert(contentsOf: ids.map { Row.inserted($0) }, at: position)
        } else {
          let position = random.below(model.count)
          switch model.remove(at: position) {
          case .original(let slot): slots.removeOriginal(at: slot)
          case .inserted(let id): slots.removeInserted(ListIdentifier(id), from: slotOfInserted[id] ?? -1)
          }
        }
        #expect(slots.count == model.count, "seed \(seed), step \(step)")
        // Every row checked after every step in a short section, every tenth step (and the last) in a long one:
        // a row misplaced stays misplaced.
        guard model.count <= 300 || step % 10 == 9 else { continue }
        // The first row the slots place otherwise than the model, if any.
        let misplaced = model.indices.first { position in
          let expected: (slot: Int, offset: Int)
          switch model[position] {
          case .original(let slot):
            guard slots.isAlive(slot) else { return true }
            expected = (slot, 0)
          case .inserted(let id):
            let slot = slotOfInserted[id] ?? -1
            guard let index = slots.inserted(in: slot).firstIndex(of: ListIdentifier(id)) else { return true }
            expected = (slot, (slots.isAlive(slot) ? 1 : 0) + index)
          }
          return slots.prefix(expected.slot) + expected.offset != position || slots.locate(position) != expected
        }
        #expect(misplaced == nil, "seed \(seed), step \(step): row \(misplaced ?? -1) misplaced")
        if misplaced != nil { return }
        // No slot whose row was removed says it is still there.
        let kept = Set(model.compactMap { if case .original(let slot) = $0 { slot } else { nil } })
        let revived = (0...size).first { slots.isAlive($0) != kept.contains($0) }
        #expect(revived == nil, "seed \(seed), step \(step): slot \(revived ?? -1)")
      }
    }
  }
}

/// The sort a told edit puts its touched rows in order with (`_EditLog.sortIntegers`) orders as the standard
/// library's sort does: arrays of every length around its runs of 16 and their merges, with repeated values,
/// values in order, in reverse and at random.
@Suite("Told edit integer sort")
struct ToldEditIntegerSortTests {
  @Test("sorts as the standard library's sort does")
  func sortsAsTheStandardLibrary() {
    for seed in DeepPass.seeds(quick: 40, deep: 800) {
      var random = SeededRandom(seed: seed)
      let lengths = [0, 1, 2, 15, 16, 17, 31, 32, 33, 63, 64, 65, 125, 250, 513]
      let length = random.oneIn(2) ? lengths[random.below(lengths.count)] : random.below(600)
      let range = random.oneIn(3) ? 8 : 1 << 40
      var values = (0..<length).map { _ in random.below(range) }
      switch random.below(4) {
      case 0: values.sort()
      case 1: values.sort(by: >)
      default: break
      }
      var sorted = values
      _EditLog.sortIntegers(&sorted)
      #expect(sorted == values.sorted(), "seed \(seed), length \(length)")
    }
  }
}
