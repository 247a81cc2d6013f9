extension ListSelection {
  /// How many rows of a list can be selected at once: none, one, or any number.
  ///
  /// ```swift
  /// engine.selectionMode = .multiple
  /// ```
  public struct Mode: Hashable, Sendable, CustomStringConvertible {
    private enum Kind: Hashable, Sendable {
      case none
      case single
      case multiple
    }

    private let kind: Kind

    private init(_ kind: Kind) {
      self.kind = kind
    }

    /// No row can be selected: the list keeps no selection (``ListEngine/selectRow(at:)`` still reports the user's
    /// choice to the delegate). The default.
    public static let none = ListSelection.Mode(.none)
    /// At most one row is selected: selecting another replaces it.
    public static let single = ListSelection.Mode(.single)
    /// Any number of rows can be selected.
    public static let multiple = ListSelection.Mode(.multiple)

    /// How many rows the mode allows: 0, 1 or `Int.max`.
    public var limit: Int {
      switch kind {
      case .none: 0
      case .single: 1
      case .multiple: Int.max
      }
    }

    /// `none`, `single` or `multiple`.
    public var description: String {
      switch kind {
      case .none: "none"
      case .single: "single"
      case .multiple: "multiple"
      }
    }
  }
}
