/// The services `Container.verify()` could not build.
public struct VerificationError: Error, Sendable, CustomStringConvertible {
  public var failures: [ResolutionError]

  public var description: String {
    failures.map(\.description).joined(separator: "\n")
  }
}
