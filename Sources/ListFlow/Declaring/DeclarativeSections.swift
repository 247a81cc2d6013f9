/// A ``SectionsDeclarator`` that writes its sections with the ``DeclarationBuilder`` result builder.
///
/// ```swift
/// struct Settings: DeclarativeSections {
///   typealias CellDeclaration = Row   // names the builder's element type
///   var isSignedIn: Bool
///   var sections: [ListSection<Row>] {
///     ListSection(id: "account", header: .title("Account")) {
///       if isSignedIn { Row.signOut } else { Row.signIn }
///     }
///   }
/// }
/// ```
public protocol DeclarativeSections: SectionsDeclarator {
  /// The sections of the list, in order.
  @DeclarationBuilder<ListSection<CellDeclaration>> var sections: [ListSection<CellDeclaration>] { get }
}

extension DeclarativeSections {
  /// Calls `section` once for each element of ``sections``.
  ///
  /// - Parameter section: The function that collects a section.
  public func declareSections(_ section: (ListSection<CellDeclaration>) -> Void) {
    for declaration in sections { section(declaration) }
  }
}
