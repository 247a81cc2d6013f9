import Synchronization

/// The names of types, computed once per type: the short name `String(describing:)` prints, for people, and the
/// full name `String(reflecting:)` prints (module and enclosing types), which tells any two types apart.
///
/// A binder is made for every row of every state, and each asks its cell type for its reuse identifier; printing
/// a type's name is far slower than a locked dictionary look-up.
package final class _TypeNameCache: Sendable {
  /// The cache every type shares.
  package static let shared = _TypeNameCache()

  /// A type's names, and the hash of its full name.
  private struct Names {
    let name: String
    let fullName: String
    let hash: Int
  }

  private let names = Mutex<[_TypeKey: Names]>([:])

  /// The short name of `type` (`String(describing:)`: `Cell` for `Settings.Cell`), printed the first time it is
  /// asked for: for people (a cell's default text), not a key, since two types can share it.
  package func name(of type: Any.Type) -> String { names(of: type).name }

  /// The full name of `type` (`String(reflecting:)`: `App.Settings.Cell`) and its hash (`fullName.hashValue`),
  /// computed the first time they are asked for: a key no other type has, and a scope an identity can be hashed
  /// with without hashing the name again (see `ListIdentifier.init(_:scope:scopeHash:)`).
  ///
  /// The same `String` is handed out every time, so that comparing two scopes of one type compares its storage,
  /// not its characters.
  package func scope(of type: Any.Type) -> (name: String, hash: Int) {
    let names = names(of: type)
    return (names.fullName, names.hash)
  }

  private func names(of type: Any.Type) -> Names {
    let key = _TypeKey(type: ObjectIdentifier(type))
    if let names = names.withSanitizedLock({ $0[key] }) { return names }
    let fullName = String(reflecting: type)
    let made = Names(name: String(describing: type), fullName: fullName, hash: fullName.hashValue)
    // Two threads may both print a new type's names: the first stored wins, so that every caller gets one string.
    return names.withSanitizedLock { table in
      if let stored = table[key] { return stored }
      table[key] = made
      return made
    }
  }
}

/// A type as a dictionary key hashed by one multiply (a type's identifier is a pointer), not a `Hasher` round.
private struct _TypeKey: Hashable {
  let type: ObjectIdentifier

  func _rawHashValue(seed: Int) -> Int { _IntegerHash.mixed(Int(bitPattern: type), seed: seed) }
}
