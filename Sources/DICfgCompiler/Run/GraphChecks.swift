public import DICfgCore
public import DICfgSwiftModel

/// The rules that make the findings of a run over graph files: ``GraphRun``, behind `dicfg
/// validate`, the build, the language server, `Container(graphFile:)` and the commands that need a
/// plan, applies them, so all state the same errors and warnings at the same places.
///
/// Each compiled target is reported as ``CompileTargets/reported(_:)`` selects it; a finding that
/// only an environment brings is attributed to it (a note naming the environment and its layer),
/// since a layer's finding often points into the base file; each plan's findings are added to by
/// `planChecks`; and the typed container's checks (``TypedContainerChecks``) run over each file and
/// the environments it was compiled with, against the declarations its compile checked against,
/// else the target's `swift` where it is known.
public enum GraphChecks {
  public static func findings(
    _ results: [(target: CompileTargets.Target, result: CompileResult)], environments: [String],
    swift: SwiftDeclarations? = nil,
    planChecks: (ResolutionPlan) -> [Diagnostic] = { _ in [] },
    compileAlone: ((String) -> CompileResult)? = nil
  ) -> [Diagnostic] {
    let results = CompileTargets.reported(results)
    var diagnostics: [Diagnostic] = []
    // Each target's plan checks, made once.
    let planFindings = results.map { $0.result.plan.map(planChecks) ?? [] }
    // Each file compiled with no layer at all, where no target is and a run names only its
    // environments (`--env test`, `app.test.yaml`), compiled once, and only where some target has
    // a finding to attribute (an app's `Container(graphFile:environments:)` compiles once).
    let hasFindings = results.indices.contains { !results[$0].result.diagnostics.isEmpty || !planFindings[$0].isEmpty }
    var aloneResults: [String: CompileResult] = [:]
    if let compileAlone, hasFindings {
      for file in Set(results.map(\.target.file))
      where !results.contains(where: { $0.target.file == file && $0.target.environments.isEmpty }) {
        aloneResults[file] = compileAlone(file)
      }
    }
    let usedSomewhere = usedSomewhere(results.map(\.result) + aloneResults.values)
    func findings(of result: CompileResult, planFindings: [Diagnostic]? = nil) -> [Diagnostic] {
      (result.diagnostics + (planFindings ?? result.plan.map(planChecks) ?? [])).filter {
        !unusedCodes.contains($0.code) || !usedSomewhere.contains($0.location)
      }
    }
    // Per file compiled with the `--env` layers alone: its findings, so those only an environment
    // adds can say so.
    var baseFindings: [String: Set<Diagnostic>] = [:]
    // Per file compiled with no layer at all, where no target is: so a run that names only
    // environments (`--env test`, `app.test.yaml`) still says which findings they bring.
    var aloneFindings: [String: Set<Diagnostic>] = [:]
    for ((target, result), planFound) in zip(results, planFindings) {
      var found = findings(of: result, planFindings: planFound)
      let added = target.environments.dropFirst(environments.count)
      if added.isEmpty { baseFindings[target.file] = Set(found) }
      if !added.isEmpty, let base = baseFindings[target.file] {
        found = found.map { attributed($0, to: Array(added), of: target.file, unless: base) }
      } else if !target.environments.isEmpty, let alone = aloneResults[target.file] {
        if aloneFindings[target.file] == nil { aloneFindings[target.file] = Set(findings(of: alone)) }
        let alone = aloneFindings[target.file] ?? []
        found = found.map { attributed($0, to: target.environments, of: target.file, unless: alone) }
      }
      diagnostics += found
    }
    for (target, result) in results where target.added == nil {
      let layers = results.filter { $0.target.file == target.file && $0.target.added != nil }
      diagnostics += TypedContainerChecks.findings(
        graphFile: target.file, base: result.plan,
        environments: layers.compactMap { layer in layer.target.added.map { ($0, layer.result.plan) } },
        swift: result.swift ?? swift)
    }
    return diagnostics.sortedUnique()
  }

  /// The findings of a declaration nothing uses.
  static let unusedCodes: Set<DiagnosticCode> = [.unusedExternal, .unusedParameter]

  /// Where the externals and parameters are declared that some compile of their file uses: its plan
  /// declares them and it reports no `unused-external` or `unused-parameter` there. An external or
  /// parameter the base uses and a test layer's replacement no longer needs, or one only a layer's
  /// service uses, is no finding: no edit of the file could remove it.
  static func usedSomewhere(_ results: [CompileResult]) -> Set<SourceLocation> {
    var used = Set<SourceLocation>()
    for result in results {
      guard let plan = result.plan else { continue }
      let unused = Set(result.diagnostics.filter { unusedCodes.contains($0.code) }.map(\.location))
      let declared = plan.parameters.map(\.location) + plan.containers.flatMap { $0.externals.map(\.location) }
      used.formUnion(declared.filter { !unused.contains($0) })
    }
    return used
  }

  /// `diagnostic` with a note naming the environments (and their layer files) it comes with, unless
  /// the file alone has it too.
  public static func attributed(
    _ diagnostic: Diagnostic, to environments: [String], of file: String, unless base: Set<Diagnostic>
  ) -> Diagnostic {
    guard !base.contains(where: { $0.isSameFinding(as: diagnostic) }) else { return diagnostic }
    var attributed = diagnostic
    let layers = environments.map { "'\($0)' (\(Paths.environmentSibling(of: file, environment: $0)))" }
    attributed.notes.append(
      Note(
        message: "with environment \(layers.joined(separator: ", ")); '\(file)' alone does not have it",
        location: nil))
    return attributed
  }
}
