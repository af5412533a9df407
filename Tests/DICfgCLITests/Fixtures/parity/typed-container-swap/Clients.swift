/// Two clients with nothing in common: one typed accessor cannot return both.
final class LiveClient {
  init() {}
}

final class StubClient {
  init() {}
}
