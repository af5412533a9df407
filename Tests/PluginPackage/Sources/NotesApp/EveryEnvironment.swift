/// Every environment's container, created with a stand-in database, and each of its services
/// built once: what a test of the app calls to prove every environment before it runs.
func everyEnvironmentBuilds() async throws {
  try await MainContainer.buildEveryEnvironment(externals: .init(database: Database(path: ":memory:")))
}
