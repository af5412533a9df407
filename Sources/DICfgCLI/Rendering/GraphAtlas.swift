import DICfgCompiler
import DICfgCore
import DICfgLoader
import Foundation

/// The graph atlas: one self-contained HTML page (`dicfg graph --format html`) of every
/// environment's services, made from the graph files alone.
///
/// The page holds the data as JSON and the script that draws it; it loads nothing. For each
/// environment it lists every service and external with its scope, isolation and the file, line
/// and layer that set each field, its dependencies and dependents, and what `dicfg diff` lists
/// against the base.
struct GraphAtlas {
  /// One environment's compile: `base` for the file with the `--env` layers alone.
  struct Environment {
    var name: String
    var result: CompileResult
  }

  let file: String
  let environments: [Environment]

  /// The page.
  var html: String {
    let data = (try? Self.encoder.encode(document())).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    // Inside a <script> element, `</script>` would end it and `<!--` change how it ends: every `<`
    // (only ever inside a JSON string) is written as its JSON escape.
    let embedded = data.replacingOccurrences(of: "<", with: "\\u003c")
    let title = Self.escapedHTML(file)
    return GraphAtlasPage.template.components(separatedBy: "{{DATA}}")
      .map { $0.replacingOccurrences(of: "{{TITLE}}", with: title) }
      .joined(separator: embedded)
  }

  private static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()

  static func escapedHTML(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }

  // MARK: - The data

  /// The page's data. Keys are short: a 1,000-service graph is about a fifth of a megabyte an
  /// environment.
  struct Document: Encodable {
    var file: String
    /// The files lines are in: a place is written `INDEX:LINE` into this list.
    var files: [String]
    var environments: [EnvironmentData]
  }

  /// The files places are in, each once, numbered in the order first met.
  private final class Places {
    var files: [String] = []
    private var numbers: [String: Int] = [:]

    /// `location`'s file by its number, and its line: `0:12`.
    func place(_ location: SourceLocation) -> String {
      let number =
        numbers[location.file]
        ?? {
          numbers[location.file] = files.count
          files.append(location.file)
          return files.count - 1
        }()
      return "\(number):\(location.line)"
    }
  }

  struct EnvironmentData: Encodable {
    var name: String
    /// The nodes: services, then externals.
    var nodes: [Node]
    /// What `dicfg diff` lists against the base.
    var changes: [Change]
    /// The errors that left this environment without a plan, as `file:line:column: message`.
    var errors: [String]
  }

  struct Node: Encodable {
    /// Id.
    var i: String
    /// Container.
    var c: String
    /// Type.
    var t: String
    /// Scope, or `external`.
    var s: String
    /// Isolation, when not nonisolated.
    var m: String?
    /// Eager.
    var e: Bool?
    /// Where it is declared, and its layer.
    var at: String
    var l: String
    /// Dependencies: node index, label, and `d` for a deferred (provider, lazy) one.
    var d: [[String]]
    /// Fields as set: key, value as written, `file:line`, layer.
    var f: [[String]]
  }

  struct Change: Encodable {
    /// Node id (with its container) the change is about; nil for a parameter.
    var n: String?
    var text: String
    var at: String
    var l: String
  }

  func document() -> Document {
    let base = environments.first?.result
    let places = Places()
    let data = environments.map { environment in
      guard let plan = environment.result.plan else {
        let errors = environment.result.diagnostics.filter { $0.severity == .error }
        return EnvironmentData(
          name: environment.name, nodes: [], changes: [],
          errors: errors.map { "\($0.location): \($0.message)" })
      }
      var changes: [Change] = []
      if environment.name != "base", let base, let diff = GraphDiff(old: base, new: environment.result) {
        changes = diff.changes.map { change in
          Change(
            n: change.subject == .parameter || change.subject == .container
              ? nil : "\(change.container ?? ResolutionPlan.Container.defaultName)/\(change.id)",
            text: "\(change.subjectName) \(change.summary)", at: places.place(change.location), l: change.layer)
        }
      }
      return EnvironmentData(
        name: environment.name, nodes: nodes(plan, environment.result, places: places), changes: changes,
        errors: [])
    }
    return Document(file: file, files: places.files, environments: data)
  }

  private func nodes(_ plan: ResolutionPlan, _ result: CompileResult, places: Places) -> [Node] {
    var index: [String: Int] = [:]
    var count = 0
    for (containerIndex, container) in plan.containers.enumerated() {
      for service in container.services.indices {
        index["s\(containerIndex)/\(service)"] = count
        count += 1
      }
    }
    for (containerIndex, container) in plan.containers.enumerated() {
      for external in container.externals.indices {
        index["e\(containerIndex)/\(external)"] = count
        count += 1
      }
    }
    func layer(_ location: SourceLocation) -> String { GraphDiff.layer(of: location.file, in: result) }
    var nodes: [Node] = []
    for container in plan.containers {
      for service in container.services {
        var dependencies: [[String]] = []
        for (position, argument) in service.initializer.map({ ("", $0) }) + service.properties.map({ (".", $0) }) {
          for named in argument.value.named {
            switch named {
            case .service(let reference, let use):
              if let target = index["s\(reference.container)/\(reference.service)"] {
                dependencies.append(
                  [String(target), position + argument.label] + (use == .deferred ? ["d"] : []))
              }
            case .external(let owner, let external):
              if let target = index["e\(owner)/\(external)"] {
                dependencies.append([String(target), position + argument.label])
              }
            }
          }
        }
        nodes.append(
          Node(
            i: service.id, c: container.name, t: service.factory.map { "\(service.type) = \($0)(…)" } ?? service.type,
            s: service.scope.description,
            m: service.isolation == .nonisolated ? nil : service.isolation.rawValue, e: service.eager ? true : nil,
            at: places.place(service.location), l: layer(service.location), d: dependencies,
            f: fields(
              result.places(ofService: service.id, inContainer: container.name, at: service.location), layer: layer,
              places: places)))
      }
    }
    for container in plan.containers {
      for external in container.externals {
        nodes.append(
          Node(
            i: external.id, c: container.name, t: external.type + (external.optional ? "?" : ""), s: "external",
            m: nil, e: nil, at: places.place(external.location), l: layer(external.location), d: [],
            f: [["retain", external.retain.rawValue, places.place(external.location), layer(external.location)]]))
      }
    }
    return nodes
  }

  /// Each field of a service as written, with the file, line and layer that set it; a label inside
  /// `init:`, `properties:` or `arguments:` as `init.label`.
  private func fields(_ places: ServicePlaces, layer: (SourceLocation) -> String, places files: Places) -> [[String]] {
    places.fields.flatMap { field in
      field.labels.map { labels in
        labels.map { [field.key + "." + $0.key, $0.value, files.place($0.location), layer($0.location)] }
      } ?? [[field.key, field.value, files.place(field.location), layer(field.location)]]
    }
  }
}
