/// The identity of a row, a header or a footer of a static list (the value its ``ListIdentifier`` wraps): its
/// section's identity, its place in the section and, for a ``StaticList``'s, the list it belongs to.
///
/// The section's identity is kept as it is, not as its printed text, so that sections `1` and `"1"` give their rows
/// two identities; the list's number keeps apart the rows of two static lists shown together (say in one
/// ``ComposedFeed``), whose sections may have the same identity (``ListIdentifier/mainSection``, by default).
struct _StaticRowIdentity: Hashable, Sendable, CustomStringConvertible {
  /// Where in its section the binder is.
  enum Place: Hashable, Sendable {
    case header
    case footer
    case row(Int)
  }

  /// The number of the ``StaticList`` the row belongs to, or `nil` for the rows of
  /// ``StaticListConstructor/sectionDeclarations``.
  let list: Int?
  let section: ListIdentifier
  let place: Place

  /// `section.position` (as `"main.0"`, or `"main.header"`), after the list's number when there is one.
  var description: String {
    let place =
      switch place {
      case .header: "header"
      case .footer: "footer"
      case .row(let position): "\(position)"
      }
    return (list.map { "StaticList \($0)." } ?? "") + "\(section).\(place)"
  }

  /// The identity of the binder at `place` in `section`, in list `list`.
  static func identifier(list: Int?, section: ListIdentifier, place: Place) -> ListIdentifier {
    ListIdentifier(_StaticRowIdentity(list: list, section: section, place: place))
  }
}

/// The numbers given to ``StaticList`` instances, one each, so that their rows' identities differ.
@MainActor
enum _StaticListNumbers {
  private static var last = 0

  /// A number no list was given before.
  static func next() -> Int {
    last &+= 1
    return last
  }
}
