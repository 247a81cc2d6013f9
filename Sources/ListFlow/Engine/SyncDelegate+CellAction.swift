extension SyncDelegate {
  /// An action a cell sent (a button in a row, a toggle in a header), with the element the cell shows now.
  ///
  /// The element is the cell's current position, found by the cell's identity: among rows that share an identity,
  /// the event names the row whose cell sent it.
  public struct CellAction: Sendable, CustomStringConvertible {
    /// The action, as the cell sent it.
    public var action: any Sendable
    /// The row, header or footer the cell shows, in the positions of the delegate that receives the event.
    public var element: ListElement
    /// The binder of that row, header or footer.
    public var row: CellBinder

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - element: The row, header or footer the cell shows.
    ///   - row: Its binder.
    public init(action: any Sendable, element: ListElement, row: CellBinder) {
      self.action = action
      self.element = element
      self.row = row
    }

    /// Creates the event of a row's cell.
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - path: The row's position.
    ///   - row: The row's binder.
    public init(action: any Sendable, path: ItemPath, row: CellBinder) {
      self.init(action: action, element: .row(path), row: row)
    }

    /// The row's position, or `nil` when the action came from a header or footer.
    public var path: ItemPath? {
      if case .row(let path) = element { return path }
      return nil
    }

    /// The action, if it is an `Action`.
    ///
    /// - Parameter type: The type to read the action as.
    /// - Returns: The action, or `nil` when it has another type.
    public func action<Action>(as type: Action.Type = Action.self) -> Action? { action as? Action }

    /// The action and where it came from.
    public var description: String { "\(action) at \(element)" }
  }
}
