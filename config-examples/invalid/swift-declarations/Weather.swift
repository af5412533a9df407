protocol WeatherClient: Sendable {}

final class OpenWeatherClient: WeatherClient {
  init(baseURL: String, apiKey: String, timeout: Double) {}
}

final class DiskCache: Sendable {}

final class ForecastService {
  init(client: any WeatherClient, cache: DiskCache) {}
  let name = "forecast"
}
