extension PagingController {
  /// Tells the controller a row is displayed; when it is within ``prefetchDistance`` of the end and the list is
  /// ``State/paginated``, a load-more starts in a task (``displayTriggeredLoad``); while that task is
  /// scheduled or running, more displayed rows start nothing.
  ///
  /// A failed page is not retried from here (it would retry on every displayed row): the user retries with a
  /// refresh or a load-more. That holds for the task too: when a load fails between the call and the start of the
  /// task (a refresh or a load-more whose loader failed without waiting, say), the task loads nothing, and its
  /// outcome is ``Outcome/ignored(_:)`` with ``IgnoreReason/staleResult``.
  ///
  /// After a page that added no row, a displayed row after the content (a loading, failed or end-of-list footer
  /// comes and goes with every load) starts nothing: only a displayed row of the content (the user scrolled to it)
  /// loads again, so a server answering empty pages cannot make the list load by itself. The rows displayed while
  /// such a page loaded are forgotten too.
  ///
  /// A row displayed while no load-more can start (a load runs that no displayed row started, the last page is
  /// loaded, a load failed), or whose task finds that a load failed meanwhile, is remembered: it may stay on screen
  /// and never be displayed again, so a load that then replaces the rows and leaves more pages to come (a
  /// ``refresh()`` or ``refreshLoadedPages()`` of live data whose last page now names a next one, a retried refresh)
  /// loads while the furthest such row is near the end, as after a report of the rows covered. A short list never
  /// stalls with more pages to come. A ``PagedFeed`` also hears when rows leave the screen, and lowers that row to
  /// the furthest row still displayed: a refresh never loads for a row the user scrolled away from.
  ///
  /// - Parameter row: The displayed row's position among ``rows`` (a footer row after them counts as the end).
  /// - Returns: Whether a load-more started.
  @discardableResult
  public func rowDisplayed(_ row: Int) -> Bool {
    if isDisplayLoadScheduled {
      furthestDisplayedDuringLoad = max(furthestDisplayedDuringLoad ?? row, row)
      return false
    }
    if isWaitingForNewReport {
      guard row >= 0, row < rows.count else { return false }
    }
    let first = max(0, row)
    guard state == .paginated,
      prefetchDistance.isNearEnd(coveredRows: 0..<(row < Int.max ? max(0, row + 1) : row), rowCount: rows.count)
    else {
      // No load-more can start now, yet the row stays on screen: a refresh that leaves more pages to come loads
      // from it, even when it is not displayed again.
      if state != .paginated { furthestDisplayedWithoutLoad = max(furthestDisplayedWithoutLoad ?? first, first) }
      return false
    }
    furthestDisplayedWithoutLoad = nil  // the displayed rows load from now on
    isWaitingForNewReport = false  // a displayed row of the content is news
    isDisplayLoadScheduled = true
    let pagesAddingNoRow = pagesAddingNoRow
    displayTriggeredLoad = Task {
      var outcome: Outcome
      if case .error = self.state {
        // A load failed since the row was displayed: the load-more would retry it. The row stays on screen, as
        // one displayed while no load-more can start.
        outcome = .ignored(.staleResult)
        self.furthestDisplayedWithoutLoad = max(self.furthestDisplayedWithoutLoad ?? first, first)
      } else {
        // A page that added no row since the row was displayed answered it already.
        let isNews = self.pagesAddingNoRow == pagesAddingNoRow
        outcome = await self.report(coveredRows: first..<(first < Int.max ? first + 1 : first), isNews: isNews)
      }
      self.isDisplayLoadScheduled = false
      // A page that added no row brought nothing on screen: what was displayed meanwhile is no news.
      if self.isWaitingForNewReport { self.furthestDisplayedDuringLoad = nil }
      // Rows the page brought on screen while it loaded ask for the next one now.
      if let later = self.furthestDisplayedDuringLoad {
        self.furthestDisplayedDuringLoad = nil
        if self.rowDisplayed(later), let next = self.displayTriggeredLoad { outcome = await next.value }
      }
      return outcome
    }
    return true
  }

  /// A ``PagedFeed`` tells which rows stay on screen after one left it: the rows remembered as on screen (those
  /// displayed while no load-more could start, those displayed while a displayed row's load ran, and the row
  /// whose load reported it as covered) are lowered to the furthest row still displayed, or forgotten when none
  /// is. So a refresh that leaves more pages to come loads on only while a row on screen now is near the end,
  /// never for a row the user scrolled away from.
  ///
  /// - Parameter furthest: The furthest row of the feed still displayed (a footer row counts), `nil` for none.
  func rowsStillDisplayed(upTo furthest: Int?) {
    furthestDisplayedWithoutLoad = Self.lowered(furthestDisplayedWithoutLoad, to: furthest)
    furthestDisplayedDuringLoad = Self.lowered(furthestDisplayedDuringLoad, to: furthest)
    if coveredRowsAreDisplayedRow, let covered = coveredRows {
      coveredRows = furthest.map { min(covered.lowerBound, $0)..<min(covered.upperBound, $0 < Int.max ? $0 + 1 : $0) }
    }
  }

  /// A remembered row, lowered to the furthest row still displayed.
  private static func lowered(_ row: Int?, to furthest: Int?) -> Int? {
    guard let row, let furthest else { return nil }
    return min(row, furthest)
  }
}
