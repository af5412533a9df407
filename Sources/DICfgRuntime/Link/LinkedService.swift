import DICfgCore

/// A service of the plan with its registration, compiled for the resolve path. A class, so the
/// resolve path reads it through one reference instead of copying the service's arrays and strings.
final class LinkedService: Sendable {
  let service: ResolutionPlan.Service
  let container: Int
  let registration: Registration
  /// The registered factory, read without copying the rest of the registration.
  let factory: Registration.Factory
  let hasProperties: Bool
  let takesArguments: Bool
  /// The initializer's values, compiled.
  let initializer: [ValueSource]
  /// The initializer's services by global number, when every value of it is a service.
  let initializerServices: [Int]?
  /// The initializer's labels, for factories that ask for their arguments by label (empty for the
  /// others).
  let labels: [String]
  /// The properties, compiled, with their setters.
  let properties: [PropertySource]
  /// The declared run-time arguments, in order, each with the first use of it by a typed
  /// factory's argument or a property and the type taken there: each resolve checks their
  /// names and types in one pass, before anything is built.
  let runtimeArguments: [RuntimeArgumentUse]

  struct RuntimeArgumentUse: Sendable {
    let name: String
    let use: (argument: ResolutionPlan.Argument, type: Any.Type)?
  }

  init(
    service: ResolutionPlan.Service, container: Int, registration: Registration,
    setters: [String: Registration.Property], global: (ResolutionPlan.ServiceReference) -> Int,
    swift: (String, Any.Type?) -> Constant? = { _, _ in nil }
  ) {
    self.service = service
    self.container = container
    self.registration = registration
    self.factory = registration.factory
    self.hasProperties = !service.properties.isEmpty
    self.takesArguments = !service.arguments.isEmpty
    // A Swift value's constant, made by the link for the type taken where it goes.
    let taken = registration.arguments
    self.initializer = service.initializer.enumerated().map { position, argument in
      ValueSource(argument.value, global: global) {
        swift($0, taken.flatMap { $0.indices.contains(position) ? $0[position] : nil })
      }
    }
    let services = initializer.compactMap { source -> Int? in
      if case .service(let target) = source { return target }
      return nil
    }
    self.initializerServices = services.count == initializer.count ? services : nil
    switch registration.factory {
    case .untyped, .asyncUntyped: self.labels = service.initializer.map(\.label)
    case .typed, .async: self.labels = []
    }
    self.properties = service.properties.map {
      PropertySource(
        label: $0.label,
        source: ValueSource($0.value, global: global) { [valueType = setters[$0.label]?.valueType] in
          swift($0, valueType)
        }, location: $0.location,
        setter: setters[$0.label])
    }
    guard !service.arguments.isEmpty else {
      self.runtimeArguments = []
      return
    }
    var uses: [String: (argument: ResolutionPlan.Argument, type: Any.Type)] = [:]
    for (position, argument) in service.initializer.enumerated().reversed() {
      guard case .argument(let name) = argument.value, let types = registration.arguments, position < types.count
      else { continue }
      uses[name] = (argument, types[position])
    }
    for property in service.properties.reversed() {
      guard case .argument(let name) = property.value, let setter = setters[property.label], uses[name] == nil
      else { continue }
      uses[name] = (property, setter.valueType)
    }
    self.runtimeArguments = service.arguments.map { RuntimeArgumentUse(name: $0.name, use: uses[$0.name]) }
  }
}
