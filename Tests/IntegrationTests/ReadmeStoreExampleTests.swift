import ListFlow
import ListFlowTesting
import Testing

// The README's store example, compiled and run.

final class LineCell: BindableCell {
  private(set) var text = ""
  func bind(_ value: String) { text = value }
  var textRepresentation: String { text }
}

struct Inbox: CellsDeclarator {
  var messages: [String]
  func declareCells(_ cell: (String) -> Void) { messages.forEach(cell) }
}

@Suite("The README's store and streaming example", .timeLimit(.minutes(60)))
@MainActor
struct ReadmeStoreExampleTests {
  @Test("a controller follows a store's stream and shows its last state")
  func readmeStoreExample() async throws {
    let store = Store(Inbox(messages: ["hello"]))
    let view = RecordingListView()
    let controller = ListController<Inbox>(cell: { LineCell.makeBinder(value: $0) })
    let engine = try ListEngine(view: view, showing: controller)
    let rendering = Task { await controller.run(store.updates()) }  // follows the store until cancelled

    store.update { $0.messages.append("world") }  // from any task
    store.finish()  // ends the stream after the states it holds
    await rendering.value

    #expect(view.renderedLines == ["hello", "world"])
    #expect(store.subscriberCount == 0)
    withExtendedLifetime(engine) {}
  }

  @Test("the Store and streaming article: a controller follows a store until its task is cancelled")
  func storeAndStreaming() async throws {
    let view = RecordingListView()
    let message = "hello"
    let store = Store(Inbox(messages: []))
    let controller = ListController<Inbox>(cell: { LineCell.makeBinder(value: $0) })
    let engine = try ListEngine(view: view, showing: controller)
    let rendering = Task { await controller.run(store.updates()) }

    store.update { $0.messages.append(message) }  // from anywhere: the list shows it next
    rendering.cancel()  // the controller stops; the store forgets the stream
    await rendering.value
    #expect(store.subscriberCount == 0)
    withExtendedLifetime(engine) {}
  }

}
