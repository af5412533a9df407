import DICfgCompiler
import DICfgCore
import DICfgImport
import DICfgPlanning
import DICfgSwiftReader

/// The run `dicfg validate --all-envs --swift` makes of what an import wrote (`import/dicfg.yaml`,
/// its layers and its factory functions), against `swift`, the app's own Swift; nil for the run of
/// `dicfg validate --all-envs`, the graph file alone.
func writtenGraphRun(_ imported: RegistrationImport, swift: [(path: String, text: String)]?) -> GraphRun {
  var files = ["import/dicfg.yaml": imported.graphFile]
  for layer in imported.layers { files["import/dicfg.\(layer.environment).yaml"] = layer.text }
  var request = GraphRun.Request(files: ["import/dicfg.yaml"], allEnvironments: true)
  request.fileSystem = InMemoryFileSystem(files)
  request.environmentVariables = [:]
  if let swift {
    request.swift = SwiftDeclarationReader().read(
      files: swift + (imported.functions.map { [(path: "import/DICfgImported.swift", text: $0)] } ?? []))
  }
  return GraphRun(request)
}
