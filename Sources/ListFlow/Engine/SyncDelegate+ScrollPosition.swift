extension SyncDelegate {
  /// Where a list's viewport is: its offset, its height and the height of the whole content, in the host's unit.
  public struct ScrollPosition: Hashable, Sendable, CustomStringConvertible {
    /// The distance from the top of the content to the top of the viewport.
    public var offset: Int
    /// The viewport's height.
    public var viewportHeight: Int
    /// The height of the whole content.
    public var contentHeight: Int

    /// Creates a position.
    ///
    /// - Parameters:
    ///   - offset: The distance from the top of the content to the top of the viewport.
    ///   - viewportHeight: The viewport's height.
    ///   - contentHeight: The height of the whole content.
    public init(offset: Int, viewportHeight: Int, contentHeight: Int) {
      self.offset = offset
      self.viewportHeight = viewportHeight
      self.contentHeight = contentHeight
    }

    /// Whether the viewport shows the top of the content.
    public var isAtTop: Bool { offset <= 0 }

    /// Whether the viewport shows the end of the content (also when the content is shorter than the viewport).
    ///
    /// Any values are accepted, negative ones and those near `Int.max` included: the answer is the one of exact
    /// arithmetic, `offset + viewportHeight >= contentHeight`, without overflow.
    public var isAtEnd: Bool {
      let (end, overflow) = offset.addingReportingOverflow(viewportHeight)
      // The sum overflows upwards only when both terms are positive (then it exceeds every Int), downwards only
      // when both are negative (then it is below every Int).
      guard !overflow else { return viewportHeight > 0 }
      return end >= contentHeight
    }

    /// `offset/contentHeight (viewport n)`.
    public var description: String { "\(offset)/\(contentHeight) (viewport \(viewportHeight))" }
  }
}
