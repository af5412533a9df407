import Foundation

/// A value behind a mutex with a condition to wait on: threads that need what another thread is
/// building wait here until it is done.
///
/// `@unchecked Sendable`: `state` is read and written only inside `withLock` and `waitUntil`,
/// which hold the condition's mutex for the whole access; waiting releases the mutex only between
/// two runs of the body, never while a body has the state.
final class ConditionLocked<State>: @unchecked Sendable {
  private let condition = NSCondition()
  private var state: State

  init(_ state: State) { self.state = state }

  /// What one run of a ``waitUntil(_:)`` body decided.
  enum Step<Result> {
    /// Done: `waitUntil` returns this.
    case done(Result)
    /// Wait for a ``withLock(broadcast:_:)`` that broadcasts, then run the body again.
    case wait
  }

  /// Runs `body` under the mutex; when `broadcast` is set, wakes every waiter afterwards.
  func withLock<Result>(broadcast: Bool = false, _ body: (inout State) throws -> Result) rethrows -> Result {
    condition.lock()
    defer {
      if broadcast { condition.broadcast() }
      condition.unlock()
    }
    return try body(&state)
  }

  /// Runs `body` under the mutex until it is done, waiting for a broadcast after each `.wait`.
  func waitUntil<Result>(_ body: (inout State) throws -> Step<Result>) rethrows -> Result {
    condition.lock()
    defer { condition.unlock() }
    while true {
      switch try body(&state) {
      case .done(let result): return result
      case .wait: condition.wait()
      }
    }
  }
}
