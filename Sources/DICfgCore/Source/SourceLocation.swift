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

  /// Orders by file, then line, then column.
  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    if lhs.file != rhs.file { return lhs.file < rhs.file }
    if lhs.line != rhs.line { return lhs.line < rhs.line }
    return lhs.column < rhs.column
  }
}
