import ListFlow
import ListFlowTesting

/// What an engine does for a scroll call, as the scroll properties record and expect it: a scroll request that
/// reached the view, or the error it reported.
enum ScrollOutcome: Equatable, CustomStringConvertible {
  case scroll(RecordingListView.ScrollRequest)
  case failure(ListFlowError)

  var description: String {
    switch self {
    case .scroll(let request): "scroll \(request)"
    case .failure(let error): "failure \(error)"
    }
  }
}
