import DICfgCompiler
import DICfgCore
public import DICfgLoader
import DICfgPlanning
import DICfgReporting
import DICfgSwiftModel
import DICfgSwiftReader
import Foundation

/// One run of the generator: compiles graph files in every environment, checks them against the
/// target's Swift, and writes the Swift registration and typed containers, or reports why not.
/// `dicfg generate` and the build plugins' tool `dicfg-generate` both run it, so the build and the
/// command line write the same file and say the same things.
public struct RegistryGeneration: Sendable {
  public var files: [String]
  public var output: String
  public var environments: [String] = []
  public var overrides: [String] = []
  public var swiftSources: [String] = []
  public var allEnvironments = false
  public var access: RegistryGenerator.Access = .internal
  public var imports: [String] = []
  /// `MODULE=DIRECTORY` pairs: a module whose Swift (among `swiftSources`) is in `DIRECTORY`, which
  /// the generated file imports only where the graph names a type or function it declares. The build
  /// plugin passes the modules of the other packages' products a target depends on, so a module the
  /// graph does not use brings no name of its own into the generated file (Swinject's `Container`).
  public var conditionalImports: [String] = []
  public var sourceRoot: String?
  /// `NAME=TYPE` pairs naming containers' typed containers.
  public var containerTypes: [String] = []
  /// A `dicfg-generator-config.json` whose options are read when the run starts (see
  /// `GeneratorConfiguration`): the build plugins pass it, so an edit to it takes effect on the next
  /// build.
  public var configuration: String?
  public var colors = false
  public var errorLimit = 20
  public var limits = LoaderLimits()
  public var environmentVariables: [String: String] = ProcessInfo.processInfo.environment
  /// Where the toolchain's declarations of the modules the Swift imports are kept (`--symbol-cache`);
  /// the user's cache where nil.
  public var symbolCache: String?
  /// The toolchain's `swiftc` (`--swiftc`); the one on `PATH` where nil.
  public var swiftc: String?
  /// `MODULE=DIRECTORY` pairs (`--undepended`): the package's modules the target does not depend
  /// on. Only the names of their types are read, so a graph naming one is told which module declares
  /// it and that the target does not depend on it, as `dicfg validate --package` says.
  public var undependedModules: [String] = []
  /// The runtime the file is written against (`--runtime`): the product of dicfg the target depends
  /// on, which the build plugin reads of the target.
  public var runtime: GeneratedRuntime = .full

  public init(files: [String], output: String) {
    self.files = files
    self.output = output
  }

  /// What the run printed and its exit status: 0 written (or unchanged), 1 findings or a failure.
  public struct Outcome: Sendable, Equatable {
    public var exitCode: Int32
    public var standardError: String
  }

  /// Compiles every file in every environment and writes the registration, or returns the
  /// diagnostics.
  public func run() -> Outcome {
    guard let configuration else { return generate() }
    do {
      return applying(try GeneratorConfiguration.read(path: configuration), at: configuration).generate()
    } catch {
      return Outcome(exitCode: 1, standardError: error.description + "\n")
    }
  }

  private func generate() -> Outcome {
    guard !files.isEmpty else {
      return Outcome(
        exitCode: 1,
        standardError: "error: no graph file to generate from; name one, or list it under 'files' in the "
          + "generator configuration\n")
    }
    // What `dicfg validate` finds, warnings too, with the typed container's checks.
    let run = GraphRun(request())
    let sources = run.sources
    guard !run.hasErrors else {
      return Outcome(exitCode: 1, standardError: report(run.findings, sources: sources))
    }
    let warnings = run.findings.isEmpty ? "" : report(run.findings, sources: sources)
    let variants = TypedRuntimeCheck.variants(of: run)
    let targets = run.results.map(\.target)
    let typeNames = Dictionary(
      containerTypes.compactMap { pair -> (String, String)? in
        let parts = pair.split(separator: "=").map(String.init)
        return parts.count == 2 ? (parts[0], parts[1]) : nil
      }, uniquingKeysWith: { $1 })
    if let error = unknownContainerType(typeNames, containers: variants.first?.plan.containers.map(\.name) ?? []) {
      return Outcome(exitCode: 1, standardError: error)
    }
    let base = run.base ?? run.results.first?.result
    let generator = generator(for: run, variants: variants, typeNames: typeNames)
    // The builders this module's generated code declares for the graphs that import its files.
    // A fragment whose Swift, and all it imports, the run read whole is checked by the run: its
    // file holds only the builders other modules call, each at its service's line. Where anything
    // went unread, its registrations stay, for the Swift compiler to check each service at its line.
    let readWhole =
      run.swift.map { $0.unreadable.isEmpty } == true && run.unreadModules.isEmpty
      && generator.typeAliases(variants).isEmpty
    // Over the typed runtime, which has no registration, a fragment's file is only its builders.
    let buildersOnly = generator.checksOnly && (readWhole || runtime == .typed)
    let builders = ModuleBuilder.swift(base?.publishedBuilders ?? [], atGraphLines: buildersOnly)
    let includePlans = Set(targets.map(\.file)).count == 1 && !generator.checksOnly
    let unread = (run.swift?.unreadable ?? []).map(\.location.file) + generator.unreadModules
    let unreadWarning =
      runtime == .typed && !unread.isEmpty ? Self.unreadOverTypedRuntime(files: files[0], unread: unread) : ""
    let text: String
    if buildersOnly {
      text = generator.buildersOnly(builders)
    } else if runtime == .typed && !generator.checksOnly {
      let model = generator.translate(variants, includePlans: includePlans)
      let needs = TypedRuntimeCheck.linkNeeds(model.typedContainers, base: variants.first?.plan, files: files)
      guard needs.isEmpty else { return Outcome(exitCode: 1, standardError: report(needs, sources: sources)) }
      text = generator.render(model) + builders
    } else {
      text = generator.generate(variants, includePlans: includePlans) + builders
    }
    if let error = write(text) { return Outcome(exitCode: 1, standardError: error) }
    let notes =
      (Set(targets.map(\.file)).count == 1
        ? generator.typedContainers.map { asyncNotes($0, base: variants.first?.plan) } ?? "" : "")
      + Self.builderNotes(base?.publishedBuilders ?? [])
    return Outcome(exitCode: 0, standardError: warnings + unreadWarning + notes)
  }

  /// The generator of `run`'s graph: the modules its file imports, its access, its typed containers
  /// (named as `--container-type` says), its runtime, and whether it writes a fragment's checks only.
  private func generator(
    for run: GraphRun, variants: [RegistryGenerator.Variant], typeNames: [String: String]
  ) -> RegistryGenerator {
    let used = Self.modulesUsed(conditionalImports, by: variants.map(\.plan), swift: run.swift)
    var generator = RegistryGenerator(
      access: access, imports: imports + used.filter { !imports.contains($0) }, sources: files,
      sourceRoot: sourceRoot.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
    // The declarations the compile checked against: with the builders other modules' generated code
    // declares for the services of their graph files the root imports.
    let base = run.base ?? run.results.first?.result
    generator.typedContainers = TypedContainerGenerator(
      access: generator.access, graphFile: URL(fileURLWithPath: files[0]).lastPathComponent,
      swift: base?.swift ?? run.swift, typeNames: typeNames)
    // A module's fragment is checked in its module's build and built by the graph that imports it: its
    // file holds the checks and the builders, no container of its own.
    generator.checksOnly = base?.rootIsFragment ?? false
    generator.runtime = runtime
    // Over the typed runtime, Foundation is imported only where the Swift imports it.
    generator.importsFoundation = runtime == .full || swiftSources.isEmpty || Self.importsFoundation(swiftSources)
    // dicfg's own modules declare nothing the graph builds (its providers and lazy values are read by
    // name).
    generator.unreadModules = run.unreadModules.keys.sorted().filter {
      !["DICfg", "DICfgRuntime", "DICfgTypedRuntime"].contains($0)
    }
    return generator
  }

  /// What the run compiles and checks: the files, environments and overrides, the target's Swift
  /// with the toolchain's declarations, and the package's modules the target does not depend on.
  private func request() -> GraphRun.Request {
    var request = GraphRun.Request(files: files, environments: environments, allEnvironments: allEnvironments)
    request.overrides = overrides
    if !swiftSources.isEmpty {
      var environment = environmentVariables
      if let symbolCache { environment["DICFG_CACHE"] = symbolCache }
      if let swiftc { environment["DICFG_SWIFTC"] = swiftc }
      request.readSwift(swiftSources, toolchain: ToolchainInterfaces.locatedOrAbsent(environment: environment))
    }
    request.noteUndepended(
      undependedModules.compactMap { pair in
        let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
        return parts.count == 2 ? (module: parts[0], paths: [parts[1]]) : nil
      })
    request.limits = limits
    request.environmentVariables = environmentVariables
    return request
  }

  /// The error of a `--container-type` naming no container of the graph, with the containers it has;
  /// nil where each names one.
  private func unknownContainerType(_ typeNames: [String: String], containers: [String]) -> String? {
    guard let name = typeNames.keys.sorted().first(where: { !containers.contains($0) }) else { return nil }
    let suggestion = Suggestions.clause(for: name, among: containers)
    return "error: '--container-type \(name)=…' names no container of \(files[0])"
      + "\(suggestion.isEmpty ? "." : suggestion) The containers are "
      + containers.map { "'\($0)'" }.joined(separator: ", ") + ".\n"
  }

  /// Writes `text` to the output file where it differs from what is there (so an unchanged file keeps
  /// its date, and the build compiles nothing again); the error, where it cannot.
  private func write(_ text: String) -> String? {
    do {
      let url = URL(fileURLWithPath: output)
      if (try? String(contentsOf: url, encoding: .utf8)) != text {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url, options: .atomic)
      }
      return nil
    } catch {
      return "error: cannot write '\(output)': \(error.localizedDescription)\n"
    }
  }

  /// Whether a Swift file among `paths` imports Foundation (or one that cannot be read is there).
  static func importsFoundation(_ paths: [String]) -> Bool {
    paths.contains { path in
      guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return true }
      return text.contains("Foundation")
        && SwiftImports.imports(path: path, text: text).contains { $0.module == "Foundation" }
    }
  }

  /// The warning of a file over the typed runtime written where the run did not read everything: the
  /// Swift compiler checks the services in the generated file, not at the graph file's lines.
  static func unreadOverTypedRuntime(files: String, unread: [String]) -> String {
    "\(files): warning: dicfg could not read \(unread.map { "'\($0)'" }.joined(separator: ", ")), so the Swift "
      + "compiler checks the services that name it in the generated typed container, against the generated file's "
      + "lines; over '\(GeneratedRuntime.full.product)', its registration would check them at the graph file's lines\n"
  }

  /// A note at each service whose builder the module's generated code publishes: it makes an
  /// initializer or function the module keeps internal callable from every module that imports
  /// it, and the build says so where the graph file names the service, not only in the file it
  /// generates.
  static func builderNotes(_ builders: [ModuleBuilder]) -> String {
    builders.map { builder in
      let location = builder.location
      let called =
        (builder.calleeIsFunction ? builder.callee : builder.callee + ".init") + "("
        + builder.labels.map { $0 + ":" }.joined() + ")"
      let builderCall = builder.qualifiedName + "(" + builder.labels.map { $0 + ":" }.joined() + ")"
      return "\(location.file):\(location.line):\(location.column): note: '\(builder.service)' is built by "
        + "'\(called)', which module '\(builder.module)' keeps internal; its generated '\(builderCall)' is public, "
        + "so any module that imports \(builder.module) can build it\n"
    }.joined()
  }

  /// A note at each service an `async` initializer or function builds, naming the typed accessors it
  /// makes `async`: where a change to the Swift made an accessor `async`, the build says which
  /// service and which declaration, beside Swift's errors at the call sites that lack `await`.
  private func asyncNotes(_ typed: TypedContainerGenerator, base: ResolutionPlan?) -> String {
    guard let base else { return "" }
    return typed.asyncBuilds(of: base).map { build in
      let location = build.service.location
      let accessors = build.accessors.map { "'\($0)'" }.joined(separator: ", ")
      return "\(location.file):\(location.line):\(location.column): note: '\(build.service.id)' is built by "
        + "'\(build.builder)', which is 'async', so the typed accessor\(build.accessors.count == 1 ? "" : "s") "
        + "\(accessors) \(build.accessors.count == 1 ? "is" : "are") 'async'; call \(build.accessors.count == 1 ? "it" : "them") "
        + "with 'await'\n"
    }.joined()
  }

  private func report(_ diagnostics: [Diagnostic], sources: [String: SourceFile]) -> String {
    DiagnosticTextReport.render(diagnostics, sources: sources, colors: colors, errorLimit: errorLimit)
  }
}

extension RegistryGeneration {
  /// A command line the tool `dicfg-generate` did not understand.
  public struct UsageError: Error, CustomStringConvertible, Equatable {
    public var description: String

    public init(description: String) { self.description = description }
  }

  /// The modules among `pairs` (`MODULE=DIRECTORY`) that declare, by `swift`, a type a plan names
  /// (a service's, a binding's, an external's, a run-time argument's, a factory's owner, one a Swift
  /// value names: `{ swift: Analytics.shared }`) or a free function a factory names, in the order of
  /// `pairs`.
  static func modulesUsed(_ pairs: [String], by plans: [ResolutionPlan], swift: SwiftDeclarations?) -> [String] {
    guard !pairs.isEmpty, let swift else { return [] }
    let names = plans.reduce(into: Set<String>()) { $0.formUnion($1.spelledNames) }
    let files =
      names.compactMap { swift.type(named: $0)?.location.file }
      + swift.functions.filter { names.contains($0.name) }.map(\.location.file)
    return pairs.compactMap { pair -> String? in
      let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2 else { return nil }
      let folder = URL(fileURLWithPath: parts[1]).standardizedFileURL.path + "/"
      return files.contains { URL(fileURLWithPath: $0).standardizedFileURL.path.hasPrefix(folder) } ? parts[0] : nil
    }
  }

  /// Reads the arguments the build and command plugins pass to `dicfg-generate`: graph files,
  /// then `--output FILE`, `--all-envs`, `--access LEVEL`, `--source-root DIR`, and the repeatable
  /// `--import MODULE`, `--import-if-used MODULE=DIRECTORY`, `--swift PATH`, `--undepended MODULE=DIRECTORY`,
  /// `--container-type NAME=TYPE`,
  /// `--env NAME` and
  /// `--override FILE`; `--color never|always`; `--configuration FILE`, a generator configuration
  /// read when the run starts (its `files` stand for the graph files). The same options as
  /// `dicfg generate`, which documents them.
  public static func parse(arguments: [String]) throws(UsageError) -> RegistryGeneration {
    var files: [String] = []
    var output: String?
    var generation = RegistryGeneration(files: [], output: "")
    var remaining = arguments[...]
    func value(for option: String) throws(UsageError) -> String {
      guard let next = remaining.popFirst(), !next.hasPrefix("--") else {
        throw UsageError(description: "'\(option)' needs a value")
      }
      return next
    }
    while let argument = remaining.popFirst() {
      switch argument {
      case "--output": output = try value(for: argument)
      case "--all-envs": generation.allEnvironments = true
      case "--access":
        let level = try value(for: argument)
        guard let access = RegistryGenerator.Access(rawValue: level) else {
          throw UsageError(description: "'--access \(level)' is not internal, package or public")
        }
        generation.access = access
      case "--source-root": generation.sourceRoot = try value(for: argument)
      case "--configuration": generation.configuration = try value(for: argument)
      case "--import": generation.imports.append(try value(for: argument))
      case "--import-if-used":
        let pair = try value(for: argument)
        guard pair.split(separator: "=", maxSplits: 1).count == 2 else {
          throw UsageError(description: "'--import-if-used \(pair)' is not MODULE=DIRECTORY")
        }
        generation.conditionalImports.append(pair)
      case "--swift": generation.swiftSources.append(try value(for: argument))
      case "--undepended":
        let pair = try value(for: argument)
        guard pair.split(separator: "=", maxSplits: 1).count == 2 else {
          throw UsageError(description: "'--undepended \(pair)' is not MODULE=DIRECTORY")
        }
        generation.undependedModules.append(pair)
      case "--symbol-cache": generation.symbolCache = try value(for: argument)
      case "--runtime":
        let name = try value(for: argument)
        guard let runtime = GeneratedRuntime(rawValue: name) else {
          throw UsageError(description: "'--runtime \(name)' is not full or typed")
        }
        generation.runtime = runtime
      case "--swiftc": generation.swiftc = try value(for: argument)
      case "--env": generation.environments.append(try value(for: argument))
      case "--override": generation.overrides.append(try value(for: argument))
      case "--container-type":
        let pair = try value(for: argument)
        guard pair.split(separator: "=").count == 2 else {
          throw UsageError(description: "'--container-type \(pair)' is not NAME=TYPE; write, say, 'main=ShopContainer'")
        }
        generation.containerTypes.append(pair)
      case "--color":
        let mode = try value(for: argument)
        guard mode == "never" || mode == "always" else {
          throw UsageError(description: "'--color \(mode)' is not never or always")
        }
        generation.colors = mode == "always"
      default:
        guard !argument.hasPrefix("-") else { throw UsageError(description: "unknown option '\(argument)'") }
        files.append(argument)
      }
    }
    guard !files.isEmpty || generation.configuration != nil else {
      throw UsageError(description: "name at least one graph file")
    }
    guard let output else { throw UsageError(description: "'--output FILE' is missing") }
    generation.files = files
    generation.output = output
    return generation
  }
}
