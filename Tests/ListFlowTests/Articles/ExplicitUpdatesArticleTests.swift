import ListFlow
import ListFlowTesting
import Testing

/// The types of the Explicit updates article, compiled in a namespace of its own.
enum ExplicitUpdatesArticle {
  // The article's code:
  @MainActor
  final class ClockCell: BindableCell {
    static var now = 0
    var text = ""
    func bind(_ name: String) { text = "\(name) at \(Self.now)" }
    var textRepresentation: String { text }
  }
}

@MainActor
@Suite("Explicit updates article example")
struct ExplicitUpdatesArticleTests {
  typealias ClockCell = ExplicitUpdatesArticle.ClockCell

  @Test("the article's clock row is refreshed by identity, and the hint reaches the batch")
  func example() async throws {
    // The article's code:
    let view = RecordingListView()
    let controller = ListController<[CellBinder]>()
    let engine = try ListEngine(view: view, showing: controller)
    await controller.apply([ClockCell.makeBinder(value: "build", id: "build")])
    ClockCell.now = 42
    engine.reconfigureRows(["build"])
    engine.reloadRows(["build"], animated: false)
    // Its result:
    #expect(view.renderedLines == ["build at 42"])
    // The first state's insert (the engine showed the empty list when it was made), then one batch a request.
    #expect(view.updates.map(\.changeset.sectionInserted.count) == [1, 0, 0])
    #expect(view.updates.map(\.reconfiguredRows.count) == [0, 1, 0])
    #expect(view.updates.map(\.reloadedRows.count) == [0, 0, 1])
    #expect(view.updates.map(\.animated) == [true, true, false])
    // The article's code:
    await controller.apply([ClockCell.makeBinder(value: "deploy", id: "deploy")], animated: false)
    let hint = view.updates.last?.animated  // false: a host that animates shows this change at once
    // Its result:
    #expect(hint == false)
    #expect(view.renderedLines == ["deploy at 42"])
  }
}
