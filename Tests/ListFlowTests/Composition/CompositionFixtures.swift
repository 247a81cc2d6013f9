import ListFlow

/// A row with an identity and a content, so that updates show.
struct Row: Hashable, Identifiable, Differentiable, CustomStringConvertible {
  var id: Int
  var value = 0
  var description: String { value == 0 ? "\(id)" : "\(id)'\(value)" }
}

/// A section model with an identity and a title, so that section updates show.
struct Header: Hashable, Identifiable, Differentiable, CustomStringConvertible {
  var id: String
  var title = ""
  var description: String { title.isEmpty ? id : "\(id)(\(title))" }
}

typealias TestSection = ArraySection<Header, Row>

/// A section with rows `ids`.
func section(_ id: String, _ ids: [Int]) -> TestSection {
  ArraySection(model: Header(id: id), elements: ids.map { Row(id: $0) })
}

/// Applies every stage to `view`, checking that each stage fits and reproduces its data.
@MainActor
final class AppliedView {
  var sections: [TestSection]
  var batches: [StagedChangeset<[TestSection]>] = []
  var failures: [String] = []

  init(_ sections: [TestSection]) { self.sections = sections }

  func apply(_ changes: StagedChangeset<[TestSection]>) {
    batches.append(changes)
    for stage in changes {
      do {
        sections = try sections.applying(stage)
        if sections != stage.data { failures.append("stage does not reproduce its data:\n\(stage)") }
      } catch {
        failures.append("stage does not fit: \(error)\n\(stage)")
      }
    }
  }
}
