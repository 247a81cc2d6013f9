/// A value that declares the sections of a list, each with an identity, optional header and footer, and cells.
///
/// The sectioned counterpart of ``CellsDeclarator``: headers and footers are declared with the same
/// declaration type as the cells.
///
/// ```swift
/// struct Inbox: SectionsDeclarator {
///   var unread: [Mail]
///   var read: [Mail]
///
///   func declareSections(_ section: (ListSection<MailRow>) -> Void) {
///     if !unread.isEmpty {
///       section(ListSection(id: "unread", header: .title("Unread"), items: unread.map(MailRow.mail)))
///     }
///     section(ListSection(id: "read", header: .title("Read"), items: read.map(MailRow.mail)))
///   }
/// }
/// ```
public protocol SectionsDeclarator {
  /// The type of one declaration (cell, header or footer), usually an enum.
  associatedtype CellDeclaration

  /// Calls `section` once for every section of the list, in order.
  ///
  /// - Parameter section: The function that collects a section.
  func declareSections(_ section: (ListSection<CellDeclaration>) -> Void)
}

extension SectionsDeclarator {
  /// The sections, in the order ``declareSections(_:)`` made them.
  ///
  /// - Complexity: O(n) in the number of sections; computed afresh on every access.
  public var sectionDeclarations: [ListSection<CellDeclaration>] {
    var sections: [ListSection<CellDeclaration>] = []
    declareSections { sections.append($0) }
    return sections
  }
}
