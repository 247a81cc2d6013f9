/// A cell that sends typed actions to the app: a button in a row, a switch, a stepper.
///
/// The controller installs ``sendAction`` each time it configures the cell; the cell calls it, and the action
/// reaches ``SyncDelegate/didReceiveCellAction`` together with the row's current position and binder (see
/// ``SyncDelegate/onAction(_:perform:)`` for the typed form); from a section's header or footer, with the section.
/// The cell of the list's own header or footer (``ListEngine/listHeader``, ``ListEngine/listFooter``) belongs to no
/// section: its actions reach the engine delegate's ``SyncDelegate/didReceiveListSupplementaryAction`` with its
/// binder.
///
/// ```swift
/// final class StepperCell: ListCell, ActionEmittingCell {
///   enum Action: Sendable { case increment, decrement }
///   var sendAction: ((Action) -> Void)?
///   func tapPlus() { sendAction?(.increment) }
/// }
/// ```
public protocol ActionEmittingCell: ListCell {
  /// The type of action the cell sends.
  associatedtype Action: Sendable

  /// The function the cell calls to send an action; set by the controller, `nil` until the cell is configured.
  var sendAction: ((Action) -> Void)? { get set }
}
