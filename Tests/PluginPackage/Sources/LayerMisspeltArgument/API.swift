// An environment layer that misspells an argument of the base's initializer: one error at the
// layer's key, with the initializer's label offered.
struct APIClient {
  let baseUrl: String
  init(baseUrl: String) { self.baseUrl = baseUrl }
}
