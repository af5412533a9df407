/// What every error that compiling, linking, creating a container and resolving throw has in
/// common: findings, each with its code, message and graph-file location. One `catch` handles
/// them all:
///
/// ```swift
/// do {
///   let container = try Container(graphFile: path, registry: registry)
///   let report = try container.resolve("report", as: Report.self)
/// } catch let error as any DICfgError {
///   for finding in error.diagnostics { log("\(finding.location): \(finding.message) [#\(finding.code)]") }
/// }
/// ```
public protocol DICfgError: Error, Sendable, CustomStringConvertible {
  /// The findings, at least one; a resolve's failure is one, at the failing service's location.
  var diagnostics: [Diagnostic] { get }
}

extension DiagnosticsError: DICfgError {}
