import ListFlowDiff

/// A test element: identity `id`, content `content`. It prints as a letter (`a`…`z` for ids 0…25, `A`…`Z` for
/// 26…51, `#id` beyond) followed by one prime per content step: `b''` is id 1 with content 2.
///
/// `==` compares both fields, so comparing arrays of tokens checks identities *and* contents.
struct Token: Differentiable, Hashable, Sendable, CustomStringConvertible {
  var id: Int
  var content: Int

  init(_ id: Int, _ content: Int = 0) {
    self.id = id
    self.content = content
  }

  var differenceIdentifier: Int { id }

  func isContentEqual(to source: Token) -> Bool { content == source.content }

  /// The same element with its content changed.
  var updated: Token { Token(id, content + 1) }

  var description: String {
    let name: String
    switch id {
    case 0..<26: name = String(UnicodeScalar(UInt8(97 + id)))
    case 26..<52: name = String(UnicodeScalar(UInt8(65 + id - 26)))
    default: name = "#\(id)"
    }
    return name + String(repeating: "'", count: max(0, content))
  }

  /// Parses tokens separated by spaces: a letter gives the identity, each following `'` adds one to the content.
  ///
  /// `Token.list("a b' c")` is `[Token(0), Token(1, 1), Token(2)]`.
  static func list(_ text: String) -> [Token] {
    text.split(separator: " ").map { word in
      let letter = word.unicodeScalars.first!
      let id = letter.properties.isUppercase ? Int(letter.value) - 65 + 26 : Int(letter.value) - 97
      return Token(id, word.filter { $0 == "'" }.count)
    }
  }
}

/// A section of tokens; its model is a token too (an uppercase letter by convention).
typealias TokenSection = ArraySection<Token, Token>

/// Parses sections separated by `|`, each `Model: elements`: `sections("A: a b | B': c")`.
func sections(_ text: String) -> [TokenSection] {
  text.split(separator: "|").map { part in
    let halves = part.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
    let model = Token.list(String(halves[0]))[0]
    return TokenSection(model: model, elements: Token.list(halves.count > 1 ? String(halves[1]) : ""))
  }
}
