import DICfgCore
import DICfgLoader

/// The top-level structure of one graph file, or of a whole layer once its imported files are
/// merged: parameters and containers, each still as located nodes.
struct GraphDocument {
  /// The `parameters:` entries.
  var parameters = Entries()
  /// The containers, in the order first declared; a file without `containers:` has one, `main`.
  var containers: [ContainerSection] = []

  func containerIndex(named name: String) -> Int? {
    containers.firstIndex { $0.name == name }
  }
}

/// One container's sections, still as located nodes.
struct ContainerSection {
  var name: String
  /// Where the container is declared: its key under `containers:`, or the file's first key.
  var location: SourceLocation
  /// Its key under `containers:`; nil for a file's one container.
  var key: ConfigNode?
  /// The `defaultScope:` entry.
  var defaultScope: ConfigNode.Entry?
  /// The `collaborators:` entry.
  var collaborators: ConfigNode.Entry?
  var scopes = Entries()
  var externals = Entries()
  /// The `requires:` entries: what the file needs from whoever imports it, each `{ type: T }`.
  var requirements = Entries()
  var services = Entries()

  init(name: String, location: SourceLocation) {
    self.name = name
    self.location = location
  }
}

/// An `imports:` item.
struct ImportItem {
  /// The path as written.
  var path: String
  /// The path resolved against the importing file's folder.
  var resolvedPath: String
  var location: SourceLocation
}

/// One file's document and its imports.
struct FileDocument {
  var path: String
  var imports: [ImportItem]
  var document: GraphDocument
  /// The `condition:` entry: the Swift compilation condition an environment layer is limited to.
  var condition: ConfigNode.Entry?
}
