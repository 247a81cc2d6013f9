import ListFlowDiff
import ListFlowTesting
import TestSupport

/// The source and target of the sectioned scenario of Benchmarks/README.md, drawn from `SeededRandom(seed: 42)`.
enum SectionedInputs {
  /// A section of the scenario: its model is its number.
  typealias Section = ArraySection<Int, Item>
  /// A source and a target.
  typealias Pair = (source: [Section], target: [Section])

  /// `sec100x1k`: `sections` sections (model = number 0, 1, …) of `size` items each (100 × 1,000).
  ///
  /// In every section: delete positions 200..<300, take out 900..<910 as movers, update every kept position
  /// `p % 100 == 50`, insert 100 new items at index 300 (of the section once deleted and movers taken out), shuffle
  /// 0..<20. Then section s's movers are appended to the end of section s+1 (the last's to section 0), and the
  /// last section moves to the front. Draws: all source items, section by section; then per section its 100
  /// new items, then its shuffle.
  static func sec100x1k(sections: Int = 100, size: Int = 1_000) -> Pair {
    var random = SeededRandom()
    let source = (0..<sections).map { Section(model: $0, elements: random.newItems(size)) }
    var bodies: [[Item]] = []
    var movers: [[Item]] = []
    for section in source {
      let elements = section.elements
      var body: [Item] = []
      for p in elements.indices where !(200..<300).contains(p) && !(900..<910).contains(p) {
        body.append(p % 100 == 50 ? elements[p].updated : elements[p])
      }
      movers.append(Array(elements[900..<910]))
      body.insert(contentsOf: random.newItems(100), at: 300)
      random.shuffle(&body, in: 0..<20)
      bodies.append(body)
    }
    for s in 0..<sections { bodies[(s + 1) % sections] += movers[s] }
    var target = zip(source, bodies).map { Section(source: $0, elements: $1) }
    target.insert(target.removeLast(), at: 0)
    return (source, target)
  }
}
