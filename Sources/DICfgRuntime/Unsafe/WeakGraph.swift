/// A weak reference to a link, for the container handles and closures a link gives its own
/// factories (`$container`, providers, lazy values).
///
/// `@unchecked Sendable`. Invariants: `graph` is written only in `init`; the Swift runtime reads a
/// weak reference atomically.
final class WeakGraph: @unchecked Sendable {
  weak var graph: LinkedGraph?

  init(_ graph: LinkedGraph) { self.graph = graph }
}
