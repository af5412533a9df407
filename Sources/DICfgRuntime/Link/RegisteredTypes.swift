/// The registered factories, found the way the link finds a service's: by the service's type and
/// `init:` labels (`Engine(power:name:)`), else by its type alone, each by the name the type is
/// registered under or by its full name with the module.
struct RegisteredTypes {
  /// What a service's type and labels find.
  enum Match {
    /// The factory, by its position among the registered types.
    case found(Int)
    /// Factories of the type are registered, but for other initializers: their labels.
    case otherInitializers([[String]])
    case missing
  }

  /// In the order registered.
  let types: [RegisteredType]
  /// Per type: the position of the one registered before it under the same name, or -1.
  private let earlierWithSameName: [Int]
  /// Per type name: the position of its latest registration.
  private let latestByName: [String: Int]
  /// Full names (`ShopKit.Cache`) to the name the type is registered under (`Cache`), when one
  /// type alone has that full name.
  private let nameByFullName: [String: String]

  /// The types of a registry, found through the registry's own index of names.
  init(_ registry: Registry) {
    let properties = registry.properties
    types = registry.entries.map {
      RegisteredType($0, properties: properties.isEmpty ? [:] : properties[$0.name] ?? [:])
    }
    earlierWithSameName = registry.earlierWithSameName
    latestByName = registry.latestByName
    nameByFullName = Self.fullNames(types)
  }

  /// The types a manifest describes.
  init(_ types: [RegisteredType]) {
    var earlier: [Int] = []
    var latest: [String: Int] = [:]
    for (position, type) in types.enumerated() {
      earlier.append(latest.updateValue(position, forKey: type.name) ?? -1)
    }
    self.types = types
    earlierWithSameName = earlier
    latestByName = latest
    nameByFullName = Self.fullNames(types)
  }

  private static func fullNames(_ types: [RegisteredType]) -> [String: String] {
    var names: [String: String] = [:]
    for type in types {
      if let fullName = type.fullName, fullName != type.name { names[fullName] = type.name }
    }
    return names
  }

  /// The type names registered, for suggestions.
  var names: [String] { Array(latestByName.keys) }

  /// The factory a service of `type` whose `init:` lists `labels` is built with: the one
  /// registered for those labels, else the one registered without labels.
  func match(type: String, labels: [String]) -> Match {
    guard let latest = latestByName[type] ?? nameByFullName[type].flatMap({ latestByName[$0] }) else {
      return .missing
    }
    var unlabelled: Int?
    var position = latest
    while position >= 0 {
      if let registered = types[position].labels {
        if registered == labels { return .found(position) }
      } else {
        unlabelled = position
      }
      position = earlierWithSameName[position]
    }
    if let unlabelled { return .found(unlabelled) }
    var others: [[String]] = []
    position = latest
    while position >= 0 {
      if let registered = types[position].labels { others.append(registered) }
      position = earlierWithSameName[position]
    }
    return .otherInitializers(others.sorted { $0.lexicographicallyPrecedes($1) })
  }
}
