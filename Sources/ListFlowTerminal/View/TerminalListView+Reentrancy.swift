extension TerminalListView {
  /// Runs `body` now and, when the view was not busy already, then the calls deferred meanwhile, in order, and
  /// one frame for all of them (see ``render()``): the view is busy until none is left.
  ///
  /// For the calls whose effect is already in the data source (a change the engine applies, a reload, a new
  /// selection): they run at once even while the view is busy, and their frame waits for the call in progress.
  func runBusy(_ body: () -> Void) {
    if isBusy {
      body()
      return
    }
    isBusy = true
    defer { isBusy = false }
    body()
    while true {
      if !deferredCalls.isEmpty {
        deferredCalls.removeFirst()()
      } else if needsFrame {
        needsFrame = false
        drawFrame()
      } else {
        break
      }
    }
  }

  /// Runs `body` now when the view is not busy (see ``runBusy(_:)``); else queues it behind the calls queued
  /// before it, to run once the call in progress is done: a call the app makes from a callback of the view (a
  /// delegate's closure, a cell's configure closure) while the view draws a frame, handles a key or the mouse,
  /// resizes, scrolls or applies a change.
  func runOrDefer(_ body: @escaping () -> Void) {
    if isBusy {
      deferredCalls.append(body)
    } else {
      runBusy(body)
    }
  }

  /// Whether the frame being made is out of date: a call made from one of its callbacks changed what it shows or
  /// waits to change it. It is then not written, and the next frame is made once the calls are done.
  var frameIsStale: Bool { needsFrame || !deferredCalls.isEmpty }
}
