/// What a typed container created with stand-ins (a test's, a preview's) does with a mistake in
/// them: a build reaching a service the graph marks `live: true` that it has no stand-in for, or a
/// stand-in no build of the container can use. It reports the message through the `onMistake` the
/// stand-ins were given, and otherwise stops the process with it, so the test fails where the
/// mistake is made.
@_spi(Generated)
public struct StandInCheck: Sendable {
  let report: (@Sendable (String) -> Void)?

  public init(report: (@Sendable (String) -> Void)?) { self.report = report }

  /// Reports `message`.
  public func report(_ message: String) {
    guard let report else { fatalError(message) }
    report(message)
  }
}
