import Synchronization

/// The names of cell types, as `String(describing:)` prints them, computed once per type.
///
/// A binder is made for every row of every state, and each asks its cell type for its reuse identifier; printing
/// a type's name is far slower than a locked dictionary look-up.
package final class _TypeNameCache: Sendable {
  /// The cache every cell type shares.
  package static let shared = _TypeNameCache()

  private let names = Mutex<[ObjectIdentifier: String]>([:])

  /// The name of `type`.
  package func name(of type: Any.Type) -> String {
    let key = ObjectIdentifier(type)
    if let name = names.withSanitizedLock({ $0[key] }) { return name }
    let name = String(describing: type)
    names.withSanitizedLock { $0[key] = name }
    return name
  }
}
