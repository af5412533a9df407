import DICfgRuntime
import DICfgTypedRuntime
import Testing

/// The rule that names the layer to add for an unknown environment lives in both runtimes, which
/// share no module: the two spellings agree, whatever the graph file's name.
@Suite struct EnvironmentNameParityTests {
  @Test(arguments: ["dicfg.yaml", "app.graph.json", "graph", "my.app.yaml", ".dicfg"])
  func bothRuntimesNameTheSameLayerToAdd(graphFile: String) {
    func layer(_ text: String) -> Substring? {
      text.range(of: "add the layer '").map { text[$0.upperBound...].prefix { $0 != "'" } }
    }
    let typed = DICfgTypedRuntime.UnknownEnvironmentError("qa", known: [nil], graphFile: graphFile).description
    let full = DICfgRuntime.RegistryError.unknownEnvironment("qa", known: [nil], graphFile: graphFile).description
    #expect(layer(typed) != nil && layer(typed) == layer(full), "\(typed)\n\(full)")
  }
}
