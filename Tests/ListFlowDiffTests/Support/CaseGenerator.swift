import ListFlowDiff
import TestSupport

/// Builds random source and target pairs, small enough to check many of them in a debug build.
///
/// Half the targets are edits of their source (deletes, updates, moves, inserts: realistic diffs with many
/// matches), the others are drawn independently; some cases use a tiny alphabet, so identifiers repeat.
struct CaseGenerator {
  var random: SeededRandom
  /// The next fresh identifier.
  private var nextIdentifier = 100

  init(seed: UInt64) { random = SeededRandom(seed: seed) }

  private mutating func freshToken(alphabet: Int?) -> Token {
    if let alphabet { return Token(random.below(alphabet), random.below(2)) }
    nextIdentifier += 1
    return Token(nextIdentifier, random.below(2))
  }

  /// `count` tokens: distinct identifiers when `alphabet` is nil, else identifiers below `alphabet`.
  mutating func tokens(_ count: Int, alphabet: Int?) -> [Token] {
    (0..<count).map { _ in freshToken(alphabet: alphabet) }
  }

  /// `items` with some deleted, some updated, some moved and some inserted.
  mutating func edit(_ items: [Token], alphabet: Int?) -> [Token] {
    var result: [Token] = []
    for item in items where !random.oneIn(5) { result.append(random.oneIn(5) ? item.updated : item) }
    for _ in 0..<random.below(4) where !result.isEmpty {
      let item = result.remove(at: random.below(result.count))
      result.insert(item, at: random.below(result.count + 1))
    }
    for _ in 0..<random.below(4) { result.insert(freshToken(alphabet: alphabet), at: random.below(result.count + 1)) }
    return result
  }

  /// A flat pair.
  mutating func flatPair(maximumCount: Int = 10) -> (source: [Token], target: [Token]) {
    let alphabet: Int? = random.oneIn(3) ? 1 + random.below(5) : nil
    let source = tokens(random.below(maximumCount + 1), alphabet: alphabet)
    let target =
      random.oneIn(2) ? edit(source, alphabet: alphabet) : tokens(random.below(maximumCount + 1), alphabet: alphabet)
    return (source, target)
  }

  /// A sectioned pair of up to `maximumSections` sections of up to `maximumElements` elements.
  mutating func sectionedPair(
    maximumSections: Int = 4, maximumElements: Int = 4
  ) -> (
    source: [TokenSection], target: [TokenSection]
  ) {
    let sectionAlphabet: Int? = random.oneIn(4) ? 1 + random.below(3) : nil
    let alphabet: Int? = random.oneIn(4) ? 1 + random.below(4) : nil
    func newSection(_ generator: inout CaseGenerator) -> TokenSection {
      var model = generator.freshToken(alphabet: sectionAlphabet)
      model.id += 26  // section models print as capitals
      return TokenSection(
        model: model,
        elements: generator.tokens(generator.random.below(maximumElements + 1), alphabet: alphabet))
    }
    let source = (0..<random.below(maximumSections + 1)).map { _ in newSection(&self) }
    guard random.oneIn(2) else {
      return (source, (0..<random.below(maximumSections + 1)).map { _ in newSection(&self) })
    }
    // Edit: sections deleted, updated, moved, inserted; elements edited in place and moved across sections.
    var target: [TokenSection] = []
    for section in source where !random.oneIn(5) {
      let model = random.oneIn(5) ? section.model.updated : section.model
      target.append(TokenSection(model: model, elements: edit(section.elements, alphabet: alphabet)))
    }
    for _ in 0..<random.below(3) where !target.isEmpty {
      let section = target.remove(at: random.below(target.count))
      target.insert(section, at: random.below(target.count + 1))
    }
    for _ in 0..<random.below(2) { target.insert(newSection(&self), at: random.below(target.count + 1)) }
    for _ in 0..<random.below(4) where target.count > 1 {
      let from = random.below(target.count)
      guard !target[from].elements.isEmpty else { continue }
      let item = target[from].elements.remove(at: random.below(target[from].elements.count))
      let to = random.below(target.count)
      target[to].elements.insert(item, at: random.below(target[to].elements.count + 1))
    }
    return (source, target)
  }
}
