/// A static list set up in one call: a ``StaticListConstructor``, a ``ListController`` that shows its sections in
/// a view, and selection wired to the constructor's ``StaticListConstructor/itemSelected(item:)`` or to a tap
/// handler of the row's own.
///
/// ```swift
/// let list = await StaticList(SettingsScreen(), view: RecordingListView())
/// list.onTap(.about) { print("about") }   // this row's own handler, instead of itemSelected(item:)
/// list.constructor.wifiOn = true          // a setting changed
/// await list.reload()                     // rebuilt from the constructor and diffed: the row is reconfigured
/// ```
///
/// The list shows the constructor's ``StaticListConstructor/listHeader`` and ``StaticListConstructor/listFooter``
/// too. The list's events go to ``delegate``; a selected row reaches its handler after
/// ``SyncDelegate/didSelectRow``.
@MainActor
public final class StaticList<Constructor: StaticListConstructor> {
  /// The constructor the list is built from; change it, then call ``reload(animated:)``.
  public var constructor: Constructor
  /// The view the list is shown in.
  public let view: any ListView
  /// The controller that shows the constructor's sections.
  public let controller: ListController<[ListSection<CellBinder>]>
  /// The closures that receive the list's events; a selected row then reaches its tap handler or
  /// ``StaticListConstructor/itemSelected(item:)``.
  public var delegate: SyncDelegate {
    didSet { controller.delegate = routed(delegate) }
  }
  /// The rows with a handler of their own, by model, in the order the handlers were set.
  private var tapHandlers: [(model: Constructor.Model, handler: @MainActor () -> Void)] = []

  /// Builds the list from a constructor and shows it in a view (the first list reloads the view).
  ///
  /// - Parameters:
  ///   - constructor: What the list shows and what selecting a row does.
  ///   - view: The view to drive; the controller's engine becomes its data source.
  ///   - delegate: Closures for the list's other events.
  ///   - configuration: The controller's configuration.
  public init(
    _ constructor: Constructor,
    view: any ListView,
    delegate: SyncDelegate = SyncDelegate(),
    configuration: ListControllerConfiguration = ListControllerConfiguration()
  ) async {
    self.constructor = constructor
    self.view = view
    controller = ListController(view: view, configuration: configuration, delegate: delegate) { sections in sections }
    self.delegate = delegate
    controller.delegate = routed(delegate)
    controller.listHeader = constructor.listHeader
    controller.listFooter = constructor.listFooter
    await controller.apply(constructor.sectionDeclarations)
  }

  /// Sets a row's own tap handler: selecting a row whose model equals `model` runs `handler` instead of the
  /// constructor's ``StaticListConstructor/itemSelected(item:)``. Setting one again for an equal model replaces it.
  ///
  /// - Parameters:
  ///   - model: The row's model.
  ///   - handler: What selecting the row does.
  public func onTap(_ model: Constructor.Model, perform handler: @escaping @MainActor () -> Void) {
    tapHandlers.removeAll { $0.model == model }
    tapHandlers.append((model, handler))
  }

  /// Removes a row's own tap handler; selecting it goes to the constructor again.
  ///
  /// - Parameter model: The row's model.
  public func removeTapHandler(for model: Constructor.Model) {
    tapHandlers.removeAll { $0.model == model }
  }

  /// Builds the list again from ``constructor`` and shows it: diffed with the list shown, so rows whose model
  /// changed are reconfigured in place, rows added or removed are inserted or deleted, and the list's header
  /// and footer follow the constructor's.
  ///
  /// - Parameter animated: Whether the view should animate the change (``ListUpdate/animated``).
  public func reload(animated: Bool = true) async {
    controller.listHeader = constructor.listHeader
    controller.listFooter = constructor.listFooter
    await controller.apply(constructor.sectionDeclarations, animated: animated)
  }

  /// Replaces the constructor, then ``reload(animated:)``.
  ///
  /// - Parameters:
  ///   - constructor: The new constructor.
  ///   - animated: Whether the view should animate the change.
  public func reload(_ constructor: Constructor, animated: Bool = true) async {
    self.constructor = constructor
    await reload(animated: animated)
  }

  /// Sends a selected row to its own handler, else to the constructor.
  /// The delegate with the list's own selection added after ``SyncDelegate/didSelectRow``.
  private func routed(_ delegate: SyncDelegate) -> SyncDelegate {
    var routed = delegate
    let select = delegate.didSelectRow
    routed.didSelectRow = { [weak self] path, row in
      select(path, row)
      self?.select(row)
    }
    return routed
  }

  private func select(_ row: CellBinder) {
    guard let model = row.model(as: Constructor.Model.self) else { return }
    if let entry = tapHandlers.first(where: { $0.model == model }) {
      entry.handler()
    } else {
      constructor.itemSelected(item: model)
    }
  }
}
