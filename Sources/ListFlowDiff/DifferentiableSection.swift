/// A section of a sectioned collection: a model with its own identity, and its elements.
///
/// The diff matches sections by their model's identity, reports a section *update* when the model's content
/// changed, and diffs the elements of matched sections, also across sections.
public protocol DifferentiableSection: Differentiable {
  /// The section's model: its identity and header content.
  associatedtype Model: Differentiable
  /// The elements' type.
  associatedtype Elements: RandomAccessCollection where Elements.Element: Differentiable, Elements.Index == Int

  /// The section's model.
  var model: Model { get }
  /// The section's elements, indexed from zero.
  var elements: Elements { get }

  /// Creates a section with the model of `source` and other elements.
  ///
  /// - Parameters:
  ///   - source: The section whose model the new one takes.
  ///   - elements: The new section's elements.
  init<C: Swift.Collection>(source: Self, elements: C) where C.Element == Elements.Element
}

extension DifferentiableSection {
  /// The model's identity.
  @inlinable public var differenceIdentifier: Model.DifferenceIdentifier { model.differenceIdentifier }

  /// The model's ``Differentiable/differenceHash``.
  @inlinable public var differenceHash: Int { model.differenceHash }

  /// Whether the models have the same identity.
  @inlinable public func hasSameIdentity(as other: Self) -> Bool { model.hasSameIdentity(as: other.model) }

  /// Compares the models' contents only: the elements are diffed one by one.
  @inlinable public func isContentEqual(to source: Self) -> Bool { model.isContentEqual(to: source.model) }
}

/// The section type ListFlow uses by default: a model and an array of elements.
///
/// ```swift
/// let sections = [
///   ArraySection(model: "Fruit", elements: ["apple", "pear"]),
///   ArraySection(model: "Vegetables", elements: ["leek"]),
/// ]
/// ```
public struct ArraySection<Model: Differentiable, Element: Differentiable>: DifferentiableSection {
  /// The section's model.
  public var model: Model
  /// The section's elements.
  public var elements: [Element]

  /// Creates a section.
  ///
  /// - Parameters:
  ///   - model: The section's model.
  ///   - elements: The section's elements.
  @inlinable
  public init<C: Swift.Collection>(model: Model, elements: C) where C.Element == Element {
    self.model = model
    self.elements = Array(elements)
  }

  /// The model's identity.
  @inlinable public var differenceIdentifier: Model.DifferenceIdentifier { model.differenceIdentifier }

  /// The model's ``Differentiable/differenceHash``.
  @inlinable public var differenceHash: Int { model.differenceHash }

  /// Whether the models have the same identity.
  @inlinable public func hasSameIdentity(as other: Self) -> Bool { model.hasSameIdentity(as: other.model) }

  /// Compares the models' contents only: the elements are diffed one by one.
  @inlinable public func isContentEqual(to source: ArraySection) -> Bool { model.isContentEqual(to: source.model) }

  /// Creates a section with the model of `source` and other elements.
  @inlinable
  public init<C: Swift.Collection>(source: ArraySection, elements: C) where C.Element == Element {
    self.init(model: source.model, elements: elements)
  }
}

extension ArraySection: Equatable where Model: Equatable, Element: Equatable {}
extension ArraySection: Hashable where Model: Hashable, Element: Hashable {}
extension ArraySection: Sendable where Model: Sendable, Element: Sendable {}

extension ArraySection: CustomStringConvertible {
  /// `model: [elements]`.
  public var description: String { "\(model): \(elements)" }
}
