import DICfgCore

/// The registered factories, found the way the link finds a service's: by the service's type and
/// `init:` labels (`Engine(power:name:)`), else by its type alone, each by the name the type is
/// registered under or by its full name with the module, and then without the first component of
/// the name written (`SwiftTypeName.lookupNames`, the compiler's rule).
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
  /// Their positions by type name.
  private let byName: NameChains
  /// Full names (`ShopKit.Cache`) to the name the type is registered under (`Cache`), when one
  /// type alone has that full name.
  private let nameByFullName: [String: String]

  /// The types of a registry, found through the registry's own index of names.
  init(_ registry: Registry) {
    types = registry.entries.map { RegisteredType($0, properties: registry.setters(of: $0)) }
    byName = registry.byName
    nameByFullName = Self.fullNames(types)
  }

  /// The types a manifest describes.
  init(_ types: [RegisteredType]) {
    var byName = NameChains()
    for type in types { _ = byName.append(type.name) }
    self.types = types
    self.byName = byName
    nameByFullName = Self.fullNames(types)
  }

  private static func fullNames(_ types: [RegisteredType]) -> [String: String] {
    var names: [String: String] = [:]
    for type in types {
      if let fullName = type.fullName, fullName != type.name { names[SwiftTypeName.normalized(fullName)] = type.name }
    }
    return names
  }

  /// The type names registered, for suggestions.
  var names: [String] { Array(byName.names) }

  /// The factory a service of `type` whose `init:` lists `initializer` is built with: the one
  /// registered for those arguments' labels, else the one registered without labels.
  func match(type: String, initializer: [ResolutionPlan.Argument]) -> Match {
    // The name as the plan spells it first: most names are spelled as `normalized` spells them.
    guard
      let positions = positions(named: type) ?? positions(named: SwiftTypeName.normalized(type))
        ?? SwiftTypeName.withoutFirstComponent(SwiftTypeName.normalized(type)).flatMap(positions(named:))
    else { return .missing }
    var unlabelled: Int?
    for position in positions {
      guard let registered = types[position].labels else {
        unlabelled = position
        continue
      }
      if Self.same(registered, initializer) { return .found(position) }
    }
    if let unlabelled { return .found(unlabelled) }
    let others = positions.compactMap { types[$0].labels }
    return .otherInitializers(others.sorted { $0.lexicographicallyPrecedes($1) })
  }

  /// The registrations under `name` as normalized names are spelled, as registered or by full name.
  private func positions(named name: String) -> NameChains.Positions? {
    byName.positions(normalized: name) ?? nameByFullName[name].flatMap(byName.positions(of:))
  }

  /// Whether `labels` are the labels of `arguments`, in order (read in place: no array of the
  /// arguments' labels is built).
  static func same(_ labels: [String], _ arguments: [ResolutionPlan.Argument]) -> Bool {
    guard labels.count == arguments.count else { return false }
    for index in labels.indices where labels[index] != arguments[index].label { return false }
    return true
  }
}
