import ListFlow

extension RecordingListView {
  /// A scroll the view was asked for.
  public struct ScrollRequest: Hashable, Sendable, CustomStringConvertible {
    /// The row's position.
    public var path: ItemPath
    /// Where the row was to go on screen.
    public var alignment: ListEngine.ScrollAlignment

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - path: The row's position.
    ///   - alignment: Where the row was to go.
    public init(path: ItemPath, alignment: ListEngine.ScrollAlignment) {
      self.path = path
      self.alignment = alignment
    }

    /// `path alignment`, for example `0:40 center`.
    public var description: String { "\(path) \(alignment)" }
  }

  /// Records the request (the whole list counts as on screen, so nothing moves).
  ///
  /// - Parameters:
  ///   - path: The row's position.
  ///   - alignment: Where the row goes on screen.
  public func scrollToRow(at path: ItemPath, alignment: ListEngine.ScrollAlignment) {
    scrollRequests.append(ScrollRequest(path: path, alignment: alignment))
  }

  /// The height of each row the view holds, per section, as its data source declares it (the item's own, else
  /// its cell type's, else an estimate); `nil` for a row the data source no longer has.
  public var rowHeights: [[RowHeight?]] {
    sections.enumerated().map { section, content in
      content.rows.indices.map { dataSource?.height(of: .row(ItemPath(item: $0, section: section))) }
    }
  }

  /// The height of a row, header or footer as the data source declares it, or `nil` when it has none.
  ///
  /// - Parameter element: The row, header or footer.
  /// - Returns: Its height.
  public func height(of element: ListElement) -> RowHeight? {
    dataSource?.height(of: element)
  }
}
