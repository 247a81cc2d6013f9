import ListFlowDiff
import TestSupport
import Testing

/// ``PathMapper`` follows every element and section through a changeset to where applying it puts them.
@Suite("Path mapping")
struct PathMappingTests {
  struct Row: Differentiable, Hashable {
    var id: Int
    var value: Int
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: Row) -> Bool { value == source.value }
  }

  typealias Section = ArraySection<Int, Row>

  static func randomSections(using random: inout SeededRandom) -> [Section] {
    var ids = Array(0..<30)
    ids.shuffle(using: &random)
    var sectionIDs = Array(0..<5)
    sectionIDs.shuffle(using: &random)
    var next = 0
    return sectionIDs.prefix(Int.random(in: 1...5, using: &random)).map { sectionID in
      let count = Int.random(in: 0...6, using: &random)
      defer { next += count }
      return Section(
        model: sectionID,
        elements: ids[next..<next + count].map { Row(id: $0, value: Int.random(in: 0...1, using: &random)) })
    }
  }

  @Test("an item followed through every stage lands where the stage's data has it")
  func mappingFollowsItems() {
    var random = SeededRandom(seed: 11)
    for _ in 0..<500 {
      let source = Self.randomSections(using: &random)
      let target = Self.randomSections(using: &random)
      var data = source
      for stage in StagedChangeset(source: source, target: target) {
        for (sectionIndex, section) in data.enumerated() {
          for (itemIndex, row) in section.elements.enumerated() {
            let found = stage.data.enumerated().lazy.compactMap { index, section in
              section.elements.firstIndex { $0.id == row.id }.map { ItemPath(item: $0, section: index) }
            }.first
            let mapped = stage.mappedPath(ItemPath(item: itemIndex, section: sectionIndex))
            if case .kept(let path) = mapped {
              #expect(path == found, "\(source) -> \(target)\n\(stage)")
            } else {
              #expect(found == nil, "a removed item is gone from the stage's data: \(stage)")
            }
          }
        }
        data = stage.data
      }
    }
  }

  /// A label naming where an element or a section was before a changeset (`nil`: it arrived with the changeset).
  struct Origin: Differentiable, Hashable {
    var path: ItemPath?
  }

  /// Sections of origins instead of the data.
  typealias Labeled = ArraySection<Origin, Origin>

  /// `changeset` with its data replaced by unlabeled sections of the same shape, and without its updates (which
  /// move nothing and would replace the labels).
  private func carried(_ changeset: Changeset<[TokenSection]>) -> Changeset<[Labeled]> {
    Changeset(
      data: changeset.data.map { Labeled(model: Origin(), elements: $0.elements.map { _ in Origin() }) },
      sectionDeleted: changeset.sectionDeleted, sectionInserted: changeset.sectionInserted,
      sectionMoved: changeset.sectionMoved, elementDeleted: changeset.elementDeleted,
      elementInserted: changeset.elementInserted, elementMoved: changeset.elementMoved)
  }

  /// What is wrong with mapping every path and section of `before` through `changeset`, against replaying it.
  private func mappingProblems(_ changeset: Changeset<[TokenSection]>, before: [TokenSection]) -> [String] {
    let labeled = before.indices.map { section in
      Labeled(
        model: Origin(path: ItemPath(item: -1, section: section)),
        elements: before[section].elements.indices.map { Origin(path: ItemPath(item: $0, section: section)) })
    }
    guard let after = try? labeled.applying(carried(changeset)) else { return ["the changeset does not apply"] }
    var landed: [ItemPath: ItemPath] = [:]
    var sectionLanded: [Int: Int] = [:]
    for (section, content) in after.enumerated() {
      if let origin = content.model.path { sectionLanded[origin.section] = section }
      for (item, element) in content.elements.enumerated() {
        if let origin = element.path { landed[origin] = ItemPath(item: item, section: section) }
      }
    }
    let mapper = PathMapper(changeset)
    let movedSources = Set(changeset.elementMoved.map(\.source))
    var problems: [String] = []
    for section in before.indices where mapper.mapSection(section) != sectionLanded[section] {
      problems.append(
        "section \(section) maps to \(String(describing: mapper.mapSection(section))), lands at \(String(describing: sectionLanded[section]))"
      )
    }
    for (section, content) in before.enumerated() {
      for item in content.elements.indices {
        let path = ItemPath(item: item, section: section)
        switch (mapper.map(path), landed[path]) {
        case (.kept(let mapped), let found?) where mapped == found: continue
        case (.removed(let place), nil):
          // A deleted element of a section that stays leaves its place to the first element after it that stays
          // (neither deleted nor moved), or to the end of the section when none does.
          guard let newSection = sectionLanded[section] else { continue }
          let stayer = (item + 1..<content.elements.count).lazy.map { ItemPath(item: $0, section: section) }
            .first { !movedSources.contains($0) && landed[$0] != nil }
          let expected = ItemPath(
            item: stayer.flatMap { landed[$0]?.item } ?? after[newSection].elements.count, section: newSection)
          if place != expected { problems.append("\(path) is removed at \(place), its place is \(expected)") }
        case (let mapped, let found):
          problems.append("\(path) maps to \(mapped), lands at \(String(describing: found))")
        }
      }
    }
    return problems
  }

  @Test("mapping every path through a random changeset agrees with replaying it, a removed one at its place")
  func mappingAgreesWithReplay() {
    var failures: [String] = []
    for index in 0..<DeepPass.cases(quick: 1_000, deep: 3_000) where failures.count < 3 {
      let seed = caseSeed(index)
      var generator = CaseGenerator(seed: seed)
      let (source, target) = generator.sectionedPair()
      var before = source
      var problems: [String] = []
      for stage in StagedChangeset(source: source, target: target) {
        problems += mappingProblems(stage, before: before).map { "stage: \($0)\n\(stage)" }
        before = stage.data
      }
      let batch = Changeset(source: source, target: target)
      problems += mappingProblems(batch, before: source).map { "single batch: \($0)\n\(batch)" }
      if !problems.isEmpty {
        failures.append(
          "seed 0x\(String(seed, radix: 16)): \(source) -> \(target)\n" + problems.joined(separator: "\n"))
      }
    }
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n\n"))")
  }

  @Test("mapping a single changeset's paths and sections through its helpers gives the mapper's answers")
  func helpersAgreeWithMapper() {
    let changeset = Changeset(
      data: [0, 1], sectionDeleted: [0], sectionInserted: [1],
      elementDeleted: [ItemPath(item: 0, section: 1)], elementInserted: [ItemPath(item: 2, section: 0)])
    let mapper = PathMapper(changeset)
    for section in 0..<3 { #expect(changeset.mappedSection(section) == mapper.mapSection(section)) }
    for item in 0..<4 {
      let path = ItemPath(item: item, section: 1)
      #expect(changeset.mappedPath(path) == mapper.map(path))
    }
    #expect(changeset.mappedSection(0) == nil)
    #expect(changeset.mappedPath(ItemPath(item: 3, section: 0)) == .removed(ItemPath(item: 0, section: 0)))
    #expect(changeset.mappedPath(ItemPath(item: 0, section: 1)) == .removed(ItemPath(item: 0, section: 0)))
    #expect(changeset.mappedPath(ItemPath(item: 1, section: 1)) == .kept(ItemPath(item: 0, section: 0)))
  }

  @Test("an inconsistent changeset, or positions near Int.min and Int.max, map somewhere and never trap")
  func inconsistentNeverTraps() {
    var random = SeededRandom(seed: 23)
    let extremes = [Int.min, Int.min + 1, -2, -1, 0, 1, 2, 3, 7, Int.max - 1, Int.max]
    func value() -> Int { extremes[Int(random.next() % UInt64(extremes.count))] }
    func path() -> ItemPath { ItemPath(item: value(), section: value()) }
    for _ in 0..<DeepPass.cases(quick: 2_000, deep: 20_000) {
      func some<T>(_ make: () -> T) -> [T] { (0..<Int(random.next() % 4)).map { _ in make() } }
      let changeset = Changeset(
        data: [Section(model: 0, elements: [Row(id: 1, value: 0)])],
        sectionDeleted: some(value), sectionInserted: some(value), sectionUpdated: some(value),
        sectionMoved: some { Move(source: value(), target: value()) },
        elementDeleted: some(path), elementInserted: some(path), elementUpdated: some(path),
        elementMoved: some { Move(source: path(), target: path()) })
      let mapper = PathMapper(changeset)
      // Reaching the end is the property: any answer will do, a trap ends the test process.
      for _ in 0..<4 {
        _ = mapper.map(path())
        _ = mapper.mapSection(value())
      }
      _ = changeset.mappedPath(path())
    }
  }
}
