// The test layer adds a service that takes an external no file declares: the build must fail at
// the layer's line.
final class Clock {}

final class Timer {
  init(clock: Clock) {}
}

final class Api {}
