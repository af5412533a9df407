// Once an HTTPClient; the conformance was dropped in this file only, and the graph file still binds
// it as one.
public final class LegacyClient: Sendable {
  public init() {}
}
