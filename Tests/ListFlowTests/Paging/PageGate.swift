import ListFlow
import Synchronization

/// The error a gated load fails with.
struct LoadFailure: Error, Equatable {
  var message = "offline"
}

/// A paging controller of integers, to name its nested types where no controller's type gives them.
typealias IntPaging = PagingController<Page<Int, Int>>

extension PagingController.State {
  /// The error state a load failing with `LoadFailure()` leads to.
  static func failed(_ operation: PagingController.Operation) -> Self {
    .error(PagingController.Failure(operation: operation, error: LoadFailure()))
  }
}

/// A loading function whose calls wait until the test answers them: deterministic, no sleeps.
final class PageGate<Element: Sendable>: Sendable {
  typealias TestPage = Page<Element, Int>

  /// One call of the loading function, waiting for its answer.
  struct Call: Sendable {
    let cursor: Int?
    let continuation: CheckedContinuation<TestPage, any Error>

    func succeed(_ elements: [Element], nextPage: Int?) {
      continuation.resume(returning: Page(elements: elements, nextPage: nextPage))
    }

    func fail(_ error: any Error = LoadFailure()) {
      continuation.resume(throwing: error)
    }
  }

  private let calls: AsyncStream<Call>
  private let input: AsyncStream<Call>.Continuation
  private let cursorsSeen = Mutex<[Int?]>([])

  init() {
    (calls, input) = AsyncStream.makeStream()
  }

  /// The cursors of every call so far, in order.
  var cursors: [Int?] { cursorsSeen.withSanitizedLock { $0 } }

  /// The loading function to give a `PagingController`.
  var load: @Sendable (Int?) async throws -> TestPage {
    { [self] cursor in
      cursorsSeen.withSanitizedLock { $0.append(cursor) }
      return try await withCheckedThrowingContinuation { input.yield(Call(cursor: cursor, continuation: $0)) }
    }
  }

  /// Waits for the next call of the loading function.
  func nextCall() async -> Call {
    var iterator = calls.makeAsyncIterator()
    guard let call = await iterator.next() else { preconditionFailure("the call stream never finishes") }
    return call
  }
}
