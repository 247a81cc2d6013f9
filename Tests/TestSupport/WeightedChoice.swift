/// A generator's random choice, written as a named, weighted list: each option's chance is its weight over the
/// sum of the weights, and its name says in a failure message what was chosen.
///
/// ```swift
/// let actions = WeightedChoice<Action>([
///   ("apply a new state", weight: 2, .applyState),
///   ("reload the data", weight: 1, .reload),
/// ])
/// let action = actions.pick(using: &random)  // (name, value)
/// ```
public struct WeightedChoice<Value> {
  /// One option: its name, its weight and what it stands for.
  public struct Option {
    /// What the option does, for failure messages.
    public let name: String
    /// Its share of the draws, relative to the other options' weights.
    public let weight: Int
    /// The value the draw returns.
    public let value: Value
  }

  /// The options, in the order they are listed.
  public let options: [Option]
  private let totalWeight: Int

  /// Creates a choice.
  ///
  /// - Parameter options: Each option's name, positive weight and value; at least one.
  public init(_ options: [(String, weight: Int, Value)]) {
    precondition(!options.isEmpty, "a choice needs at least one option")
    precondition(options.allSatisfy { $0.weight > 0 }, "every weight must be positive")
    self.options = options.map { Option(name: $0.0, weight: $0.weight, value: $0.2) }
    totalWeight = options.reduce(0) { $0 + $1.weight }
  }

  /// Draws one option.
  ///
  /// - Parameter random: The generator.
  /// - Returns: The option drawn.
  public func pick(using random: inout SeededRandom) -> Option {
    var draw = random.below(totalWeight)
    for option in options {
      if draw < option.weight { return option }
      draw -= option.weight
    }
    preconditionFailure("the draw is below the total weight")
  }
}

extension WeightedChoice: Sendable where Value: Sendable {}
extension WeightedChoice.Option: Sendable where Value: Sendable {}
