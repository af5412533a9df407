public import DICfgCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether a file is read as YAML or as JSON.
public enum SourceFormat: String, Sendable, Hashable, Codable {
  /// YAML 1.2 through libyaml.
  case yaml
  /// Strict RFC 8259 JSON.
  case json

  /// JSON for paths ending in `.json` (any case), YAML otherwise.
  public init(path: String) {
    self = path.lowercased().hasSuffix(".json") ? .json : .yaml
  }
}

/// A loaded graph file: its bytes, its tree, and what the loader found.
public struct LoadedFile: Sendable {
  /// The file's bytes and line table, for locations and rendering.
  public let source: SourceFile
  /// How it was read.
  public let format: SourceFormat
  /// The root node; nil when the file holds no document (it is empty, or holds only comments)
  /// or when a fatal error stopped loading.
  public let root: ConfigNode?
  /// The loader's findings, sorted by location.
  public let diagnostics: [Diagnostic]

  /// Creates a loaded file.
  public init(source: SourceFile, format: SourceFormat, root: ConfigNode?, diagnostics: [Diagnostic]) {
    self.source = source
    self.format = format
    self.root = root
    self.diagnostics = diagnostics
  }

  /// The path the file was loaded from.
  public var path: String { source.path }

  /// A file that could not be read, with its `io-error`.
  public static func unreadable(_ path: String, reason: String) -> LoadedFile {
    LoadedFile(
      source: SourceFile(path: path, bytes: []), format: SourceFormat(path: path), root: nil,
      diagnostics: [.fileUnreadable(path, reason: reason)])
  }
}

/// Loads YAML and JSON graph files into ``ConfigNode`` trees, with a location on every node.
///
/// The loader is the only part of dicfg that parses YAML or JSON. It never crashes, hangs or
/// grows without bound on hostile input: encoding, nesting, node count after alias expansion,
/// scalar length and file size are all checked, and every problem is a located ``Diagnostic``.
///
/// ```swift
/// let file = ConfigLoader().load(path: "config/app.yaml")
/// for diagnostic in file.diagnostics { print(diagnostic.location, diagnostic.message) }
/// ```
///
/// YAML files may use anchors, aliases and merge keys (`<<: *defaults`); the standard tags
/// (`!!str`, `!!int`, …) are kept on the scalar, any other tag is an `unsupported-tag` error.
public struct ConfigLoader: Sendable {
  /// The limits applied to every file.
  public var limits: LoaderLimits

  /// Creates a loader.
  public init(limits: LoaderLimits = LoaderLimits()) {
    self.limits = limits
  }

  /// Reads and loads the file at `path`.
  ///
  /// - Parameters:
  ///   - path: The file; diagnostics name it as given.
  ///   - format: How to read it; by default from the extension (`.json` or YAML).
  /// - Returns: The tree and the findings; an unreadable file gives an `io-error`.
  public func load(path: String, format: SourceFormat? = nil) -> LoadedFile {
    let format = format ?? SourceFormat(path: path)
    switch Self.readFile(path, limit: limits.maxFileSize) {
    case .success(let bytes):
      return load(bytes: bytes, path: path, format: format)
    case .failure(let failure):
      return LoadedFile(
        source: SourceFile(path: path, bytes: []), format: format, root: nil, diagnostics: [failure.diagnostic])
    }
  }

  /// Loads bytes that came from `path` (or any name to show in diagnostics).
  public func load(bytes: [UInt8], path: String, format: SourceFormat? = nil) -> LoadedFile {
    let format = format ?? SourceFormat(path: path)
    let source = SourceFile(path: path, bytes: bytes)
    func result(_ root: ConfigNode?, _ diagnostics: [Diagnostic]) -> LoadedFile {
      LoadedFile(source: source, format: format, root: root, diagnostics: diagnostics.sorted())
    }
    if bytes.count > limits.maxFileSize {
      return result(nil, [.fileTooLarge(path, size: bytes.count, limit: limits.maxFileSize)])
    }
    let encoding = EncodingCheck.check(source, format: format)
    if let problem = encoding.problem { return result(nil, [problem]) }

    var builder = TreeBuilder(source: source, limits: limits, mergeKeys: format == .yaml)
    do throws(LoadFailure) {
      switch format {
      case .yaml:
        try YAMLReader(
          source: source, isASCII: encoding.isASCII, hasUnicodeLineBreaks: encoding.hasUnicodeLineBreaks
        ).read(into: &builder)
      case .json:
        var reader = JSONReader(source: source)
        try reader.read(into: &builder)
      }
    } catch {
      return result(nil, builder.diagnostics + [error.diagnostic])
    }
    let diagnostics = builder.diagnostics
    return result(builder.finish(), diagnostics)
  }

  private static func readFile(_ path: String, limit: Int) -> Result<[UInt8], LoadFailure> {
    func failure(_ reason: String) -> Result<[UInt8], LoadFailure> {
      .failure(LoadFailure(diagnostic: .fileUnreadable(path, reason: reason)))
    }
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return failure(errorText(errno)) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return failure(errorText(errno)) }
    if (status.st_mode & S_IFMT) == S_IFDIR { return failure("it is a directory, not a file") }
    let size = Int(status.st_size)
    if size > limit {
      return .failure(LoadFailure(diagnostic: .fileTooLarge(path, size: size, limit: limit)))
    }
    // Read up to one byte past the limit, whatever the size claimed, so a growing file or a
    // device cannot make the loader read without bound.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(size + 1)
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while bytes.count <= limit {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        return failure(errorText(errno))
      }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[0..<count])
    }
    if bytes.count > limit {
      return .failure(LoadFailure(diagnostic: .fileTooLarge(path, size: bytes.count, limit: limit)))
    }
    return .success(bytes)
  }

  private static func errorText(_ code: Int32) -> String {
    switch code {
    case ENOENT: "no such file"
    case EACCES: "permission denied"
    case EISDIR: "it is a directory, not a file"
    default: String(cString: strerror(code))
    }
  }
}
