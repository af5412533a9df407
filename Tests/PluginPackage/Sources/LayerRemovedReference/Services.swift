// The test layer removes a service the base's exporter still takes: the build must fail at the
// reference, naming the environment.
final class Analytics {}

final class Exporter {
  init(analytics: Analytics) {}
}
