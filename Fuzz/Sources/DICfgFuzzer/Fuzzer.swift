import DICfgCompiler
import DICfgCore
import DICfgLoader
import FuzzDriver

/// Feeds arbitrary bytes through the loader (as YAML and as JSON) and the whole compiler.
///
/// Besides crashes and sanitizer reports, it checks the loader's promise: every finding points
/// inside the input, at a 1-based line and column.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let bytes = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
  let limits = LoaderLimits(maxFileSize: 1 << 20, maxDepth: 64, maxNodes: 100_000, maxScalarLength: 1 << 16)
  let loader = ConfigLoader(limits: limits)
  for format in [SourceFormat.yaml, .json] {
    let file = loader.load(bytes: bytes, path: "fuzz", format: format)
    for diagnostic in file.diagnostics {
      let location = diagnostic.location
      precondition(location.line >= 1 && location.column >= 1, "a location before the start: \(diagnostic)")
      precondition(location.offset <= bytes.count, "a location past the end: \(diagnostic)")
    }
    if file.diagnostics.isEmpty, file.root != nil {
      precondition(!(file.root?.jsonText().isEmpty ?? true))
    }
  }
  let text = String(decoding: bytes, as: UTF8.self)
  let files = InMemoryFileSystem(["app.yaml": text, "app.test.yaml": "dicfg: 1\nservices: {}\n"])
  let result = GraphCompiler(loader: loader, fileSystem: files).compile(
    CompileRequest(file: "app.yaml", environments: ["test"], environmentVariables: [:]))
  if let plan = result.plan {
    precondition((try? plan.jsonText()) != nil, "a plan that does not encode")
  }
  return 0
}

/// SwiftPM links an executable target's entry point under this name; it hands control to
/// libFuzzer's driver.
@_cdecl("DICfgFuzzer_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runFuzzer(argc, argv) { data, size in fuzz(data, size) }
}
