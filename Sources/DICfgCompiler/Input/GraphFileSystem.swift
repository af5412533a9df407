public import DICfgLoader
import Foundation

/// Where the compiler reads graph files from: the disk by default, memory in tests and tools.
public protocol GraphFileSystem: Sendable {
  /// Loads the file at `path` with `loader`; a missing or unreadable file gives an `io-error`.
  func load(_ path: String, with loader: ConfigLoader) -> LoadedFile
  /// Whether a file exists at `path` (for optional environment layers).
  func fileExists(_ path: String) -> Bool
  /// The names of the files and folders in `folder` ("" for the current folder), for finding the
  /// environment layers beside a graph file and the graph files of the modules beside its own.
  func fileNames(in folder: String) -> [String]
  /// The text of the file at `path`, read whole (for the package manifest, `Package.swift`, whose
  /// compilation conditions a layer's `condition:` is checked against); nil where it is not there.
  func text(_ path: String) -> String?
}

extension GraphFileSystem {
  /// No text: a file system that holds only graph files knows no package manifest.
  public func text(_ path: String) -> String? { nil }

  /// No names: a file system that cannot list its folders has no environment layers to find
  /// (named environments still load their layers through ``fileExists(_:)``).
  public func fileNames(in folder: String) -> [String] { [] }
}

/// The local disk.
public struct LocalFileSystem: GraphFileSystem {
  public init() {}

  public func load(_ path: String, with loader: ConfigLoader) -> LoadedFile {
    loader.load(path: path)
  }

  public func fileExists(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
  }

  public func fileNames(in folder: String) -> [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
  }

  public func text(_ path: String) -> String? {
    guard fileExists(path) else { return nil }
    return try? String(contentsOfFile: path, encoding: .utf8)
  }
}

/// Files held in memory, keyed by path: for tests, editors and tools that hold unsaved text.
///
/// ```swift
/// let files = InMemoryFileSystem(["app.yaml": "dicfg: 1\nservices: {}\n"])
/// let result = GraphCompiler(fileSystem: files).compile(CompileRequest(file: "app.yaml"))
/// ```
public struct InMemoryFileSystem: GraphFileSystem {
  /// The files' text by path.
  public var files: [String: String]

  public init(_ files: [String: String]) {
    self.files = files
  }

  public func load(_ path: String, with loader: ConfigLoader) -> LoadedFile {
    guard let text = files[path] else { return LoadedFile.unreadable(path, reason: "no such file") }
    return loader.load(bytes: Array(text.utf8), path: path)
  }

  public func fileExists(_ path: String) -> Bool { files[path] != nil }

  public func text(_ path: String) -> String? { files[path] }

  public func fileNames(in folder: String) -> [String] {
    let prefix = folder.isEmpty ? "" : folder + "/"
    let names = files.keys.compactMap { path -> String? in
      guard path.hasPrefix(prefix) else { return nil }
      // A file in a folder within `folder` names the folder, as a directory listing does.
      return path.dropFirst(prefix.count).split(separator: "/", omittingEmptySubsequences: false).first.map(String.init)
    }
    return Array(Set(names)).sorted()
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
