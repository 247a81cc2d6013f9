/// An action a cell sent (see ``ActionEmittingCell``), with the row it came from.
public struct CellActionEvent: Sendable, CustomStringConvertible {
  /// The action, as the cell sent it.
  public var action: any Sendable
  /// Where the row is when the action arrives.
  public var path: ItemPath
  /// The row's binder: its identity, model and tag.
  public var row: CellBinder

  /// Creates an event.
  ///
  /// - Parameters:
  ///   - action: The action.
  ///   - path: The row's position.
  ///   - row: The row's binder.
  public init(action: any Sendable, path: ItemPath, row: CellBinder) {
    self.action = action
    self.path = path
    self.row = row
  }

  /// The action, if it is an `Action`.
  ///
  /// - Parameter type: The type to read the action as.
  /// - Returns: The action, or `nil` when it has another type.
  public func action<Action>(as type: Action.Type = Action.self) -> Action? { action as? Action }

  /// `action at path`.
  public var description: String { "\(action) at \(path)" }
}
