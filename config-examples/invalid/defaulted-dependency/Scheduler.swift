protocol Clock: Sendable {}

final class SystemClock: Clock {
  init() {}
}

final class Scheduler {
  init(name: String, clock: any Clock = SystemClock()) {}
}
