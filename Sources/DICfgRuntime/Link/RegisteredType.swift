import DICfgCore

/// What the link checks need to know of a registered factory: from a ``Registry`` or from a
/// manifest it exported. A class: the link checks hand one to every service built with it.
final class RegisteredType {
  let name: String
  let fullName: String?
  let isClass: Bool
  /// For a typed factory: how many arguments it takes.
  let argumentCount: Int?
  let labels: [String]?
  /// The properties registered for the type.
  let properties: Set<String>
  /// Whether the factory runs on the main actor.
  let isMainActor: Bool
  /// The properties whose setters run on the main actor.
  let mainActorProperties: Set<String>
  /// The types built and taken, for the checks of the services passed.
  let types: Types

  /// One type, as a registry has it or as a manifest describes it.
  enum Described {
    case metatype(Any.Type)
    case shape(TypeShape?)
  }

  /// The types of a factory, as a registry has them or as a manifest describes them.
  enum Types {
    case metatypes(built: Any.Type, arguments: [Any.Type]?, properties: [String: Any.Type])
    case shapes(built: TypeShape?, arguments: [TypeShape?]?, properties: [String: TypeShape])
  }

  /// For a typed factory: the names of its argument types, in order; worked out when a check
  /// needs them.
  var argumentTypes: [String]? {
    argumentCount.map { count in (0..<count).compactMap(argumentType(at:)) }
  }
  /// The argument types' names a manifest gives.
  private let argumentNames: [String]?

  /// The name of the type a typed factory takes at `position`.
  func argumentType(at position: Int) -> String? {
    switch types {
    case .metatypes(_, let arguments?, _): position < arguments.count ? TypeName.described(arguments[position]) : nil
    case .metatypes(_, nil, _): nil
    case .shapes: argumentNames.flatMap { position < $0.count ? $0[position] : nil }
    }
  }

  init(_ registration: Registration, properties: [String: Registration.Property]) {
    self.name = registration.name
    self.fullName = registration.fullName
    self.isClass = registration.isClass
    self.argumentCount = registration.arguments?.count
    self.argumentNames = nil
    self.labels = registration.labels
    self.isMainActor = registration.isMainActor
    if properties.isEmpty {
      self.properties = []
      self.mainActorProperties = []
      self.types = .metatypes(built: registration.builtType, arguments: registration.arguments, properties: [:])
    } else {
      self.properties = Set(properties.keys)
      self.mainActorProperties = Set(properties.filter(\.value.isMainActor).keys)
      self.types = .metatypes(
        built: registration.builtType, arguments: registration.arguments,
        properties: properties.mapValues(\.valueType))
    }
  }

  init(_ entry: RegistryManifest.TypeEntry) {
    self.name = entry.name
    self.fullName = entry.fullName
    self.isClass = entry.isClass
    self.argumentNames = entry.arguments?.map(\.type)
    self.argumentCount = entry.arguments?.count
    self.labels = entry.arguments.flatMap { arguments in
      arguments.allSatisfy { $0.label != nil } ? arguments.compactMap(\.label) : nil
    }
    self.properties = Set(entry.properties.map(\.name))
    self.isMainActor = entry.mainActor ?? false
    self.mainActorProperties = Set(entry.properties.filter { $0.mainActor == true }.map(\.name))
    var propertyShapes: [String: TypeShape] = [:]
    for property in entry.properties { propertyShapes[property.name] = property.shape }
    self.types = .shapes(built: entry.shape, arguments: entry.arguments?.map(\.shape), properties: propertyShapes)
  }
}
