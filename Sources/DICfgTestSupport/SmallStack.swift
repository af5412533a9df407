import Foundation

/// Written once by the worker thread, read only after its semaphore is signalled.
private final class ResultBox<T>: @unchecked Sendable {
  var value: T?
}

/// Runs `body` on a thread with a 512 KiB stack, as an app's secondary thread might have, and
/// returns its result; nil when it does not finish within `timeout` seconds.
package func onSmallStack<T: Sendable>(timeout: Double = 300, _ body: @escaping @Sendable () -> T) -> T? {
  let box = ResultBox<T>()
  let done = DispatchSemaphore(value: 0)
  let thread = Thread {
    box.value = body()
    done.signal()
  }
  thread.stackSize = 512 << 10
  thread.start()
  guard done.wait(timeout: .now() + timeout) == .success else { return nil }
  return box.value
}
