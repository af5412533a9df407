// A stand-in for Xcode's XcodeProjectPlugin module, which only Xcode ships: the documented API the
// dicfg plugins' Xcode adaptors use, with the same names and types, so PluginBuildTests compiles
// those adaptors on any platform and a mistake in them fails the tests. Only compiled, never run.
import Foundation
import PackagePlugin

/// The context of a plugin applied to an Xcode project's target.
public struct XcodePluginContext {
  public let xcodeProject: XcodeProject
  public let pluginWorkDirectoryURL: URL

  public func tool(named name: String) throws -> PluginContext.Tool {
    fatalError("a stand-in, only compiled")
  }
}

/// An Xcode project.
public struct XcodeProject {
  public let displayName: String
  public let directoryURL: URL
  public let filePaths: FileList
  public let targets: [XcodeTarget]
}

/// A target of an Xcode project.
public struct XcodeTarget {
  public let displayName: String
  public let product: XcodeProduct?
  public let dependencies: [XcodeTargetDependency]
  public let inputFiles: FileList
}

/// What an Xcode target depends on: another target of the project, or a package's product.
public enum XcodeTargetDependency {
  case target(XcodeTarget)
  case product(Product)
}

/// What an Xcode target builds.
public struct XcodeProduct {
  public let name: String
  public let kind: Kind

  public enum Kind {
    case application, executable, framework, library
    case other(String)
  }
}

/// A build-tool plugin applied to an Xcode target.
public protocol XcodeBuildToolPlugin {
  func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command]
}

/// A command plugin run on an Xcode project.
public protocol XcodeCommandPlugin {
  func performCommand(context: XcodePluginContext, arguments: [String]) throws
}
