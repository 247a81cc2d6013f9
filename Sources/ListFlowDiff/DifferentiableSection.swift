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
  public var differenceIdentifier: Model.DifferenceIdentifier { model.differenceIdentifier }

  /// The model's ``Differentiable/differenceHash``.
  public var differenceHash: Int { model.differenceHash }

  /// Whether the models have the same identity.
  public func hasSameIdentity(as other: Self) -> Bool { model.hasSameIdentity(as: other.model) }

  /// Compares the models' contents only: the elements are diffed one by one.
  public func isContentEqual(to source: Self) -> Bool { model.isContentEqual(to: source.model) }
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
  public var differenceIdentifier: Model.DifferenceIdentifier { model.differenceIdentifier }

  /// The model's ``Differentiable/differenceHash``.
  public var differenceHash: Int { model.differenceHash }

  /// Whether the models have the same identity.
  public func hasSameIdentity(as other: Self) -> Bool { model.hasSameIdentity(as: other.model) }

  /// Compares the models' contents only: the elements are diffed one by one.
  public func isContentEqual(to source: ArraySection) -> Bool { model.isContentEqual(to: source.model) }

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

/// A section whose elements can share storage between the stages of a diff: the seam through which
/// ``_SectionedPlan/stages(source:target:targetData:)`` cuts each stage's data from the one before it at about the
/// cost of the changes, where a plain ``DifferentiableSection`` has its elements copied into an array.
///
/// `ListFlow`'s `ListSectionSnapshot` conforms, sharing the pieces of its `CellBinderList`; the protocol is
/// `package`, so the public ``DifferentiableSection`` keeps no requirement shaped by it.
@usableFromInline
package protocol _ElementSharingSection: DifferentiableSection {
  /// The section with the elements at some positions replaced: the data of a stage of updates.
  ///
  /// - Parameters:
  ///   - replacements: Positions in ascending order, each with the index in `sources` of the section and the
  ///     position its new element is taken from (taken as the section shares it, not read: a row made when read
  ///     stays unmade).
  ///   - sources: The sections the new elements are taken from (by index: no section is copied per element).
  func _replacingElements(_ replacements: [(position: Int, section: Int, item: Int)], from sources: [Self]) -> Self

  /// The section without the elements at some positions: the data of a stage of deletes.
  ///
  /// - Parameter positions: Positions in ascending order.
  func _removingElements(at positions: some Sequence<Int>) -> Self
}
