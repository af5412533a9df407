// Registration of factories isolated to the main actor: `@MainActor` types' initializers (view
// controllers, view models, wireframes) and `@MainActor` closures. The graph file marks the
// services built by them with `isolation: MainActor`; the link checks that the two agree.

extension Registry {
  /// Registers a `@MainActor` initializer or closure taking any number of arguments, as
  /// `register(_:typeName:labels:)` does for nonisolated ones. The container runs it on the main
  /// actor: synchronously there, and by hopping to it from an awaited resolve.
  ///
  /// ```swift
  /// @MainActor final class LoginViewModel { init(session: Session) { … } }
  ///
  /// try registry.register(mainActor: LoginViewModel.init(session:), labels: ["session"])
  /// ```
  ///
  /// An `async` `@MainActor` initializer or function is registered with the `async` overload of
  /// `register(mainActor:)`.
  public mutating func register<T, each Argument>(
    mainActor factory: @escaping @MainActor @Sendable (repeat each Argument) throws -> T, typeName: String? = nil,
    labels: [String]? = nil
  ) throws {
    var types: [Any.Type] = []
    for type in repeat (each Argument).self { types.append(type) }
    // The resolve calls it only on the main actor (it checks before building anything), so the
    // assumption holds; the values are borrowed for the call, as for a nonisolated factory.
    let call: @Sendable (BorrowedValues) throws -> Instance = { borrowed in
      let values = Unmoved(borrowed)
      return try MainActor.assumeIsolated {
        var position = 0
        func next<Value>(_ type: Value.Type) throws -> Value {
          defer { position += 1 }
          return try Self.unspecializedArgument(position, of: values.value)
        }
        return SentInstance(instance: Instance.wrapping(try factory(repeat next((each Argument).self))))
      }.instance
    }
    try add(factory: .typed(call), name: typeName, built: T.self, arguments: types, labels: labels, isMainActor: true)
  }

  /// Registers a `@MainActor` closure that asks for its arguments by label, as
  /// `register(_:typeName:factory:)` does for a nonisolated one.
  public mutating func register<T>(
    _ type: T.Type, typeName: String? = nil,
    mainActor factory: @escaping @MainActor @Sendable (FactoryArguments) throws -> T
  ) throws {
    let call: Registration.Factory = .untyped { given in
      let arguments = Unmoved(given)
      return try MainActor.assumeIsolated {
        SentInstance(instance: Instance.wrapping(try factory(arguments.value)))
      }.instance
    }
    try add(factory: call, name: typeName, built: T.self, arguments: nil, labels: nil, isMainActor: true)
  }

  /// Registers an `async` `@MainActor` initializer or function taking any number of arguments (a
  /// screen's model loaded on the main actor). A service built by it is resolved with
  /// `try await container.resolve(…)`, which runs it on the main actor.
  ///
  /// ```swift
  /// @MainActor final class ScreenModel { static func load(loader: Loader) async -> ScreenModel { … } }
  ///
  /// try registry.register(mainActor: ScreenModel.load(loader:), labels: ["loader"])
  /// ```
  public mutating func register<T, each Argument>(
    mainActor factory: @escaping @MainActor @Sendable (repeat each Argument) async throws -> T,
    typeName: String? = nil, labels: [String]? = nil
  ) throws {
    var types: [Any.Type] = []
    for type in repeat (each Argument).self { types.append(type) }
    let call: @Sendable ([Instance]) async throws -> Instance = { values in
      // The arguments are the resolve's, handed to the main actor for the call, and the instance
      // handed back: neither is used on the way.
      let sent = SentInstances(values)
      return try await Self.onMainActor { @MainActor in
        var position = 0
        func next<Value>(_ type: Value.Type) throws -> Value {
          defer { position += 1 }
          return try BorrowedValues.with(sent.values) { try Self.unspecializedArgument(position, of: $0) }
        }
        return SentInstance(instance: Instance.wrapping(try await factory(repeat try next((each Argument).self))))
      }.instance
    }
    try add(factory: .async(call), name: typeName, built: T.self, arguments: types, labels: labels, isMainActor: true)
  }

  /// Runs `body` on the main actor.
  @MainActor
  private static func onMainActor(_ body: @MainActor @Sendable () async throws -> SentInstance) async throws
    -> SentInstance
  {
    try await body()
  }

  /// Registers a property of a `@MainActor` type the graph file may set, through a setter that runs
  /// on the main actor (Swift forms no key path to a main-actor property outside the main actor).
  ///
  /// ```swift
  /// try registry.property("eventsListWireframe", of: AddEventWireframe.self, mainActor: { $0.eventsListWireframe = $1 })
  /// ```
  public mutating func property<T, Value>(
    _ property: String, of type: T.Type, typeName: String? = nil,
    mainActor set: @escaping @MainActor @Sendable (T, Value) throws -> Void
  ) throws {
    try addProperty(property, of: type, typeName: typeName, isMainActor: true) { (instance: T, value: Value) in
      let arguments = Unmoved((instance, value))
      try MainActor.assumeIsolated { try set(arguments.value.0, arguments.value.1) }
    }
  }
}
