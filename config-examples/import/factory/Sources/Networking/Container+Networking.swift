import Factory
import Foundation

extension Scope {
    public static let session = Cached()
}

extension Container {
    public var networkEnvironment: Factory<NetworkEnvironment> {
        self { NetworkEnvironment(useStaging: false, logRequests: true) }.singleton
    }

    public var productionConfiguration: Factory<APIConfiguration> {
        self { APIConfiguration(baseURL: URL(string: "https://api.example.com")!, timeout: 30) }
    }

    public var stagingConfiguration: Factory<APIConfiguration> {
        self { APIConfiguration(baseURL: URL(string: "https://staging.api.example.com")!, timeout: 60) }
    }

    public var apiConfiguration: Factory<APIConfiguration> {
        self {
            if self.networkEnvironment().useStaging {
                return self.stagingConfiguration()
            }
            return self.productionConfiguration()
        }
    }

    public var jsonDecoder: Factory<JSONDecoder> {
        self {
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            decoder.dateDecodingStrategy = .iso8601
            return decoder
        }
    }

    public var urlSession: Factory<URLSession> {
        self { URLSession(configuration: .ephemeral) }.singleton
    }

    public var requestLogger: Factory<RequestLogging?> {
        self { nil }
            .onDebug { ConsoleRequestLogger(prefix: "[api]") }
    }

    public var tokenProvider: Factory<SessionTokenProvider> {
        Factory(self) { SessionTokenProvider() }.scope(.session)
    }

    public var apiClient: Factory<APIClientProtocol> {
        self {
            APIClient(
                configuration: self.apiConfiguration(),
                session: self.urlSession(),
                decoder: self.jsonDecoder(),
                tokenProvider: self.tokenProvider(),
                logger: self.requestLogger()
            )
        }
        .singleton
        .onTest { MockAPIClient() }
    }

    public var analytics: Factory<Analytics> {
        self { RemoteAnalytics(api: self.apiClient(), batchSize: 20) }.singleton
    }
}
