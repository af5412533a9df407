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

  /// A scanner for documents of `kind`; the first version, kept for the apps that call it.
  @available(*, deprecated, message: "pass a resolution: scanner(kind:resolution:)")
  public static func scanner(kind: String) -> any ForegroundScanning { DocumentScanner(name: kind) }

  /// A scanner for documents of `kind` at `resolution`.
  public static func scanner(kind: String, resolution: Int = 1080) -> any ForegroundScanning {
    DocumentScanner(name: "\(kind)@\(resolution)")
  }

  /// A scanner that keeps its frames, or streams them: two overloads with one label in common.
  public static func stream(kind: String, buffered: Bool = true) -> any ForegroundScanning {
    DocumentScanner(name: kind)
  }
  public static func stream(kind: String, live: Bool = true) -> any ForegroundScanning { DocumentScanner(name: kind) }
}

struct DocumentScanner: ForegroundScanning {
  let name: String
}
