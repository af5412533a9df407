public protocol Clock: Sendable {}

public final class SystemClock: Clock {
  public init() {}
}

public final class Timer {
  public init(clock: any Clock) {}
}

#if DEBUG
  /// The previews' clock, stopped at one time: debug builds only.
  final class FixedClock: Clock {}
#endif
