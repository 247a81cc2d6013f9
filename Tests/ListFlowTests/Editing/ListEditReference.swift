import ListFlow
import ListFlowTesting

/// A plain model of a list's identities and the edits of `ListEdit`, written the obvious way, to check the
/// editing API against: each edit returns whether it is valid, and changes the model only when it is.
struct ReferenceList: Equatable {
  var sections: [(id: Int, rows: [Int])] = []

  static func == (left: ReferenceList, right: ReferenceList) -> Bool {
    left.sections.map(\.id) == right.sections.map(\.id) && left.sections.map(\.rows) == right.sections.map(\.rows)
  }

  var allRows: [Int] { sections.flatMap(\.rows) }
  func section(_ id: Int) -> Int? { sections.firstIndex { $0.id == id } }
  func row(_ id: Int) -> (section: Int, item: Int)? {
    for (index, section) in sections.enumerated() {
      if let item = section.rows.firstIndex(of: id) { return (index, item) }
    }
    return nil
  }
  func areNew(_ rows: [Int]) -> Bool { Set(rows).count == rows.count && Set(rows).isDisjoint(with: allRows) }

  mutating func insertSection(_ id: Int, rows: [Int], at index: Int?) -> Bool {
    guard let index, (0...sections.count).contains(index), section(id) == nil, areNew(rows) else { return false }
    sections.insert((id, rows), at: index)
    return true
  }
  mutating func deleteSection(_ id: Int) -> Bool {
    guard let index = section(id) else { return false }
    sections.remove(at: index)
    return true
  }
  mutating func moveSection(_ id: Int, next other: Int, after: Bool) -> Bool {
    guard id != other, let source = section(id), section(other) != nil else { return false }
    let moved = sections.remove(at: source)
    sections.insert(moved, at: section(other)! + (after ? 1 : 0))
    return true
  }
  mutating func insertRows(_ rows: [Int], section: Int?, item: Int?) -> Bool {
    guard let section, sections.indices.contains(section), areNew(rows) else { return false }
    let item = item ?? sections[section].rows.count
    guard (0...sections[section].rows.count).contains(item) else { return false }
    sections[section].rows.insert(contentsOf: rows, at: item)
    return true
  }
  mutating func deleteRows(_ ids: [Int]) -> Bool {
    guard ids.allSatisfy({ row($0) != nil }) else { return false }
    for index in sections.indices { sections[index].rows.removeAll { ids.contains($0) } }
    return true
  }
  mutating func moveRow(_ id: Int, next other: Int, after: Bool) -> Bool {
    guard id != other, let source = row(id), row(other) != nil else { return false }
    sections[source.section].rows.remove(at: source.item)
    let target = row(other)!
    sections[target.section].rows.insert(id, at: target.item + (after ? 1 : 0))
    return true
  }
  mutating func moveRow(_ id: Int, section: Int, item: Int) -> Bool {
    guard let source = row(id), sections.indices.contains(section) else { return false }
    let count = sections[section].rows.count - (source.section == section ? 1 : 0)
    guard (0...count).contains(item) else { return false }
    sections[source.section].rows.remove(at: source.item)
    sections[section].rows.insert(id, at: item)
    return true
  }
}

extension ListEdit {
  /// The edit's identities as a reference list (row identities are the `TestRow` ids).
  var reference: ReferenceList {
    ReferenceList(
      sections: sections.map { section in
        (id: section.model.id.value(as: Int.self) ?? -1, rows: section.elements.map { $0.id.value(as: Int.self) ?? -1 })
      })
  }
}
