/// A host-agnostic image: a name a host resolves, and the text a text-only host shows instead.
///
/// ```swift
/// ListImage(name: "star.fill", text: "★")
/// ```
public struct ListImage: Hashable, Sendable, CustomStringConvertible {
  /// The image's name, resolved by the host (a symbol, an asset, a URL).
  public var name: String
  /// A short text shown by hosts that draw no images (an emoji or a symbol character).
  public var text: String

  /// Creates an image.
  ///
  /// - Parameters:
  ///   - name: The name the host resolves.
  ///   - text: The text shown by text-only hosts; empty by default.
  public init(name: String, text: String = "") {
    self.name = name
    self.text = text
  }

  /// The text, or the name in brackets when there is no text.
  public var description: String { text.isEmpty ? "[\(name)]" : text }
}
