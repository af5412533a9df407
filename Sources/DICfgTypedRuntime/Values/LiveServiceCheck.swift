/// What a typed container created with stand-ins (a test's, a preview's) does when a build reaches a
/// service the graph marks `live: true` that it has no stand-in for: it reports the message (the
/// service's line, the stand-in to give, the paths through the graph to it) through the
/// `onLiveService` the stand-ins were given, and otherwise stops the process with it, so the test
/// fails where the real service would have been built.
@_spi(Generated)
public struct LiveServiceCheck: Sendable {
  let report: (@Sendable (String) -> Void)?

  public init(report: (@Sendable (String) -> Void)?) { self.report = report }

  /// A build reached a live service without a stand-in.
  public func reached(_ message: String) {
    guard let report else { fatalError(message) }
    report(message)
  }
}
