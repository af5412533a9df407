/// A position in a graph file.
///
/// Lines and columns are 1-based; columns count Unicode scalars, so a column matches what an
/// editor shows for text without wide characters. The byte offset is 0-based and counts UTF-8
/// bytes from the start of the file, including a byte-order mark.
///
/// ```swift
/// let location = SourceLocation(file: "app.yaml", line: 3, column: 7, offset: 42)
/// print(location)  // app.yaml:3:7
/// ```
public struct SourceLocation: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
  /// The path of the file, as it was given to the loader.
  public var file: String
  /// The 1-based line.
  public var line: Int
  /// The 1-based column, in Unicode scalars.
  public var column: Int
  /// The 0-based offset in UTF-8 bytes from the start of the file.
  public var offset: Int

  /// Creates a location.
  public init(file: String, line: Int, column: Int, offset: Int) {
    self.file = file
    self.line = line
    self.column = column
    self.offset = offset
  }

  /// The start of `file`: line 1, column 1.
  public static func start(of file: String) -> SourceLocation {
    SourceLocation(file: file, line: 1, column: 1, offset: 0)
  }

  /// `file:line:column`, the form editors and terminals turn into links.
  public var description: String { "\(file):\(line):\(column)" }

  /// Encodes the location; a file under the directory an encoder's
  /// ``CodingUserInfoKey/sourceRoot`` names is written relative to it, so a plan embedded in an app
  /// holds no path of the machine that built it.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    let root = encoder.userInfo[.sourceRoot] as? String
    try container.encode(root.map { Self.path(file, relativeTo: $0) } ?? file, forKey: .file)
    try container.encode(line, forKey: .line)
    try container.encode(column, forKey: .column)
    try container.encode(offset, forKey: .offset)
  }

  /// `path` relative to the directory `root` when it lies under it; otherwise `path`.
  public static func path(_ path: String, relativeTo root: String) -> String {
    guard !root.isEmpty else { return path }
    let prefix = root.hasSuffix("/") ? root : root + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }

  private enum CodingKeys: String, CodingKey {
    case file, line, column, offset
  }

  /// Orders by file, then line, then column.
  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    if lhs.file != rhs.file { return lhs.file < rhs.file }
    if lhs.line != rhs.line { return lhs.line < rhs.line }
    return lhs.column < rhs.column
  }
}

extension CodingUserInfoKey {
  /// A directory (a `String`): ``SourceLocation``s of files under it encode relative to it.
  public static let sourceRoot: CodingUserInfoKey = {
    // The initializer is failable for the protocol's sake; it accepts every string.
    guard let key = CodingUserInfoKey(rawValue: "dicfg.sourceRoot") else { preconditionFailure("a coding key") }
    return key
  }()
}
