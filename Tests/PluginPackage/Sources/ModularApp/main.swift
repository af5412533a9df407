import AlertsKit

let container = try MainContainer(externals: .init(appClock: AppClock(now: 7)))
let home = try container.home
print("alert: \(home.alert.title)")
print("made by the one factory: \(home.alert.factoryID == ObjectIdentifier(container.alertFactory))")
print("sound: \(home.sound.name), shared: \(home.sound === AlertSound.standard)")
print("scanner: \(home.scanner.name)")
print("clock: \(home.clock.now)")
