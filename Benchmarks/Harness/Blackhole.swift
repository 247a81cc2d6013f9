/// Takes a value and does nothing with it, in a way the optimiser cannot see through, so the work that produced
/// the value cannot be dropped as dead code.
@_optimize(none)
@inline(never)
func blackHole<T>(_ value: T) {}
