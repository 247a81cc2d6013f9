import ListFlow
import ListFlowDiff
import TestSupport
import Testing

/// `SectionsFeed.update(to:duplicates: .reject)` judges the new sections alone: sections the feed holds that repeat
/// an identity (put in by `update(to:)`, which matches duplicates in order, or by `apply(_:)`) never make it refuse
/// a later update that repeats none.
@MainActor
@Suite struct SectionsFeedRejectPropertyTests {
  typealias Section = ArraySection<String, Int>

  /// Whether an identity stands twice: a section name, or a row anywhere in the list.
  static func repeatsIdentity(_ sections: [Section]) -> Bool {
    let rows = sections.flatMap(\.elements)
    return Set(sections.map(\.model)).count != sections.count || Set(rows).count != rows.count
  }

  static func randomSections(_ random: inout SeededRandom, allowingRepeats: Bool) -> [Section] {
    var names = ["a", "b", "c", "d"].shuffled(using: &random)
    if allowingRepeats, random.oneIn(3) { names[1] = names[0] }
    var next = 0
    return names.prefix(1 + random.below(4)).map { name in
      let rows = (0..<random.below(4)).map { _ -> Int in
        next += 1
        return allowingRepeats && random.oneIn(4) ? 1 : next + 1
      }
      return Section(model: name, elements: rows)
    }
  }

  @Test(
    "under .reject, an update is refused exactly when its own sections repeat an identity, whatever the feed holds",
    arguments: DeepPass.seeds(quick: 60, deep: 600))
  func rejectJudgesTheUpdate(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    let feed = SectionsFeed<Section>()
    // The model: the sections the feed's sent changes leave, replayed from the start.
    var replayed: [Section] = []
    var replayFailed = false
    feed.didUpdate = { changes in
      for stage in changes {
        guard let next = try? replayed.applying(stage) else {
          replayFailed = true
          return
        }
        replayed = next
      }
    }
    for step in 0..<12 {
      let sections = Self.randomSections(&random, allowingRepeats: true)
      let before = feed.sections
      switch random.below(3) {
      case 0:
        feed.update(to: sections)
        #expect(feed.sections == sections, "seed \(seed) step \(step)")
      default:
        var refused = false
        do { try feed.update(to: sections, duplicates: .reject) } catch { refused = true }
        let context = "seed \(seed) step \(step): \(before) -> \(sections)"
        #expect(refused == Self.repeatsIdentity(sections), "\(context)")
        #expect(feed.sections == (refused ? before : sections), "\(context)")
      }
      #expect(!replayFailed && replayed == feed.sections, "seed \(seed) step \(step): the changes sent replay wrong")
    }
  }
}
