import Foundation
import Resolver

extension Resolver.Name {
    public static let production = Self("production")
}

extension Resolver {
    public static func registerNetworking() {
        register { NetworkEnvironment(useStaging: false, logRequests: true) }.scope(.application)

        register(name: .production) {
            APIConfiguration(baseURL: URL(string: "https://api.example.com")!, timeout: 30)
        }
        register(name: "staging") {
            APIConfiguration(baseURL: URL(string: "https://staging.api.example.com")!, timeout: 60)
        }
        register { () -> APIConfiguration in
            let environment: NetworkEnvironment = resolve()
            if environment.useStaging {
                return resolve(name: "staging")
            }
            return resolve(name: .production)
        }

        register { () -> JSONDecoder in
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            decoder.dateDecodingStrategy = .iso8601
            return decoder
        }.scope(.application)

        register { URLSessionHTTPClient(configuration: resolve(), logger: optional()) as HTTPClient }.scope(.application)

        register { SessionTokenProvider() }
            .implements(AuthTokenProviding.self)
            .scope(.application)

        register { APIClient(configuration: resolve(), http: resolve(), decoder: resolve()) as APIClientProtocol }
            .scope(.application)

        #if DEBUG
        register { ConsoleRequestLogger(prefix: "[api]") as RequestLogging }
        #endif
    }
}
