import DICfgCore

/// The symbol table of one container: what its ids name, which of its services bind each type,
/// its aliases, and where a reference made in it is looked up.
struct ContainerSymbols {
  /// What an id names inside one container.
  enum Named {
    case service(Int)
    case alias(Int)
    case external(Int)
  }

  /// What an alias names, through any aliases of aliases.
  enum AliasTarget {
    /// A service, by global number.
    case service(Int)
    /// Another id for an external: references through the alias receive the external.
    case external(container: Int, index: Int)
  }

  /// The global number of the container's first service.
  var firstNode: Int
  /// Ids of services, aliases and externals.
  var names: [String: Named]
  /// Type names bound by `type` or `as:`, to the services (local numbers) that bind them.
  var typeBindings: TypeBindings
  /// The alias declarations (services with `alias:`), in file order.
  var aliases: [ServiceDeclaration]
  /// Per alias: the service or external it names, once resolved (nil when it names nothing).
  var aliasTargets: [AliasTarget?] = []
  /// The containers it collaborates with, in the order listed.
  var collaborators: [Int] = []
  /// The containers a reference made here is looked up in, nearest first (`CollaboratorSearch`).
  var lookupOrder: [Int] = []

  init(firstNode: Int, names: [String: Named], typeBindings: TypeBindings, aliases: [ServiceDeclaration]) {
    self.firstNode = firstNode
    self.names = names
    self.typeBindings = typeBindings
    self.aliases = aliases
  }
}
