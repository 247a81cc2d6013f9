import ListFlow
import ListFlowTesting
import Synchronization
import Testing

// The README's "Long lists" example, compiled and run: rows declared as values.

struct Contact: Identifiable, Equatable, Sendable, Differentiable {
  var id: Int
  var name: String
}

final class ContactCell: BindableCell {
  private(set) var text = ""
  func bind(_ contact: Contact) { text = contact.name }
  var textRepresentation: String { text }
}

@Suite("README: rows declared as values")
@MainActor
struct ReadmeRowsExampleTests {
  @Test("the controller shows the contacts and makes binders only for the rows the view reads")
  func rows() async throws {
    let calls = Mutex(0)
    let view = RecordingListView()
    let controller = ListController<[Contact]> { contacts in
      [ListSection(id: "contacts", items: contacts)]
    } cell: { contact in
      calls.withLock { $0 += 1 }
      return ContactCell.makeBinder(value: contact, id: contact.id)
    }
    let engine = try ListEngine(view: view, showing: controller)
    var contacts = [Contact(id: 1, name: "Ada"), Contact(id: 2, name: "Grace"), Contact(id: 3, name: "Linus")]
    await controller.apply(contacts)
    #expect(view.renderedLines == ["Ada", "Grace", "Linus"])
    #expect(calls.withLock { $0 } == 3)

    contacts[1].name = "Grace Hopper"
    contacts.swapAt(0, 2)
    await controller.apply(contacts)
    #expect(view.renderedLines == ["Linus", "Grace Hopper", "Ada"])
    #expect(calls.withLock { $0 } <= 3 + 2 * 3)  // only the rows the change touched were read again
    #expect(view.inconsistencies.isEmpty)
    withExtendedLifetime(engine) {}
  }
}
