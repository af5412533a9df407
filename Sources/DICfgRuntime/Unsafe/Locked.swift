import Foundation

/// A value behind a mutex: the one way the runtime shares mutable state between threads without
/// atomics.
///
/// `@unchecked Sendable`: `state` is read and written only inside `withLock`, which holds `lock`
/// for the whole access. The box adds no other state.
final class Locked<State>: @unchecked Sendable {
  private let lock = NSLock()
  private var state: State

  init(_ state: State) { self.state = state }

  func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&state)
  }
}
