import ListFlow
import Testing

/// The example of the Composition article, compiled and run.
@MainActor
@Suite("Composition article example")
struct CompositionArticleTests {
  @Test("the article's example prints the child's changes at its place")
  func example() throws {
    var printed: [String] = []
    func print(_ value: Any) { printed.append("\(value)") }

    // The article's code:
    typealias Section = ArraySection<String, String>

    let banner = SectionsFeed(sections: [Section(model: "Banner", elements: ["Sale!"])])
    let feed = SectionsFeed(sections: [Section(model: "Feed", elements: ["a", "b"])])
    let screen = ComposedFeed<Section>()
    try screen.append(banner)
    try screen.append(feed)
    screen.didUpdate = { changes in
      for stage in changes { print(stage) }
    }

    feed.update(to: [Section(model: "Feed", elements: ["a", "b", "c"])])  // element inserted at 1:2
    banner.isHidden = true  // section 0 deleted
    banner.isHidden = false  // section 0 inserted

    #expect(printed == ["elementInserted: 1:2", "sectionDeleted: 0", "sectionInserted: 0"])
  }
}
