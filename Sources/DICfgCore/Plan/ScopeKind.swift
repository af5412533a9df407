/// How long a service's instances live. The names are dicfg's; the seeds' names are aliases
/// accepted in graph files (see ``ScopeKind/init(name:)``).
public enum ScopeKind: Sendable, Hashable, Codable, CustomStringConvertible {
  /// One instance per top-level `resolve` call, shared by every container that call reaches.
  case graph
  /// A new instance every time.
  case unique
  /// One instance per container, built on first use (or when the container is created, if eager).
  case singleton
  /// Held weakly: the same instance while anyone holds it, a new one after. Class types only.
  case weak
  /// Like singleton, but `reset(scope:)` releases the instances.
  case cached
  /// A scope declared under `scopes:`: its own resettable cache.
  case custom(String)

  /// The built-in scope a graph-file name stands for, or nil for a name that is not built in.
  ///
  /// `shared` is deliberately not accepted: it means singleton in Pilgrim, weak in Resolver and
  /// graph in Dip.
  public init?(builtInName name: String) {
    switch name {
    case "graph", "objectGraph": self = .graph
    case "unique", "unShared", "transient", "prototype": self = .unique
    case "singleton", "application", "container": self = .singleton
    case "weak", "weakShared", "weakSingleton": self = .weak
    case "cached": self = .cached
    default: return nil
    }
  }

  /// The built-in scopes, in the order they are documented.
  public static let builtIn: [ScopeKind] = [.graph, .unique, .singleton, .weak, .cached]

  /// Every name and alias of the built-in scopes, for suggestions and the schema.
  public static let builtInNames = [
    "graph", "objectGraph", "unique", "unShared", "transient", "prototype", "singleton", "application",
    "container", "weak", "weakShared", "weakSingleton", "cached",
  ]

  /// The canonical name: `graph`, `unique`, …, or the custom scope's name.
  public var name: String {
    switch self {
    case .graph: "graph"
    case .unique: "unique"
    case .singleton: "singleton"
    case .weak: "weak"
    case .cached: "cached"
    case .custom(let name): name
    }
  }

  public var description: String { name }

  /// How long the scope promises its instances live, for the captive-dependency rule: singleton 3,
  /// cached and custom 2 (until a reset), weak 1 (while held); nil for graph and unique, which
  /// promise no lifetime (a graph instance is shared within one resolve, not limited to it).
  public var lifetimeRank: Int? {
    switch self {
    case .singleton: 3
    case .cached, .custom: 2
    case .weak: 1
    case .graph, .unique: nil
    }
  }

  /// Whether an instance of this scope holding one of `dependency`'s scope keeps it past the
  /// lifetime its scope promises: a `weak`, `cached` or custom-scoped instance held by a
  /// longer-lived one, as Dagger rejects a binding that depends on a narrower scope and .NET's
  /// scope validation a singleton taking a scoped service. Graph and unique services are never
  /// captive (Swinject's graph scope, Dagger's unscoped bindings), nor a graph or unique holder.
  public func keepsCaptive(_ dependency: ScopeKind) -> Bool {
    guard let holder = lifetimeRank, let held = dependency.lifetimeRank else { return false }
    return holder > held
  }

  /// Decodes `graph`, `unique`, `singleton`, `weak`, `cached`, or `custom:NAME`.
  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    if text.hasPrefix("custom:") {
      self = .custom(String(text.dropFirst("custom:".count)))
    } else if let scope = ScopeKind(builtInName: text), scope.name == text {
      self = scope
    } else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "unknown scope '\(text)'"))
    }
  }

  /// Encodes the canonical name, with `custom:` before a custom scope's name.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if case .custom(let name) = self { try container.encode("custom:" + name) } else { try container.encode(name) }
  }
}
