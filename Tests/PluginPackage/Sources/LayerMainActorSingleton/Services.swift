// The debug layer adds a nonisolated singleton that takes a main-actor service: the build must fail
// at the layer's line.
@MainActor final class Banner {
  init() {}
}

final class Overlay {
  init(banner: Banner) {}
}
