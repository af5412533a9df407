protocol WeatherClient: Sendable {}

final class OpenWeatherClient: WeatherClient {
  init(baseURL: String, apiKey: String, timeout: Double) {}
}

final class DiskCache: Sendable {}

final class ForecastService {
  init(client: any WeatherClient, cache: DiskCache) {}
  let name = "forecast"
}

/// Once a WeatherClient; the conformance was dropped in Swift only.
final class StationClient: Sendable {}

final class Archive {
  static func open(path: String, readOnly: Bool = false) throws -> Archive { Archive() }
}
