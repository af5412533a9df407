/// The platforms of `@available(iOS 17, macOS 14, *)` and of a package's `platforms:`, and the
/// order of their versions: what decides whether a build deploying to a platform can call a
/// declaration introduced on it.
public enum SwiftPlatforms {
  /// SwiftPM's name of the platform `@available` spells `name` (`iOS` → `ios`, `OSX` → `macos`);
  /// nil for an application extension's (which only an extension's build checks) or one unknown.
  public static func normalized(_ name: String) -> String? {
    switch name.lowercased() {
    case "osx", "macos": "macos"
    case "ios": "ios"
    case "tvos": "tvos"
    case "watchos": "watchos"
    case "visionos", "xros": "visionos"
    case "maccatalyst": "maccatalyst"
    case "driverkit": "driverkit"
    default: nil
    }
  }

  /// How Swift's diagnostics write the platform SwiftPM names `platform` (`ios` → `iOS`).
  public static func displayName(_ platform: String) -> String {
    switch platform {
    case "macos": "macOS"
    case "ios": "iOS"
    case "tvos": "tvOS"
    case "watchos": "watchOS"
    case "visionos": "visionOS"
    case "maccatalyst": "Mac Catalyst"
    case "driverkit": "DriverKit"
    default: platform
    }
  }

  /// Whether `version` (`17`, `10.15.4`) comes after `other`: component by component, a missing
  /// one read as 0.
  public static func isLater(_ version: String, than other: String) -> Bool {
    let left = version.split(separator: ".").map { Int($0) ?? 0 }
    let right = other.split(separator: ".").map { Int($0) ?? 0 }
    for index in 0..<max(left.count, right.count) {
      let (one, two) = (index < left.count ? left[index] : 0, index < right.count ? right[index] : 0)
      if one != two { return one > two }
    }
    return false
  }

  /// The introductions of a member and of the type or extension that holds it, as Swift takes
  /// them: for each platform, the later of the two.
  public static func later(_ member: [String: String], _ holder: [String: String]) -> [String: String] {
    member.merging(holder) { own, outer in isLater(outer, than: own) ? outer : own }
  }

  /// The platforms among `deploymentTargets` (a package's, by SwiftPM's names) whose earliest
  /// version comes before the one `introduced` gives, each with both versions; sorted by platform.
  public static func missing(
    _ introduced: [String: String], deployingTo deploymentTargets: [String: String]
  ) -> [(platform: String, introduced: String, deployed: String)] {
    deploymentTargets.keys.sorted().compactMap { platform in
      guard let deployed = deploymentTargets[platform], let version = introduced[platform],
        isLater(version, than: deployed)
      else { return nil }
      return (platform, version, deployed)
    }
  }
}
