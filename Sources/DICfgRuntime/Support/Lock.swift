import Foundation

/// A mutex. `@unchecked Sendable`: NSLock is thread-safe, and this box adds no state of its own.
final class Lock: @unchecked Sendable {
  private let lock = NSLock()

  func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }
}

/// A mutex with a condition to wait on, for threads waiting while another builds an instance.
/// `@unchecked Sendable`: NSCondition is thread-safe, and this box adds no state of its own.
final class ConditionLock: @unchecked Sendable {
  private let condition = NSCondition()

  func lock() { condition.lock() }
  func unlock() { condition.unlock() }
  /// Waits for a broadcast; call with the lock held.
  func wait() { condition.wait() }
  /// Wakes every waiter; call with the lock held.
  func broadcast() { condition.broadcast() }
}
