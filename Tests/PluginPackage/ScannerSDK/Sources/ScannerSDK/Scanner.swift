/// What the SDK scans with; the app sees only the protocol.
public protocol ForegroundScanning: Sendable {
  var name: String { get }
}

struct CameraScanner: ForegroundScanning {
  var name: String { "camera" }
}

/// The SDK's entry points: shared instances behind static members, as SDKs offer them.
public enum ScannerKit {
  public static let foreground: any ForegroundScanning = CameraScanner()
}
