/// Renders diagnostics as the Swift compiler prints them.
///
/// ```
/// app.yaml:4:3: error: duplicate key 'weatherClient' [#duplicate-key]
///   weatherClient: { type: StubWeatherClient }
///   ^
/// app.yaml:2:3: note: 'weatherClient' is first defined here
///   weatherClient: { type: OpenWeatherClient }
///   ^
/// ```
///
/// This is the one place diagnostics become text.
public struct DiagnosticRenderer: Sendable {
  /// Whether to colour severities with ANSI escapes (for a terminal).
  public var colors: Bool
  /// Whether to print the source line and a caret under each location.
  public var showsSource: Bool

  /// Creates a renderer.
  public init(colors: Bool = false, showsSource: Bool = true) {
    self.colors = colors
    self.showsSource = showsSource
  }

  /// `file:line:column: severity: message [#code]`, with no source and no colour.
  public static func headline(_ diagnostic: Diagnostic) -> String {
    "\(diagnostic.location): \(diagnostic.severity.rawValue): \(diagnostic.message) [#\(diagnostic.code)]"
  }

  /// Renders `diagnostics` in the order given, each followed by its notes.
  ///
  /// - Parameters:
  ///   - diagnostics: The findings to print.
  ///   - source: The file a location points into, for the source line; nil leaves it out.
  /// - Returns: The text, each line ending in a line break.
  public func render(_ diagnostics: [Diagnostic], source: (String) -> SourceFile?) -> String {
    var output = ""
    for diagnostic in diagnostics {
      let severity = style(diagnostic.severity.rawValue, diagnostic.severity == .error ? .red : .magenta)
      output +=
        style("\(diagnostic.location): ", .bold) + severity
        + style(": \(diagnostic.message)", .bold) + " [#\(diagnostic.code)]\n"
      output += excerpt(at: diagnostic.location, source: source)
      for note in diagnostic.notes {
        if let location = note.location {
          output += style("\(location): ", .bold) + style("note", .grey) + ": \(note.message)\n"
          output += excerpt(at: location, source: source)
        } else {
          output += style("note", .grey) + ": \(note.message)\n"
        }
      }
    }
    return output
  }

  /// `2 errors, 1 warning in 3 files`, or `no errors or warnings in 1 file`.
  public static func summary(errors: Int, warnings: Int, files: Int) -> String {
    func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
    let findings =
      errors == 0 && warnings == 0
      ? "no errors or warnings" : "\(count(errors, "error")), \(count(warnings, "warning"))"
    return "\(findings) in \(count(files, "file"))"
  }

  private func excerpt(at location: SourceLocation, source: (String) -> SourceFile?) -> String {
    guard showsSource, let file = source(location.file), !file.bytes.isEmpty, let line = file.lineText(location.line)
    else {
      return ""
    }
    let scalars = Array(line.unicodeScalars)
    let column = location.column - 1
    // A line wider than an excerpt (a minified JSON file is one line) is shown around the column.
    var shown = 0..<scalars.count
    if scalars.count > Self.excerptWidth {
      let start = max(0, min(column - Self.excerptWidth / 2, scalars.count - Self.excerptWidth))
      shown = start..<(start + Self.excerptWidth)
    }
    var printable = String.UnicodeScalarView(scalars[shown].map(Self.printable))
    var caret = String.UnicodeScalarView()
    if shown.lowerBound > 0 {
      printable.insert("…", at: printable.startIndex)
      caret.append(" ")
    }
    if shown.upperBound < scalars.count { printable.append("…") }
    for scalar in scalars[shown.lowerBound..<max(shown.lowerBound, min(column, shown.upperBound))] {
      caret.append(scalar == "\t" ? "\t" : " ")
    }
    if column > shown.upperBound { caret.append(contentsOf: repeatElement(" ", count: column - shown.upperBound)) }
    return String(printable) + "\n" + String(caret) + style("^", .green) + "\n"
  }

  /// The most characters of a source line an excerpt shows: a longer line is cut to this many
  /// around the column, each cut end marked `…`.
  static let excerptWidth = 160

  /// Control characters would move the terminal's cursor; show them as their Unicode pictures.
  private static func printable(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    switch scalar.value {
    case 0x09: return scalar
    case 0x00..<0x20: return Unicode.Scalar(0x2400 + scalar.value) ?? "?"
    case 0x7F: return "\u{2421}"
    case 0x80..<0xA0: return "\u{FFFD}"
    default: return scalar
    }
  }

  private enum Color: String {
    case red = "\u{1B}[1;31m"
    case magenta = "\u{1B}[1;35m"
    case green = "\u{1B}[1;32m"
    case grey = "\u{1B}[1;90m"
    case bold = "\u{1B}[1m"
  }

  private func style(_ text: String, _ color: Color) -> String {
    colors ? color.rawValue + text + "\u{1B}[0m" : text
  }
}
