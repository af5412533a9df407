#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The identity of the calling thread, to tell a re-entrant resolve from another thread's.
///
/// `@unchecked Sendable`: a `pthread_t` is an opaque identifier, compared and hashed, never
/// dereferenced.
struct ThreadIdentity: Hashable, @unchecked Sendable {
  private let thread: pthread_t

  static var current: ThreadIdentity { ThreadIdentity(thread: pthread_self()) }

  static func == (lhs: ThreadIdentity, rhs: ThreadIdentity) -> Bool {
    pthread_equal(lhs.thread, rhs.thread) != 0
  }

  func hash(into hasher: inout Hasher) {
    #if canImport(Darwin)
      hasher.combine(UInt(bitPattern: thread))
    #else
      hasher.combine(thread)
    #endif
  }
}
