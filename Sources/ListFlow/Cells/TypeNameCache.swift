import Synchronization

/// The names of cell types, as `String(describing:)` prints them, computed once per type.
///
/// A binder is made for every row of every state, and each asks its cell type for its reuse identifier; printing
/// a type's name is far slower than a locked dictionary look-up.
package final class _TypeNameCache: Sendable {
  /// The cache every cell type shares.
  package static let shared = _TypeNameCache()

  private let names = Mutex<[_TypeKey: (name: String, hash: Int)]>([:])

  /// The name of `type`, printed the first time it is asked for.
  package func name(of type: Any.Type) -> String { scope(of: type).name }

  /// The name of `type` and its hash (`name.hashValue`), computed the first time they are asked for: a scope an
  /// identity can be hashed with without hashing the name again (see `ListIdentifier.init(_:scope:scopeHash:)`).
  package func scope(of type: Any.Type) -> (name: String, hash: Int) {
    let key = _TypeKey(type: ObjectIdentifier(type))
    if let scope = names.withSanitizedLock({ $0[key] }) { return scope }
    let name = String(describing: type)
    let scope = (name: name, hash: name.hashValue)
    names.withSanitizedLock { $0[key] = scope }
    return scope
  }
}

/// A type as a dictionary key hashed by one multiply (a type's identifier is a pointer), not a `Hasher` round.
private struct _TypeKey: Hashable {
  let type: ObjectIdentifier

  func _rawHashValue(seed: Int) -> Int { _IntegerHash.mixed(Int(bitPattern: type), seed: seed) }
}
