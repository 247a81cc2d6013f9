extension ListSelection.Change {
  /// A selection change split by the feed that owns each of its rows, so that each feed hears of its own rows
  /// only: their identities, each once, at their positions in that feed.
  ///
  /// The engine splits the change it dispatches over the feeds that own the rows it shows; a filter splits the
  /// change it hears over the feeds under its source.
  ///
  /// - Complexity: O(1) amortised for each row or identity noted: each feed's change is built in place, and a
  ///   set remembers the identities it holds, so a change of every row is linear.
  @MainActor struct SplitByFeed {
    private struct Part {
      let feed: any ListFeed<ListSectionSnapshot>
      var change: ListSelection.Change
      var added: Set<ListIdentifier> = []
      var removed: Set<ListIdentifier> = []
    }

    /// The whole selection after the change, the same for every feed.
    private let selection: ListSelection
    private var parts: [ObjectIdentifier: Part] = [:]

    /// Creates an empty split of a change that leaves `selection` selected.
    init(selection: ListSelection) {
      self.selection = selection
    }

    /// Notes that `feed`'s row carrying `id` was added to the selection (or removed from it).
    ///
    /// - Parameter local: The row's position in `feed`; `nil` for a row that is not in the list (deleted, or hidden
    ///   by a filter), whose feed hears of its identity alone.
    mutating func note(
      _ id: ListIdentifier, at local: ItemPath?, of feed: any ListFeed<ListSectionSnapshot>, added: Bool
    ) {
      let key = ObjectIdentifier(feed)
      if parts[key] == nil {
        parts[key] = Part(feed: feed, change: ListSelection.Change(selection: selection, added: [], removed: []))
      }
      // Changed where it is kept: a copy taken out and put back would copy its arrays for every row.
      if added {
        if let local { parts[key]?.change.addedRows.append(local) }
        if parts[key]?.added.insert(id).inserted == true { parts[key]?.change.added.append(id) }
      } else {
        if let local { parts[key]?.change.removedRows.append(local) }
        if parts[key]?.removed.insert(id).inserted == true { parts[key]?.change.removed.append(id) }
      }
    }

    /// Each feed noted, with the identities added to the selection among its rows.
    var addedByFeed: [(feed: any ListFeed<ListSectionSnapshot>, added: [ListIdentifier])] {
      parts.values.map { ($0.feed, $0.change.added) }
    }

    /// Tells each feed noted of its part of the change, its positions ascending (a filter maps the positions of
    /// a list shown that lags behind its newest rows, which may order them otherwise).
    func send() {
      for part in parts.values {
        var change = part.change
        change.addedRows.sort()
        change.removedRows.sort()
        part.feed.eventDelegate.didChangeSelection(change)
      }
    }
  }
}
