// A singleton that holds a graph-scoped service: the build succeeds and reports the graph file's
// warning at its line, as `dicfg validate` does.
final class Session {}

final class Tracker {
  let session: Session
  init(session: Session) { self.session = session }
}
