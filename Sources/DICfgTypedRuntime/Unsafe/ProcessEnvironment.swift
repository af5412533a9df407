#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(ucrt)
  import ucrt
#endif

/// The process environment, read by C's `getenv` so the typed runtime needs no Foundation.
///
/// Unsafe in one place: `getenv` returns a pointer into the environment's storage, copied into a
/// `String` at once and never kept. Reading is safe from any thread while nothing calls `setenv`
/// meanwhile, as with `ProcessInfo`; a typed container reads its variables once, when it is created.
enum ProcessEnvironment {
  static func value(of name: String) -> String? {
    guard let pointer = getenv(name) else { return nil }
    return String(cString: pointer)
  }
}
