import DICfgCore

/// What the link checks need to know of a registered type: from a ``Registry`` or from a
/// manifest it exported.
struct RegisteredType {
  var name: String
  var isClass: Bool
  var argumentTypes: [String]?
  var labels: [String]?
  var properties: Set<String>

  init(_ registration: Registration) {
    self.name = registration.name
    self.isClass = registration.isClass
    self.argumentTypes = registration.argumentTypes
    self.labels = registration.labels
    self.properties = Set(registration.properties.keys)
  }

  init(_ entry: RegistryManifest.TypeEntry) {
    self.name = entry.name
    self.isClass = entry.isClass
    self.argumentTypes = entry.arguments?.map(\.type)
    self.labels = entry.arguments.flatMap { arguments in
      arguments.allSatisfy { $0.label != nil } ? arguments.compactMap(\.label) : nil
    }
    self.properties = Set(entry.properties.map(\.name))
  }
}
