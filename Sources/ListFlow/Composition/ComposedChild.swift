/// A child of a ``ComposedDataSource``: a source of sections or a nested composite.
@MainActor
enum ComposedChild<Section: DifferentiableSection> {
  case sections(SectionedDataSource<Section>)
  case composite(ComposedDataSource<Section>)

  var id: ObjectIdentifier {
    switch self {
    case .sections(let source): ObjectIdentifier(source)
    case .composite(let composite): ObjectIdentifier(composite)
    }
  }

  var parent: ComposedDataSource<Section>? {
    get {
      switch self {
      case .sections(let source): source.parent
      case .composite(let composite): composite.parent
      }
    }
    nonmutating set {
      switch self {
      case .sections(let source): source.parent = newValue
      case .composite(let composite): composite.parent = newValue
      }
    }
  }

  var displayedSections: [Section] {
    switch self {
    case .sections(let source): source.displayedSections
    case .composite(let composite): composite.displayedSections
    }
  }

  var displayedSectionIndexTitles: [SectionIndexTitle] {
    switch self {
    case .sections(let source): source.displayedSectionIndexTitles
    case .composite(let composite): composite.displayedSectionIndexTitles
    }
  }
}
