// ModularApp's graph wired by hand: the same services, built the same way, for the benchmarks that
// set the generated container beside hand-written code.
import AlertsKit
import AnalyticsKit
import NetworkKit
import ProfileFeature
import ScannerSDK
import StorageKit

final class PrintLogger: Logging {
  func log(_ message: String) { print("log: \(message)") }
}

final class HomeScreen: Sendable {
  let alert: any Alerting
  let sound: AlertSound
  let scanner: any ForegroundScanning
  let clock: AppClock

  init(alert: any Alerting, sound: AlertSound, scanner: any ForegroundScanning, clock: AppClock) {
    self.alert = alert
    self.sound = sound
    self.scanner = scanner
    self.clock = clock
  }
}

struct AppClock: Sendable {
  var now: Double
}

/// The composition root: singletons stored once, the rest built on each access.
@MainActor final class CompositionRoot {
  let appClock: AppClock
  let baseURL: String
  lazy var printLogger: any Logging = PrintLogger()
  lazy var alertFactory: any AlertFactory = AlertsModule.makeFactory(logger: printLogger)
  lazy var httpClient: any HTTPClient = NetworkModule.makeClient(baseURL: baseURL)
  lazy var analytics = AnalyticsFactory(client: httpClient)

  init(appClock: AppClock, baseURL: String = "https://api.example.com") {
    self.appClock = appClock
    self.baseURL = baseURL
  }

  var welcome: any Alerting { alertFactory.makeAlert(title: "Welcome") }
  var sound: AlertSound { AlertSound.standard }
  var scanner: any ForegroundScanning { ScannerKit.foreground }
  var store: any KeyValueStore { StorageModule.shared }
  var profileTracker: any Tracking { analytics.makeTracker(screen: "profile") }
  var home: HomeScreen { HomeScreen(alert: welcome, sound: sound, scanner: scanner, clock: appClock) }
  var profile: ProfileController {
    ProfileController(client: httpClient, store: store, tracker: profileTracker, alert: welcome)
  }
}

@MainActor func run() async {
  let root = CompositionRoot(appClock: AppClock(now: 7))
  let home = root.home
  print("alert: \(home.alert.title)")
  print("made by the one factory: \(home.alert.factoryID == ObjectIdentifier(root.alertFactory))")
  print("sound: \(home.sound.name), shared: \(home.sound === AlertSound.standard)")
  print("scanner: \(home.scanner.name)")
  print("clock: \(home.clock.now)")
  let profile = root.profile
  print("\(profile.title), shared store: \(profile.store === StorageModule.shared)")
  print("one client: \(profile.client === root.httpClient), tracker: \(profile.tracker.endpoint)")
  let dev = CompositionRoot(appClock: AppClock(now: 8), baseURL: "https://dev.example.com")
  print("dev: \(dev.profile.tracker.endpoint)")
}

await run()
