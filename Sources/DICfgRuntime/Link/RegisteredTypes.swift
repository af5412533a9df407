/// The registered factories, found the way the link finds a service's: by the service's type and
/// `init:` labels (`Engine(power:name:)`), else by its type alone, each by the name the type is
/// registered under or by its full name with the module.
struct RegisteredTypes {
  /// What a service's type and labels find.
  enum Match {
    case found(RegisteredType)
    /// Factories of the type are registered, but for other initializers: their labels.
    case otherInitializers([[String]])
    case missing
  }

  private var byKey: [String: RegisteredType] = [:]
  /// Full names (`ShopKit.Cache`) to the name the type is registered under (`Cache`), when one
  /// type alone has that full name.
  private var nameByFullName: [String: String] = [:]
  /// Per type name: the labels of its labelled factories.
  private var labelSets: [String: [[String]]] = [:]

  init(_ types: [RegisteredType]) {
    for type in types {
      byKey[type.key] = type
      if let fullName = type.fullName, fullName != type.name { nameByFullName[fullName] = type.name }
      if let labels = type.labels { labelSets[type.name, default: []].append(labels) }
    }
  }

  /// The type names registered, for suggestions.
  var names: [String] { Array(Set(byKey.values.map(\.name))) }

  /// The factory a service of `type` whose `init:` lists `labels` is built with.
  func match(type: String, labels: [String]) -> Match {
    let name = byKey[type] != nil || labelSets[type] != nil ? type : nameByFullName[type] ?? type
    // Only a type with labelled factories needs the key of its labels built.
    let others = labelSets[name]
    if others != nil, let labelled = byKey[TypeName.key(name, labels: labels)] { return .found(labelled) }
    if let unlabelled = byKey[name] { return .found(unlabelled) }
    if let others { return .otherInitializers(others.sorted { $0.lexicographicallyPrecedes($1) }) }
    return .missing
  }
}
