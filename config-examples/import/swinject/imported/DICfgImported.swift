// Written by `dicfg import`: the code of the registration closures the graph file cannot say, each a
// function the graph file names with `factory:`. The services a closure resolved are its parameters.
import Foundation
import Networking

/// Swinject's registration of 'APIConfiguration', its closure's code with the services it resolved
/// as parameters: Sources/Networking/NetworkingAssembly.swift:20.
func makeAPIConfiguration(
  networkEnvironment: NetworkEnvironment,
  apiConfigurationStaging: APIConfiguration,
  apiConfigurationProduction: APIConfiguration
) -> APIConfiguration {
  let environment = networkEnvironment
  if environment.useStaging {
      return apiConfigurationStaging
  }
  return apiConfigurationProduction
}

/// Swinject's registration of 'RequestLogging', its closure's code with the services it resolved as
/// parameters: Sources/Networking/NetworkingAssembly.swift:35.
func makeRequestLogging(networkEnvironment: NetworkEnvironment) -> RequestLogging {
  guard networkEnvironment.logRequests else {
      return SilentRequestLogger()
  }
  return ConsoleRequestLogger(prefix: "[api]")
}
