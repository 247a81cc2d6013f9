import ListFlow

extension TerminalListView {
  /// Runs `body` now and, when the view was not busy already, then the calls deferred meanwhile, in order, and
  /// one frame for all of them (see ``render()``): the view is busy until none is left.
  ///
  /// For the calls whose effect is already in the data source (a change the engine applies, a reload, a new
  /// selection): they run at once even while the view is busy, and their frame waits for the call in progress.
  ///
  /// With an engine for data source, the view is busy only while the engine is applying: a call that finds the
  /// engine idle runs as one of its operations (see `ListEngine.runInOrder(_:)`), so that the calls made from its
  /// callbacks, to the view or to the engine, wait in the engine's queue, in the order asked.
  func runBusy(_ body: () -> Void) {
    if isBusy {
      body()
      return
    }
    if let engine = dataSource as? ListEngine, !engine.isApplying {
      // The engine is idle: it runs the call now, and the calls its callbacks queue after it.
      withoutActuallyEscaping(body) { body in engine.runInOrder { [unowned self] in runBusy(body) } }
      return
    }
    isBusy = true
    defer { isBusy = false }
    body()
    while true {
      if !deferredCalls.isEmpty {
        deferredCalls.removeFirst()()
      } else if needsFrame, queuedCalls == 0 {
        if let engine = dataSource as? ListEngine, engine.hasPendingOperations {
          // Calls a callback made to the engine (a new list, a scroll) wait: one frame once they are done.
          queuedCalls += 1
          engine.runInOrder { [unowned self] in
            queuedCalls -= 1
            render()
          }
          break
        }
        needsFrame = false
        drawFrame()
      } else {
        // Calls of the view wait in the engine's queue: the last of them draws the frame.
        break
      }
    }
  }

  /// Runs `body` now when the view is not busy (see ``runBusy(_:)``); else queues it behind the calls queued
  /// before it, to run once the call in progress is done: a call the app makes from a callback of the view (a
  /// delegate's closure, a cell's configure closure) while the view draws a frame, handles a key or the mouse,
  /// resizes, scrolls or applies a change.
  ///
  /// With an engine for data source, the queue is the engine's: a call made while the engine is applying (a
  /// change, or a call of the view, see ``runBusy(_:)``) runs after every call queued before it, to the engine or
  /// to the view.
  func runOrDefer(_ body: @escaping () -> Void) {
    if let engine = dataSource as? ListEngine, engine.isApplying {
      queuedCalls += 1
      engine.runInOrder { [unowned self] in
        queuedCalls -= 1
        runBusy(body)
      }
    } else if isBusy {
      deferredCalls.append(body)
    } else {
      runBusy(body)
    }
  }

  /// Whether the frame being made is out of date: a call made from one of its callbacks changed what it shows or
  /// waits to change it. It is then not written, and the next frame is made once the calls are done.
  var frameIsStale: Bool { needsFrame || !deferredCalls.isEmpty || queuedCalls > 0 }
}
