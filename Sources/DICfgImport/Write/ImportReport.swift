import DICfgCore
import Foundation

/// The import's report: each registration with its file and line and how it was imported, and the
/// totals, as text or JSON.
public struct ImportReport: Sendable {
  public let registrations: [ImportedRegistration]
  public let unreadable: [String]
  /// The files that use a registration API where no registration was read, and why.
  public let filesNotRead: [(path: String, reason: String)]
  /// Factory's overrides made at run time, which are no registration.
  public let overrides: [RegistrationImport.Override]
  /// What `dicfg validate --all-envs` says of the written files, against the Swift read.
  public let findings: [Diagnostic]
  /// The declarations private to their files the graph builds services with.
  public let widenings: [AccessWidening]
  /// The patch written that makes them internal (its path from the folder it applies in, and that
  /// folder where it is not the current one), nil where none was written.
  public let accessPatch: (path: String, folder: String?)?
  /// Those of ``widenings`` the patch does not change (their line does not write the modifier).
  public let unpatched: [AccessWidening]

  /// The report of `imported`, with the findings of the written files and the patch written (at
  /// `accessPatch`) for the declarations they need widened, against which they were checked.
  public init(
    _ imported: RegistrationImport, findings: [Diagnostic] = [], accessPatch: (path: String, folder: String?)? = nil,
    unpatched: [AccessWidening] = []
  ) {
    registrations = imported.registrations
    unreadable = imported.unreadable
    filesNotRead = imported.filesNotRead
    overrides = imported.overrides
    self.findings = findings
    widenings = imported.widenings
    self.accessPatch = accessPatch
    self.unpatched = unpatched
  }

  /// How many were imported each way.
  public struct Totals: Sendable, Codable, Equatable {
    public var registrations = 0
    public var asWritten = 0
    public var factoryFunctions = 0
    public var bindings = 0
    public var notImported = 0
    /// Imported (as written, through a factory function or as a binding), in percent, rounded down.
    public var importedPercent: Int { registrations == 0 ? 100 : (registrations - notImported) * 100 / registrations }
  }

  public var totals: Totals {
    var totals = Totals()
    for registration in registrations {
      totals.registrations += 1
      switch registration.outcome {
      case .asWritten: totals.asWritten += 1
      case .factoryFunction: totals.factoryFunctions += 1
      case .binding: totals.bindings += 1
      case .notImported: totals.notImported += 1
      }
    }
    return totals
  }

  /// One line a registration, compiler-style (`file:line:column: …`), then the totals.
  public var text: String {
    var lines = unreadable.map { "\($0): warning: not Swift the import can read; its registrations are not imported" }
    lines += filesNotRead.map { "\($0.path): warning: \($0.reason)" }
    for registration in registrations {
      let before = lines.count
      defer {
        if let note = registration.note, lines.count > before { lines[lines.count - 1] += "; " + note }
      }
      let place = "\(registration.file):\(registration.line):\(registration.column)"
      // A registration whose type only Swift infers is named by its id.
      let subject =
        "\(registration.library.rawValue) registration "
        + (registration.key.isEmpty ? "'\(registration.id)'" : "of '\(registration.key)'")
        + (registration.name.map { " named '\($0)'" } ?? "")
        + (registration.environment.map { " in environment '\($0)'" } ?? "")
      switch registration.outcome {
      case .asWritten where registration.isNil:
        lines.append(
          "\(place): imported: \(subject) as '\(registration.id)', which it leaves out here (its factory gives nil), so "
            + "what takes it takes nil")
      case .asWritten:
        lines.append("\(place): imported: \(subject) as '\(registration.id)'")
      case .factoryFunction(let function):
        lines.append(
          "\(place): imported: \(subject) as '\(registration.id)', built by the factory function '\(function)'")
      case .binding(let target):
        lines.append("\(place): imported: \(subject) as a binding of '\(target)', whose instance it returns")
      case .notImported(let reason):
        let port = reason.hasSuffix("; nothing to port") ? "" : "; port it by hand"
        lines.append("\(place): not imported: \(subject): \(reason)\(port)")
      }
    }
    lines += overrides.map { override in
      "\(override.file):\(override.line):\(override.column): override: Factory's '\(override.factory)' replaced at run "
        + "time ('\(override.call)'), which is no registration: the graph keeps the factory's registration, and a "
        + "preview or test gives its stand-in to the typed container it creates ('replacing:')"
    }
    let unpatched = Set(unpatched.map(\.location))
    for widening in widenings {
      let fix =
        unpatched.contains(widening.location) || accessPatch == nil
        ? "make it internal" : "'\(accessPatch?.path ?? "")' makes it internal"
      lines.append(
        "\(widening.location): note: '\(widening.service)' is built with '\(widening.declaration)', which is "
          + "\(widening.access.keyword) to this file, so the generated container cannot call it; \(fix)")
    }
    let totals = totals
    lines += findings.map { "\($0.location): \($0.severity.rawValue): \($0.message) [\($0.code.rawValue)]" }
    guard totals.registrations > 0 else {
      lines.append("no registration found in the files read: nothing imported")
      return lines.joined(separator: "\n") + "\n"
    }
    let verdict =
      findings.isEmpty
      ? "the written graph validates"
      : "the written graph has " + Self.counted(findings.filter { $0.severity == .error }.count, "error") + " and "
        + Self.counted(findings.filter { $0.severity != .error }.count, "warning") + ", listed above"
    let patched = accessPatch.map {
      "once '\($0.path)' is applied ('git apply \($0.path)' \($0.folder.map { "in '\($0)'" } ?? "here")), "
    }
    lines.append(
      "\(totals.registrations) registrations: \(totals.asWritten) as written, \(totals.factoryFunctions) through a "
        + "factory function, \(totals.bindings) as a binding, \(totals.notImported) not imported "
        + "(\(totals.importedPercent)% imported); "
        + (overrides.isEmpty ? "" : Self.counted(overrides.count, "run-time override") + " reported apart; ")
        + (patched ?? "") + verdict)
    return lines.joined(separator: "\n") + "\n"
  }

  private static func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)" + (count == 1 ? "" : "s")
  }

  private struct Document: Encodable {
    struct Entry: Encodable {
      var file: String
      var line: Int
      var column: Int
      var library: String
      var key: String
      var name: String?
      var environment: String?
      var id: String
      var scope: String?
      var outcome: String
      var function: String?
      var bindingOf: String?
      var reason: String?
      var note: String?
    }
    struct FileNotRead: Encodable {
      var file: String
      var reason: String
    }
    struct Finding: Encodable {
      var file: String
      var line: Int
      var column: Int
      var severity: String
      var code: String
      var message: String
    }
    var registrations: [Entry]
    var unreadable: [String]
    var filesNotRead: [FileNotRead]
    struct Override: Encodable {
      var file: String
      var line: Int
      var column: Int
      var factory: String
      var call: String
    }
    var overrides: [Override]
    var findings: [Finding]
    struct Widening: Encodable {
      var file: String
      var line: Int
      var column: Int
      var declaration: String
      var service: String
      var access: String
      var patched: Bool
    }
    var widenings: [Widening]
    var accessPatch: String?
    var accessPatchFolder: String?
    var totals: Totals
  }

  /// The report as one JSON document.
  public var json: String {
    let entries = registrations.map { registration -> Document.Entry in
      var entry = Document.Entry(
        file: registration.file, line: registration.line, column: registration.column,
        library: registration.library.rawValue, key: registration.key, name: registration.name,
        environment: registration.environment, id: registration.id, scope: registration.scope, outcome: "asWritten",
        note: registration.note)
      switch registration.outcome {
      case .asWritten: break
      case .factoryFunction(let function): (entry.outcome, entry.function) = ("factoryFunction", function)
      case .binding(let target): (entry.outcome, entry.bindingOf) = ("binding", target)
      case .notImported(let reason): (entry.outcome, entry.reason) = ("notImported", reason)
      }
      return entry
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let document = Document(
      registrations: entries, unreadable: unreadable,
      filesNotRead: filesNotRead.map { Document.FileNotRead(file: $0.path, reason: $0.reason) },
      overrides: overrides.map {
        Document.Override(file: $0.file, line: $0.line, column: $0.column, factory: $0.factory, call: $0.call)
      },
      findings: findings.map {
        Document.Finding(
          file: $0.location.file, line: $0.location.line, column: $0.location.column,
          severity: $0.severity.rawValue, code: $0.code.rawValue, message: $0.message)
      },
      widenings: widenings.map { widening in
        Document.Widening(
          file: widening.location.file, line: widening.location.line, column: widening.location.column,
          declaration: widening.declaration, service: widening.service, access: widening.access.keyword,
          patched: accessPatch != nil && !unpatched.contains { $0.location == widening.location })
      }, accessPatch: accessPatch?.path, accessPatchFolder: accessPatch?.folder, totals: totals)
    return ((try? encoder.encode(document)).map { String(decoding: $0, as: UTF8.self) } ?? "{}") + "\n"
  }
}
