import ListFlow
import ListFlowTesting
import Testing

/// The types of the Editing lists as values article, compiled in a namespace of its own.
enum EditingSnapshotsArticle {
  // The article's code:
  @MainActor
  final class MessageCell: BindableCell {
    var text = ""
    func bind(_ message: String) { text = message }
    var textRepresentation: String { text }
  }
}

@MainActor
@Suite("Editing lists as values article example")
struct EditingSnapshotsArticleTests {
  typealias MessageCell = EditingSnapshotsArticle.MessageCell

  @Test("the article's edits show the edited list; a bad edit throws and changes nothing")
  func example() async throws {
    var printed: [String] = []
    func print(_ value: Any) { printed.append("\(value)") }
    // The article's code:
    let view = RecordingListView()
    let controller = ListController<[ListSection<CellBinder>]>()
    let engine = try ListEngine(view: view, showing: controller)
    var edit = controller.makeEdit()
    try edit.appendSections(["inbox"])
    let hello = MessageCell.makeBinder(value: "hello", id: "m1")
    let bye = MessageCell.makeBinder(value: "bye", id: "m2")
    try edit.appendRows([hello, bye])
    try edit.moveRow("m2", before: "m1")
    controller.apply(edit)
    // Its result:
    #expect(view.renderedLines == ["bye", "hello"])
    // The article's code:
    try controller.performEdits { edit in
      try edit.deleteRows(["m2"])
      try edit.reconfigureRows(["m1"])
    }
    // Its result:
    #expect(view.renderedLines == ["hello"])
    #expect(view.configuredCells.last?.isReconfigured == true)
    // The article's code:
    try controller.performEdits { edit in
      try edit.updateRows([MessageCell.makeBinder(value: "hello again", id: "m1")])
    }
    // Its result:
    #expect(view.renderedLines == ["hello again"])
    // The article's code:
    var again = controller.makeEdit()
    do {
      try again.insertRows([MessageCell.makeBinder(value: "again", id: "m1")], after: "m1")
    } catch {
      print(error)  // a row with the identity m1 is in the list already
    }
    // Its result:
    #expect(printed == ["a row with the identity m1 is in the list already"])
    #expect(again.rowIdentifiers == ["m1"])
    withExtendedLifetime(engine) {}
  }
}
