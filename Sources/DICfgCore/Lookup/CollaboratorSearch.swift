/// The order in which a reference is looked up across collaborating containers: the container
/// itself, then its collaborators in the order listed, then theirs, each container once (breadth
/// first). The compiler resolves references in this order and the runtime's link finds ids and
/// types in it, so both always agree.
///
/// ```swift
/// // eventsList collaborates with [addEvent, root]; addEvent with [eventsList, root].
/// CollaboratorSearch.order(from: 1, collaborators: [[], [2, 0], [1, 0]])   // [1, 2, 0]
/// ```
package enum CollaboratorSearch {
  /// The containers visible from `container`, nearest first.
  ///
  /// - Parameters:
  ///   - container: Where the lookup starts.
  ///   - collaborators: Per container, the containers it collaborates with, in the order listed.
  package static func order(from container: Int, collaborators: [[Int]]) -> [Int] {
    var order = [container]
    var seen: Set<Int> = [container]
    var cursor = 0
    while cursor < order.count {
      for next in collaborators[order[cursor]] where seen.insert(next).inserted { order.append(next) }
      cursor += 1
    }
    return order
  }
}

/// The services each type name is bound to in one container: a service's `type` and each of its
/// `as:` types, once per service. A type is looked up across collaborating containers along
/// ``CollaboratorSearch/order(from:collaborators:)``, and the nearest container that binds it
/// decides, even when a farther one binds it too. The compiler resolves type references by this
/// rule and the runtime's link resolves `resolve(T.self)` by it, so both always agree; names are
/// compared as ``SwiftTypeName/normalized(_:)`` spells them (`any Logger` binds `Logger`).
///
/// ```swift
/// var bindings = TypeBindings()
/// bindings.bind(0, type: "OpenWeatherClient", as: ["WeatherClient"])
/// TypeBindings.nearest("WeatherClient", along: [0], in: [bindings])   // (container: 0, services: [0])
/// ```
package struct TypeBindings: Sendable {
  /// Type names, normalized, to the services that bind them, numbered as ``bind(_:type:as:)`` was
  /// given them.
  package private(set) var services: [String: [Int]] = [:]

  package init(capacity: Int = 0) {
    services.reserveCapacity(capacity)
  }

  /// Binds `service` to its `type` (nil for a service the file gives none) and its `as:` types.
  package mutating func bind(_ service: Int, type: String?, as bindings: [String]) {
    if bindings.isEmpty {
      if let type { services[SwiftTypeName.normalized(type), default: []].append(service) }
      return
    }
    var bound = Set<String>()
    for name in ([type].compactMap({ $0 }) + bindings).map(SwiftTypeName.normalized) where bound.insert(name).inserted {
      services[name, default: []].append(service)
    }
  }

  /// The services bound to the type `name`, however it is spelled.
  package subscript(type name: String) -> [Int]? { services[SwiftTypeName.normalized(name)] }

  /// The services `name` is bound to in the nearest container of `order` that binds it, or nil.
  package static func nearest(_ name: String, along order: [Int], in containers: [TypeBindings])
    -> (container: Int, services: [Int])?
  {
    for container in order {
      if let services = containers[container][type: name] { return (container, services) }
    }
    return nil
  }

  /// Every type name bound along `order`, each to the services of the nearest container binding it.
  package static func visible(along order: [Int], in containers: [TypeBindings]) -> [String: [Int]] {
    var visible: [String: [Int]] = [:]
    for container in order {
      for (name, services) in containers[container].services where visible[name] == nil {
        visible[name] = services
      }
    }
    return visible
  }
}
