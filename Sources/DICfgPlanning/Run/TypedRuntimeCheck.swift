public import DICfgCompiler
import DICfgCore
import Foundation

/// What a target on the typed runtime alone cannot build of a run's graph: `needs-full-runtime` at
/// each service's key, with the one thing that stops its accessor. The generator's build, `dicfg
/// validate --runtime typed` and the editor all ask it here, after the run, so they say the same.
public enum TypedRuntimeCheck {
  /// Each environment's plan of `run`, the base first, as the generator takes them.
  package static func variants(of run: GraphRun) -> [RegistryGenerator.Variant] {
    run.results.compactMap { target, result in
      result.plan.map {
        RegistryGenerator.Variant(
          environment: target.added, plan: $0, condition: result.condition, mergedServices: result.mergedServices)
      }
    }
  }

  /// What a target on the typed runtime alone could not build of `run`'s graph, as its build says it
  /// (`needs-full-runtime` at each service's key, with the one thing that stops its accessor): for
  /// `dicfg validate --runtime typed`, before the build. Nothing where the run has errors, or the
  /// graph is a module's fragment (its module's build writes only builders).
  public static func findings(of run: GraphRun, files: [String]) -> [Diagnostic] {
    guard !run.hasErrors, let first = files.first else { return [] }
    let base = run.base ?? run.results.first?.result
    guard !(base?.rootIsFragment ?? false) else { return [] }
    let variants = Self.variants(of: run)
    var generator = RegistryGenerator(access: .internal, imports: [], sources: files, sourceRoot: nil)
    generator.typedContainers = TypedContainerGenerator(
      graphFile: URL(fileURLWithPath: first).lastPathComponent, swift: base?.swift ?? run.swift)
    generator.runtime = .typed
    let model = generator.translate(variants, includePlans: true)
    return linkNeeds(
      Set(run.results.map(\.target.file)).count == 1 ? model.typedContainers : nil, base: variants.first?.plan,
      files: files)
  }

  /// What a file over the typed runtime cannot hold: each service only the link builds, as an error
  /// at its key saying why and what to do; or, where the graph has several files, that it needs one.
  package static func linkNeeds(_ model: TypedContainerModel?, base: ResolutionPlan?, files: [String]) -> [Diagnostic] {
    let product = GeneratedRuntime.typed.product
    let instead = "depend on dicfg's product '\(GeneratedRuntime.full.product)' instead of '\(product)'"
    guard let model, let base else {
      return [
        Diagnostic(
          .error, .needsFullRuntime,
          "a typed container over '\(product)' is written from one graph file and its layers, not "
            + "\(files.count) files; name one (its layers beside it are read), or \(instead)",
          at: SourceLocation(file: files[0], line: 1, column: 1, offset: 0))
      ]
    }
    var diagnostics = model.linkNeeds.compactMap { need -> Diagnostic? in
      guard base.containers.indices.contains(need.container),
        let service = base.containers[need.container].services.first(where: { $0.id == need.service })
      else { return nil }
      let what: String
      switch need.reason {
      case .resolved:
        what =
          "is built through dicfg's link, which '\(product)' does not have: its typed accessor cannot build it "
          + (need.cause.map { "because \($0.text)" }
            ?? "(it takes a graph-scoped service of another container, or a "
            + "provider or lazy value of a service its typed accessor cannot build, or a singleton reaches itself "
            + "back through it)") + "; \(need.cause?.fix ?? instead)"
      case .container:
        what =
          "takes '$container', the dynamic container, which '\(product)' does not have; take the services it "
          + "resolves as its dependencies (or a provider of them), or \(instead)"
      }
      return Diagnostic(.error, .needsFullRuntime, "'\(service.id)' \(what)", at: service.location)
    }
    guard diagnostics.isEmpty, model.linksAtCreation else { return diagnostics }
    // Eager singletons the container's creation cannot build through its accessors.
    let builtEagerly = Set(model.eager.map(\.property))
    for (index, container) in base.containers.enumerated() {
      for service in container.eagerServices.map({ container.services[$0] }) {
        let accessor =
          model.containers.indices.contains(index)
          ? model.containers[index].accessors.first { $0.id == service.id } : nil
        guard !builtEagerly.contains(accessor?.property ?? "") || index != 0 else { continue }
        diagnostics.append(
          Diagnostic(
            .error, .needsFullRuntime,
            "'\(service.id)' is eager, and dicfg's link builds it when the container is created (it is built on the "
              + "main actor, awaits, or is not of the first container), which '\(product)' does not have; drop "
              + "'eager: true' and call its accessor at launch, or \(instead)", at: service.location))
      }
    }
    if diagnostics.isEmpty {
      diagnostics.append(
        Diagnostic(
          .error, .needsFullRuntime,
          "creating the container needs dicfg's link, which '\(product)' does not have; \(instead)",
          at: base.containers.first?.location ?? SourceLocation(file: files[0], line: 1, column: 1, offset: 0)))
    }
    return diagnostics
  }
}
