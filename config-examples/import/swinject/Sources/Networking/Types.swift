import Foundation

public struct NetworkEnvironment {
    public let useStaging: Bool
    public let logRequests: Bool

    public init(useStaging: Bool, logRequests: Bool) {
        self.useStaging = useStaging
        self.logRequests = logRequests
    }
}

public struct APIConfiguration {
    public let baseURL: URL
    public let timeout: TimeInterval

    public init(baseURL: URL, timeout: TimeInterval) {
        self.baseURL = baseURL
        self.timeout = timeout
    }
}

public enum APIError: Error {
    case invalidResponse
    case status(Int)
}

public protocol RequestLogging: AnyObject {
    func log(_ request: URLRequest)
    func log(_ response: HTTPURLResponse, bytes: Int)
}

public final class ConsoleRequestLogger: RequestLogging {
    private let prefix: String

    public init(prefix: String) {
        self.prefix = prefix
    }

    public func log(_ request: URLRequest) {
        print("\(prefix) → \(request.httpMethod ?? "GET") \(request.url?.absoluteString ?? "-")")
    }

    public func log(_ response: HTTPURLResponse, bytes: Int) {
        print("\(prefix) ← \(response.statusCode) \(bytes) bytes")
    }
}

public final class SilentRequestLogger: RequestLogging {
    public init() {}

    public func log(_ request: URLRequest) {}

    public func log(_ response: HTTPURLResponse, bytes: Int) {}
}

public protocol HTTPClient: AnyObject {
    func data(for request: URLRequest) async throws -> (Data, HTTPURLResponse)
}

public final class URLSessionHTTPClient: HTTPClient {
    private let session: URLSession
    private let logger: RequestLogging

    public init(configuration: APIConfiguration, logger: RequestLogging) {
        let sessionConfiguration = URLSessionConfiguration.default
        sessionConfiguration.timeoutIntervalForRequest = configuration.timeout
        self.session = URLSession(configuration: sessionConfiguration)
        self.logger = logger
    }

    public func data(for request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        logger.log(request)
        let (data, response) = try await session.data(for: request)
        guard let httpResponse = response as? HTTPURLResponse else {
            throw APIError.invalidResponse
        }
        logger.log(httpResponse, bytes: data.count)
        return (data, httpResponse)
    }
}

public protocol AuthTokenProviding: AnyObject {
    var currentToken: String? { get }
}

public final class SessionTokenProvider: AuthTokenProviding {
    public private(set) var currentToken: String?

    public init() {}

    public func update(token: String?) {
        currentToken = token
    }
}

public protocol APIClient: AnyObject {
    func get<Response: Decodable>(_ path: String, as type: Response.Type) async throws -> Response
    func post(_ path: String, body: Data) async throws
}

public final class RESTAPIClient: APIClient {
    public var tokenProvider: AuthTokenProviding?

    private let configuration: APIConfiguration
    private let http: HTTPClient
    private let decoder: JSONDecoder

    public init(configuration: APIConfiguration, http: HTTPClient, decoder: JSONDecoder) {
        self.configuration = configuration
        self.http = http
        self.decoder = decoder
    }

    public func get<Response: Decodable>(_ path: String, as type: Response.Type) async throws -> Response {
        let request = makeRequest(path: path, method: "GET")
        let (data, response) = try await http.data(for: request)
        guard (200..<300).contains(response.statusCode) else {
            throw APIError.status(response.statusCode)
        }
        return try decoder.decode(Response.self, from: data)
    }

    public func post(_ path: String, body: Data) async throws {
        var request = makeRequest(path: path, method: "POST")
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let (_, response) = try await http.data(for: request)
        guard (200..<300).contains(response.statusCode) else {
            throw APIError.status(response.statusCode)
        }
    }

    private func makeRequest(path: String, method: String) -> URLRequest {
        var request = URLRequest(url: configuration.baseURL.appendingPathComponent(path))
        request.httpMethod = method
        if let token = tokenProvider?.currentToken {
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        }
        return request
    }
}

public protocol Analytics: AnyObject {
    func track(_ event: String, properties: [String: String])
}

public final class RemoteAnalytics: Analytics {
    private let api: APIClient
    private let batchSize: Int
    private var pending: [[String: String]] = []

    public init(api: APIClient, batchSize: Int) {
        self.api = api
        self.batchSize = batchSize
    }

    public func track(_ event: String, properties: [String: String]) {
        var payload = properties
        payload["event"] = event
        pending.append(payload)
        guard pending.count >= batchSize else { return }
        let batch = pending
        pending.removeAll()
        let api = self.api
        Task {
            let body = try JSONSerialization.data(withJSONObject: batch)
            try await api.post("v1/events", body: body)
        }
    }
}

// Linux's Foundation declares the URL loading types in FoundationNetworking.
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
