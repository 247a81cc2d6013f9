import ListFlow
import ListFlowDiff
import TestSupport
import Testing

/// The identities and contents the diff reads from binders without copying them.
@Suite("Binder identity, hashing and content")
struct BinderIdentityTests {
  @Test("integer identities: equal values are equal with equal hashes; scope and type keep others apart")
  func integerIdentities() {
    let values = [0, 1, -1, 42, Int.max, Int.min]
    for value in values {
      let identifier = ListIdentifier(value)
      #expect(identifier == ListIdentifier(value))
      #expect(identifier.hashValue == ListIdentifier(value).hashValue)
      #expect(identifier != ListIdentifier(value, scope: "cell"))
      #expect(identifier != ListIdentifier(Int64(value)))
      #expect(identifier.value(as: Int.self) == value)
    }
    let distinctHashes = Set((0..<10_000).map { ListIdentifier($0).hashValue })
    #expect(distinctHashes.count == 10_000)
  }

  @Test("set and dictionary hashes: equal identities agree under any seed, and distinct ones spread over buckets")
  func tableHashes() {
    var random = SeededRandom(seed: 7)
    for _ in 0..<200 {
      let seed = Int(truncatingIfNeeded: random.next())
      let value = Int(truncatingIfNeeded: random.next())
      let text = "row \(random.below(1_000))"
      #expect(ListIdentifier(value)._rawHashValue(seed: seed) == ListIdentifier(value)._rawHashValue(seed: seed))
      #expect(ListIdentifier(text)._rawHashValue(seed: seed) == ListIdentifier(text)._rawHashValue(seed: seed))
      #expect(
        ListIdentifier(ListIdentifier(text))._rawHashValue(seed: seed)
          == ListIdentifier(text)._rawHashValue(seed: seed))
      // Consecutive identities (the usual rows) land in the low bits a table masks with about evenly: no bucket of
      // 1,024 gets more than 4 times its share of 16,384 identities, under every seed drawn.
      if random.below(20) == 0 {
        var buckets = [Int](repeating: 0, count: 1_024)
        let start = random.below(1_000_000)
        for id in start..<start + 16_384 { buckets[ListIdentifier(id)._rawHashValue(seed: seed) & 1_023] += 1 }
        #expect(buckets.max() ?? 0 <= 64)
      }
    }
    let ids: [Int] = Array(0..<10_000)
    var table: [ListIdentifier: Int] = [:]
    for id in ids { table[ListIdentifier(id)] = id }
    #expect(ids.allSatisfy { table[ListIdentifier($0)] == $0 })
    #expect(table[ListIdentifier(10_000)] == nil)
  }

  @Test("paths and elements: equal ones hash alike under any seed, a grid of them spreads, and sets find them all")
  func pathHashes() {
    var random = SeededRandom(seed: 11)
    for _ in 0..<50 {
      let seed = Int(truncatingIfNeeded: random.next())
      let path = ItemPath(item: random.below(100_000), section: random.below(100))
      #expect(
        path._rawHashValue(seed: seed) == ItemPath(item: path.item, section: path.section)._rawHashValue(seed: seed))
      for element in [ListElement.row(path), .header(section: path.section), .footer(section: path.section)] {
        #expect(element._rawHashValue(seed: seed) == element._rawHashValue(seed: seed))
      }
      // 64 sections of 256 rows into 1,024 buckets: none gets more than 4 times its share.
      var buckets = [Int](repeating: 0, count: 1_024)
      for section in 0..<64 {
        for item in 0..<256 { buckets[ItemPath(item: item, section: section)._rawHashValue(seed: seed) & 1_023] += 1 }
      }
      #expect(buckets.max() ?? 0 <= 64)
    }
    let paths = (0..<20).flatMap { section in (0..<500).map { ItemPath(item: $0, section: section) } }
    let elements =
      paths.map(ListElement.row) + (0..<20).flatMap { [ListElement.header(section: $0), .footer(section: $0)] }
    let pathSet = Set(paths)
    let elementSet = Set(elements)
    #expect(pathSet.count == paths.count && paths.allSatisfy { pathSet.contains($0) })
    #expect(elementSet.count == elements.count && elements.allSatisfy { elementSet.contains($0) })
    #expect(!pathSet.contains(ItemPath(item: 500, section: 0)) && !elementSet.contains(.header(section: 20)))
  }

  @Test("a binder's difference hash and identity follow its id, also after changing it")
  func binderIdentity() {
    let first = RowCell.makeBinder(value: TestRow(id: 1, version: 0, isAlternate: false), id: 1)
    let same = RowCell.makeBinder(value: TestRow(id: 1, version: 5, isAlternate: false), id: 1)
    let other = AlternateRowCell.makeBinder(value: TestRow(id: 2, version: 0, isAlternate: true), id: 2)
    #expect(first.hasSameIdentity(as: same))
    #expect(first.differenceHash == same.differenceHash)
    #expect(!first.hasSameIdentity(as: other))
    let renamed = other.identified(by: 1)
    #expect(renamed.hasSameIdentity(as: first))
    #expect(renamed.differenceHash == first.differenceHash)
    #expect(ObjectIdentifier(renamed.cellType) == ObjectIdentifier(AlternateRowCell.self))
  }

  @Test("setting a binder's id, tag or height changes that binder alone: its copies keep theirs")
  func identityChangesOneBinder() {
    var random = SeededRandom(seed: 17)
    for _ in 0..<DeepPass.cases(quick: 300, deep: 3_000) {
      let row = TestRow(id: random.below(40), version: random.below(3), isAlternate: false)
      let kind = random.below(3)
      let tag = random.below(3) == 0 ? ListIdentifier(random.below(5)) : nil
      let height = random.below(3) == 0 ? 1 + random.below(3) : nil
      // Each call makes a storage of its own.
      func make() -> CellBinder {
        var binder: CellBinder
        switch kind {
        case 0: binder = RowCell.makeBinder(value: row, id: ListIdentifier(row.id))
        case 1:
          binder = CellBinder(data: NumberedItem(identity: row.id, text: "\(row.version)"), mapper: NumberedMapper.self)
        default:
          binder = CellBinder(cell: RowCell.self, value: row, id: ListIdentifier(row.id)) { cell, row in cell.bind(row)
          }
        }
        binder.tag = tag
        binder.height = height
        return binder
      }
      let reference = make()
      // Copies share the storage; a binder without copies holds its own (as a new binder whose id an app sets).
      var binders = [make()]
      for _ in 0..<random.below(3) { binders.append(binders[0]) }
      let changed = random.below(binders.count)
      let (id, newTag, newHeight) = (ListIdentifier(random.below(50)), ListIdentifier(random.below(5)), random.below(4))
      let field = random.below(3)
      switch field {
      case 0: binders[changed].id = id
      case 1: binders[changed].tag = newTag
      default: binders[changed].height = newHeight
      }
      let content = field == 0 ? reference : field == 1 ? reference.tagged(newTag) : reference.height(newHeight)
      for (index, binder) in binders.enumerated() {
        let isChanged = index == changed
        let message: Comment = "field \(field), binder \(index) of \(binders.count)"
        #expect(binder.id == (isChanged && field == 0 ? id : reference.id), message)
        #expect(binder.isContentEqual(to: isChanged ? content : reference), message)
        #expect(binder.tag == (isChanged && field == 1 ? newTag : tag), message)
        #expect(binder.height == (isChanged && field == 2 ? newHeight : height), message)
        #expect(ObjectIdentifier(binder.cellType) == ObjectIdentifier(reference.cellType))
      }
    }
  }

  @Test("content: equal values are equal; value, tag, height or cell type changes are not")
  func binderContent() {
    let row = TestRow(id: 1, version: 0, isAlternate: false)
    let binder = RowCell.makeBinder(value: row, id: 1)
    #expect(binder.isContentEqual(to: RowCell.makeBinder(value: row, id: 1)))
    let changed = RowCell.makeBinder(value: TestRow(id: 1, version: 1, isAlternate: false), id: 1)
    #expect(!binder.isContentEqual(to: changed))
    #expect(!binder.isContentEqual(to: binder.tagged("x")))
    #expect(!binder.isContentEqual(to: binder.height(3)))
    #expect(binder.tagged("x").isContentEqual(to: binder.tagged("x")))
    #expect(!binder.isContentEqual(to: AlternateRowCell.makeBinder(value: row, id: 1)))
    let custom = CellBinder(cell: RowCell.self, value: row, id: 1, reuseIdentifier: "wide") { cell, row in
      cell.bind(row)
    }
    #expect(custom.reuseIdentifier == "wide")
    #expect(binder.reuseIdentifier == "ListFlowTests.RowCell")
    #expect(!custom.hasSameCell(as: binder))
    #expect(custom.isContentEqual(to: custom.identified(by: 1)))
  }

  /// An item's data model with an `Int` identity.
  struct NumberedItem: ListItemDataModel {
    var identity: Int
    var text: String
    var tag: ListIdentifier? { nil }
  }

  /// An item's data model with a `String` identity.
  struct NamedItem: ListItemDataModel {
    var identity: String
    var text: String
    var tag: ListIdentifier? { identity.isEmpty ? nil : ListIdentifier(identity) }
  }

  enum NumberedMapper: Mapper {
    static func map(data: NumberedItem, cell: TextCell) { cell.title = data.text }
  }

  enum OtherNumberedMapper: Mapper {
    static func map(data: NumberedItem, cell: TextCell) { cell.title = data.text.uppercased() }
  }

  enum NamedMapper: Mapper {
    static func map(data: NamedItem, cell: TextCell) { cell.title = data.text }
  }

  @Test("items: the identity is the data model's, scoped by its type, equal and hashed alike however it is made")
  func itemIdentities() {
    var random = SeededRandom(seed: 23)
    let numberScope = String(reflecting: NumberedItem.self)
    let nameScope = String(reflecting: NamedItem.self)
    let dimmed = ListItemStyle<TextCell>("dimmed") { $0.title += " ·" }
    for _ in 0..<DeepPass.cases(quick: 300, deep: 5_000) {
      let number = random.oneIn(4) ? random.below(100) : Int(truncatingIfNeeded: random.next())
      let item = NumberedItem(identity: number, text: "n\(random.below(5))")
      let binder = CellBinder(data: item, mapper: NumberedMapper.self)
      let scoped = ListIdentifier(number, scope: numberScope)
      #expect(binder.id == scoped && binder.id.hashValue == scoped.hashValue, "\(number)")
      let seed = Int(truncatingIfNeeded: random.next())
      #expect(binder.id._rawHashValue(seed: seed) == scoped._rawHashValue(seed: seed))
      #expect(binder.id != ListIdentifier(number) && binder.id != ListIdentifier(number, scope: nameScope))
      #expect(binder.model(as: NumberedItem.self) == item)
      let name = "row \(random.below(50))"
      let named = CellBinder(data: NamedItem(identity: name, text: "t"), mapper: NamedMapper.self)
      #expect(named.id == ListIdentifier(name, scope: nameScope))
      #expect(named.id.hashValue == ListIdentifier(name, scope: nameScope).hashValue)
      #expect(named.tag == ListIdentifier(name))
      // Content: the data model, the mapper type and the style's names; the identity's storage made again keeps it.
      let same = CellBinder(data: item, mapper: NumberedMapper.self)
      #expect(binder.isContentEqual(to: same) && binder.isContentEqual(to: same.identified(by: 7)))
      #expect(!binder.isContentEqual(to: CellBinder(data: item, mapper: OtherNumberedMapper.self)))
      #expect(
        !binder.isContentEqual(
          to: CellBinder(data: NumberedItem(identity: number, text: item.text + "!"), mapper: NumberedMapper.self)))
      #expect(!binder.isContentEqual(to: CellBinder(data: item, mapper: NumberedMapper.self, style: dimmed)))
    }
    // Scoped identities spread: 10,000 consecutive ones, 10,000 hashes.
    let hashes = Set(
      (0..<10_000).map {
        CellBinder(data: NumberedItem(identity: $0, text: ""), mapper: NumberedMapper.self).id.hashValue
      })
    #expect(hashes.count == 10_000)
  }
}
