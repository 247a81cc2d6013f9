import ListFlowTerminal

/// The Demo's own commands, in the same key map as the built-in ones (so the help line, `?` and `--help` list
/// them): enter pins or unpins the process under the cursor, `d` hides it, `t` shows or hides its threads.
enum DemoKeys {
  /// The process id of the row under the cursor: top and pinned rows carry it as their tag; threads, the machine
  /// section and the paged list carry none.
  @MainActor
  static func pid(_ context: TerminalCommand.Context) -> Int? {
    context.rowBinder?.tag?.value(as: Int.self)
  }

  /// The standard key map with the Demo's commands: pin before select (enter pins a process, and still selects
  /// other rows, such as the paged list's retry row), hide in place of delete.
  ///
  /// - Parameter store: The state the commands change; `nil` for `--help`, which only lists them.
  static func keyMap(store: Store<DemoState>?) -> KeyMap {
    let pin = TerminalCommand(
      "pin", keys: [.enter], shortHelp: "pin", help: "pin or unpin the process (process rows)",
      isAvailable: { pid($0) != nil }
    ) { context in
      guard let pid = pid(context) else { return }
      store?.update { $0.togglePin(pid) }
    }
    let hide = TerminalCommand(
      "hide", keys: [.character("d")], shortHelp: "hide", help: "hide the process (process rows)",
      isAvailable: { pid($0) != nil }
    ) { context in
      guard let pid = pid(context) else { return }
      store?.update { $0.hide(pid) }
    }
    let threads = TerminalCommand(
      "threads", keys: [.character("t")], shortHelp: "threads", help: "show or hide the process's threads",
      isAvailable: { TerminalCommand.expand.isAvailable($0) || TerminalCommand.collapse.isAvailable($0) }
    ) { context in
      if !context.view.perform(.expand) { context.view.perform(.collapse) }
    }
    var keys = KeyMap.standard
    keys.remove(.delete)
    let select = keys.bindings.firstIndex { $0.command == .select } ?? 0
    keys.bindings.insert(KeyBinding(pin.keys, pin), at: select)
    keys.add(hide)
    keys.add(threads)
    return keys
  }
}
