extension PagingController {
  /// Tells the controller a row is displayed; when it is within ``prefetchDistance`` of the end and the list is
  /// ``RefreshState/paginated``, a load-more starts in a task (``displayTriggeredLoad``); while that task is
  /// scheduled or running, more displayed rows start nothing.
  ///
  /// A failed page is not retried from here (it would retry on every displayed row): the user retries with a
  /// refresh or a load-more.
  ///
  /// - Parameter row: The displayed row's position among ``rows`` (a footer row after them counts as the end).
  /// - Returns: Whether a load-more started.
  @discardableResult
  public func rowDisplayed(_ row: Int) -> Bool {
    guard state == .paginated, !isDisplayLoadScheduled,
      prefetchDistance.isNearEnd(coveredRows: 0..<(row < Int.max ? max(0, row + 1) : row), rowCount: rows.count)
    else { return false }
    let first = max(0, row)
    isDisplayLoadScheduled = true
    displayTriggeredLoad = Task {
      let outcome = await self.visibleRowsChanged(first..<(first < Int.max ? first + 1 : first))
      self.isDisplayLoadScheduled = false
      return outcome
    }
    return true
  }

  /// Makes a delegate request the next page when a row of a section nears the end: after its
  /// ``SyncDelegate/willDisplayCell``, the engine calls ``rowDisplayed(_:)``. Installing the same controller again
  /// replaces the earlier hook (with the new section) instead of adding another.
  ///
  /// ```swift
  /// var delegate = SyncDelegate()
  /// paging.installLoadMore(on: &delegate)
  /// let list = ListController(view: view, delegate: delegate) { (sections: [ListSection<CellBinder>]) in sections }
  /// ```
  ///
  /// - Parameters:
  ///   - delegate: The delegate of the list that shows the paged rows.
  ///   - section: The section that holds the paged rows.
  public func installLoadMore(on delegate: inout SyncDelegate, section: Int = 0) {
    delegate.displayHooks["loadMore:\(ObjectIdentifier(self))"] = { [weak self] _, path in
      guard path.section == section else { return }
      self?.rowDisplayed(path.item)
    }
  }
}
