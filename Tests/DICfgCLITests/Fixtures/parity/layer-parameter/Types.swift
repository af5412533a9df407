final class Client {
  init(timeout: Double) {}
}
