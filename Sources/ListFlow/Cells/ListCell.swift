/// A reusable row, header or footer view of any host: a terminal line, a recorded test cell, a UI view.
///
/// ListFlow knows nothing of how a cell draws. A cell is a class created with `init()`, and says how it is
/// registered (``reuseIdentifier``, by default its type's full name) and how tall it is (``preferredHeight`` and
/// ``estimatedHeight``, in the host's unit: rows in a terminal).
///
/// A cell is configured once, right after it is made: whenever a row's content changes, or the row comes back on
/// screen, the engine makes a new cell and configures that (see ``CellReusePool``). So a cell shows its row and
/// nothing else by construction: it needs no reset code, and its properties' initial values are what a row that
/// does not set them shows.
///
/// ```swift
/// final class TitleCell: ListCell, TitledConfigurable {
///   var text = ""
///   func configure(by model: any Titled) { text = model.title ?? "" }
///   var textRepresentation: String { text }
/// }
/// ```
@MainActor
public protocol ListCell: AnyObject, SendableMetatype {
  /// Creates an empty cell; the reuse pool calls it when no cell is free.
  init()

  /// The key under which the reuse pool keeps cells of this type; by default the type's full name, as
  /// `String(reflecting:)` prints it (`App.Settings.Cell`), so that two cell types never share a key, even when
  /// their own names are the same (`Settings.Cell` and `Profile.Cell`).
  nonisolated static var reuseIdentifier: String { get }

  /// The height of every cell of this type, or `nil` when each cell sizes itself (the default).
  ///
  /// A height declared on the item (``CellBinder/height``) wins over this one.
  nonisolated static var preferredHeight: Int? { get }

  /// The height a host assumes before it has measured a self-sizing cell; 1 by default.
  nonisolated static var estimatedHeight: Int { get }

  /// Lets go of what the cell holds (a timer, a file) when it leaves the list; does nothing by default.
  ///
  /// The pool calls it when the cell is given back; the cell is never configured again, so this is no place
  /// to reset what it shows.
  func prepareForReuse()

  /// The cell's content as plain text, for hosts that print lines and for tests; by default the type's name, as
  /// `String(describing:)` prints it (`Cell` for `Settings.Cell`).
  var textRepresentation: String { get }
}

extension ListCell {
  /// The type's full name, as `String(reflecting:)` prints it (computed once per type, then cached): the module
  /// and the enclosing types, so that no two cell types share it.
  public nonisolated static var reuseIdentifier: String { _TypeNameCache.shared.scope(of: Self.self).name }

  /// `nil`: cells size themselves.
  public nonisolated static var preferredHeight: Int? { nil }

  /// 1.
  public nonisolated static var estimatedHeight: Int { 1 }

  /// Does nothing.
  public func prepareForReuse() {}

  /// The type's name, as `String(describing:)` prints it.
  public var textRepresentation: String { _TypeNameCache.shared.name(of: Self.self) }
}
