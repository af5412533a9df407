import Foundation
import Swinject

public final class NetworkingAssembly: Assembly {
    public init() {}

    public func assemble(container: Container) {
        container.register(NetworkEnvironment.self) { _ in
            NetworkEnvironment(useStaging: false, logRequests: true)
        }

        container.register(APIConfiguration.self, name: "production") { _ in
            APIConfiguration(baseURL: URL(string: "https://api.example.com")!, timeout: 30)
        }

        container.register(APIConfiguration.self, name: "staging") { _ in
            APIConfiguration(baseURL: URL(string: "https://staging.api.example.com")!, timeout: 60)
        }

        container.register(APIConfiguration.self) { r in
            let environment = r.resolve(NetworkEnvironment.self)!
            if environment.useStaging {
                return r.resolve(APIConfiguration.self, name: "staging")!
            }
            return r.resolve(APIConfiguration.self, name: "production")!
        }

        container.register(JSONDecoder.self) { _ in
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            decoder.dateDecodingStrategy = .iso8601
            return decoder
        }.inObjectScope(.container)

        container.register(RequestLogging.self) { r in
            guard r.resolve(NetworkEnvironment.self)!.logRequests else {
                return SilentRequestLogger()
            }
            return ConsoleRequestLogger(prefix: "[api]")
        }

        container.register(HTTPClient.self) { r in
            URLSessionHTTPClient(configuration: r.resolve(APIConfiguration.self)!, logger: r.resolve(RequestLogging.self)!)
        }.inObjectScope(.container)

        container.register(AuthTokenProviding.self) { _ in SessionTokenProvider() }.inObjectScope(.container)

        container.register(APIClient.self) { r in
            RESTAPIClient(
                configuration: r.resolve(APIConfiguration.self)!,
                http: r.resolve(HTTPClient.self)!,
                decoder: r.resolve(JSONDecoder.self)!
            )
        }
        .inObjectScope(.container)
        .initCompleted { r, client in
            (client as! RESTAPIClient).tokenProvider = r.resolve(AuthTokenProviding.self)
        }

        container.register(APIClient.self, name: "staging") { r in
            RESTAPIClient(
                configuration: r.resolve(APIConfiguration.self, name: "staging")!,
                http: r.resolve(HTTPClient.self)!,
                decoder: r.resolve(JSONDecoder.self)!
            )
        }
    }
}
