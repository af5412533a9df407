extension ResolutionPlan {
  /// A plan written one statement at a time: how a generated container carries its plans, as
  /// Swift the compiler checks statement by statement, with nothing to parse at launch.
  ///
  /// Statements append to the plan, or, for an environment written as the changes its layer makes
  /// to the base plan, replace or drop what the base has. The modifiers (``bind(_:)``,
  /// ``initializer(_:_:at:)``, …) apply to the service written or replaced last.
  ///
  /// ```swift
  /// var plan = ResolutionPlan.Builder(files: ["dicfg.yaml"])
  /// plan.container("main", at: (0, 2, 1, 9))
  /// plan.service("cart", "Cart", .singleton, at: (0, 3, 3, 22))
  /// plan.service("checkout", "Checkout", .graph, at: (0, 4, 3, 58))
  /// plan.initializer("cart", .service(0, 0), at: (0, 4, 39, 94))
  /// let built = plan.plan
  /// ```
  public struct Builder: Sendable {
    /// A location: the index of its file in the builder's files, its line, column and offset.
    public typealias At = (file: Int, line: Int, column: Int, offset: Int)

    private var parameters: [Parameter]
    private var containers: [Container]
    private let files: [String]
    private var container: Int
    private var service: Int

    /// An empty plan whose locations name `files`.
    public init(files: [String]) {
      self.files = files
      parameters = []
      containers = []
      container = -1
      service = -1
    }

    /// `base`, to change as an environment's layer does.
    public init(base: ResolutionPlan, files: [String]) {
      self.files = files
      parameters = base.parameters
      containers = base.containers
      container = base.containers.count - 1
      service = -1
    }

    /// The plan written so far, with each container's eager singletons listed.
    public var plan: ResolutionPlan {
      var containers = containers
      for index in containers.indices {
        let services = containers[index].services
        containers[index].eagerServices = services.indices.filter {
          services[$0].eager && services[$0].scope == .singleton
        }
      }
      return ResolutionPlan(parameters: parameters, containers: containers)
    }

    /// The location `at` names.
    public func location(_ at: At) -> SourceLocation {
      SourceLocation(file: files[at.file], line: at.line, column: at.column, offset: at.offset)
    }

    // MARK: Parameters

    /// Appends a parameter, or replaces parameter `index`.
    public mutating func parameter(_ name: String, _ value: ParameterValue, at: At, replacing index: Int? = nil) {
      let parameter = Parameter(name: name, value: value, location: location(at))
      if let index { parameters[index] = parameter } else { parameters.append(parameter) }
    }

    /// Keeps the first `count` parameters, dropping the rest.
    public mutating func parameters(keeping count: Int) {
      parameters.removeSubrange(count...)
    }

    // MARK: Containers

    /// Appends a container; the statements after it write its externals, services and aliases.
    public mutating func container(_ name: String, at: At, collaborators: [Int] = [], scopes: [String] = []) {
      containers.append(
        Container(
          name: name, location: location(at), collaborators: collaborators, customScopes: scopes, externals: [],
          services: [], aliases: [], eagerServices: []))
      container = containers.count - 1
      service = -1
    }

    /// Goes on with container `index`, to change it.
    public mutating func container(_ index: Int) {
      container = index
      service = -1
    }

    /// Keeps the first `count` containers, dropping the rest.
    public mutating func containers(keeping count: Int) {
      containers.removeSubrange(count...)
      container = count - 1
    }

    /// Sets the container's collaborators and custom scopes.
    public mutating func collaborators(_ collaborators: [Int], scopes: [String]) {
      containers[container].collaborators = collaborators
      containers[container].customScopes = scopes
    }

    // MARK: Externals and aliases

    /// Appends an external to the container.
    public mutating func external(
      _ id: String, _ type: String, _ retain: External.Retain = .strong, optional: Bool = false, at: At
    ) {
      containers[container].externals.append(
        External(id: id, type: type, retain: retain, optional: optional, location: location(at)))
    }

    /// Keeps the container's first `count` externals, dropping the rest.
    public mutating func externals(keeping count: Int) {
      containers[container].externals.removeSubrange(count...)
    }

    /// Appends an alias of service `service` of container `container` to the container.
    public mutating func alias(_ id: String, _ container: Int, _ service: Int, at: At) {
      containers[self.container].aliases.append(
        Alias(id: id, target: ServiceReference(container: container, service: service), location: location(at)))
    }

    /// Keeps the container's first `count` aliases, dropping the rest.
    public mutating func aliases(keeping count: Int) {
      containers[container].aliases.removeSubrange(count...)
    }

    // MARK: Services

    /// Appends a service to the container, or replaces its service `index`; the modifiers after
    /// it apply to it.
    public mutating func service(_ id: String, _ type: String, _ scope: ScopeKind, at: At, replacing index: Int? = nil)
    {
      let written = Service(
        id: id, type: type, bindings: [], scope: scope, eager: false, arguments: [], initializer: [], properties: [],
        tags: [], location: location(at))
      if let index {
        containers[container].services[index] = written
        service = index
      } else {
        containers[container].services.append(written)
        service = containers[container].services.count - 1
      }
    }

    /// Keeps the container's first `count` services, dropping the rest.
    public mutating func services(keeping count: Int) {
      containers[container].services.removeSubrange(count...)
      service = -1
    }

    /// The service's further types (`as:`).
    public mutating func bind(_ types: [String]) { containers[container].services[service].bindings = types }

    /// Builds the singleton when the container is created.
    public mutating func eager() { containers[container].services[service].eager = true }

    /// Builds the service on the main actor.
    public mutating func mainActor() { containers[container].services[service].isolation = .mainActor }

    /// The function that builds the last service (`factory:`).
    public mutating func factory(_ name: String) { containers[container].services[service].factory = name }

    /// The last service's factory is its receiver's property, read (`property:`).
    public mutating func readsReceiverProperty() {
      containers[container].services[service].readsReceiverProperty = true
    }

    /// The service's tags.
    public mutating func tags(_ tags: [String]) { containers[container].services[service].tags = tags }

    /// Appends a run-time argument the service takes at resolve.
    public mutating func argument(_ name: String, _ type: String) {
      containers[container].services[service].arguments.append(RuntimeArgument(name: name, type: type))
    }

    /// Appends an initializer argument.
    public mutating func initializer(_ label: String, _ value: Value, at: At) {
      containers[container].services[service].initializer.append(
        Argument(label: label, value: value, location: location(at)))
    }

    /// Appends a property set after construction.
    public mutating func property(_ label: String, _ value: Value, at: At) {
      containers[container].services[service].properties.append(
        Argument(label: label, value: value, location: location(at)))
    }
  }
}

extension ResolutionPlan.Value {
  /// Service `service` of container `container`.
  public static func service(_ container: Int, _ service: Int) -> Self {
    .service(ResolutionPlan.ServiceReference(container: container, service: service))
  }
}
