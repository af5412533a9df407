import DICfg
import DICfgRuntime
import Foundation
import Swinject

// The object graphs, built three ways: by hand, with Swinject, with dicfg.

final class Leaf: @unchecked Sendable {}
/// A type bound by one service only, so it can be resolved by type.
final class AppConfig: @unchecked Sendable {}
final class One: @unchecked Sendable {
  let a: AnyObject
  init(a: AnyObject) { self.a = a }
}
final class Two: @unchecked Sendable {
  let a: AnyObject
  let b: AnyObject
  init(a: AnyObject, b: AnyObject) {
    self.a = a
    self.b = b
  }
}
final class Four: @unchecked Sendable {
  let a: AnyObject
  let b: AnyObject
  let c: AnyObject
  let d: AnyObject
  init(a: AnyObject, b: AnyObject, c: AnyObject, d: AnyObject) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
  }
}
final class Root: @unchecked Sendable {
  let children: [AnyObject]
  init(children: [AnyObject]) { self.children = children }
}
final class Details: @unchecked Sendable {
  let user: String
  let leaf: Leaf
  init(user: String, leaf: Leaf) {
    self.user = user
    self.leaf = leaf
  }
}

/// A leaf whose initializer must be awaited.
final class AsyncLeaf: @unchecked Sendable {
  init() async {}
}

/// The dicfg registry for every scenario.
func benchmarkRegistry() throws -> Registry {
  var registry = Registry()
  try registry.register(Leaf.init)
  try registry.register(AppConfig.init)
  try registry.register(One.init(a:))
  try registry.register(Two.init(a:b:), labels: ["a", "b"])
  try registry.register(Four.init(a:b:c:d:), labels: ["a", "b", "c", "d"])
  try registry.register(Root.init(children:))
  try registry.register(Details.init(user:leaf:))
  try registry.register(Hundred.init, labels: (0..<100).map { "p\($0)" })
  try registry.register(AsyncLeaf.init)
  return registry
}

/// The graph file of every scenario, `dicfg.yaml` beside this file: the dynamic container compiles
/// it at run time, the build plugin generates the typed container (`MainContainer`) from it.
func benchmarkGraph() throws -> String {
  let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("dicfg.yaml")
  return try String(contentsOf: file, encoding: .utf8)
}

func dicfgContainer() throws -> DICfgRuntime.Container {
  let result = GraphCompiler(fileSystem: InMemoryFileSystem(["bench.yaml": try benchmarkGraph()])).compile(
    CompileRequest(file: "bench.yaml"))
  guard let plan = result.plan else { throw DiagnosticsError(result.diagnostics) }
  return try DICfgRuntime.Container(plan: plan, registry: try benchmarkRegistry())
}

/// The same registrations in Swinject.
func swinjectContainer() -> Swinject.Container {
  let container = Swinject.Container()
  container.register(Leaf.self, name: "singleton") { _ in Leaf() }.inObjectScope(.container)
  container.register(Leaf.self, name: "uniqueLeaf") { _ in Leaf() }.inObjectScope(.transient)
  container.register(Leaf.self, name: "weakLeaf") { _ in Leaf() }.inObjectScope(.weak)
  container.register(Details.self) { (resolver: Resolver, user: String) in
    Details(user: user, leaf: resolver.resolve(Leaf.self, name: "singleton")!)
  }.inObjectScope(.transient)
  container.register(Leaf.self, name: "shared") { _ in Leaf() }
  for index in 1...4 {
    container.register(One.self, name: "l\(index)") { r in One(a: r.resolve(Leaf.self, name: "shared")!) }
    container.register(Two.self, name: "m\(index)") { r in
      Two(a: r.resolve(One.self, name: "l\(index)")!, b: r.resolve(Leaf.self, name: "shared")!)
    }
  }
  container.register(Four.self, name: "diamond") { r in
    Four(
      a: r.resolve(Two.self, name: "m1")!, b: r.resolve(Two.self, name: "m2")!, c: r.resolve(Two.self, name: "m3")!,
      d: r.resolve(Two.self, name: "m4")!)
  }
  container.register(Leaf.self, name: "c0") { _ in Leaf() }
  container.register(One.self, name: "c1") { r in One(a: r.resolve(Leaf.self, name: "c0")!) }
  for index in 2..<50 {
    container.register(One.self, name: "c\(index)") { r in One(a: r.resolve(One.self, name: "c\(index - 1)")!) }
  }
  for index in 0..<100 { container.register(Leaf.self, name: "w\(index)") { _ in Leaf() } }
  container.register(Root.self, name: "wide") { r in
    Root(children: (0..<100).map { r.resolve(Leaf.self, name: "w\($0)")! })
  }
  container.register(Hundred.self, name: "hundred") { r in Hundred.swinject(r) }
  return container
}

// Hand-written construction of the same graphs.

final class HandWritten: @unchecked Sendable {
  /// The built singleton: the floor is reading this stored constant.
  let singleton = Leaf()

  /// The built singleton returned as a strong reference (one retain, then the caller's release),
  /// as any call across a module boundary returns it.
  @inline(never)
  @_optimize(none)
  func retainedSingleton() -> Leaf { singleton }

  func diamond() -> Four {
    let shared = Leaf()
    return Four(
      a: Two(a: One(a: shared), b: shared), b: Two(a: One(a: shared), b: shared),
      c: Two(a: One(a: shared), b: shared), d: Two(a: One(a: shared), b: shared))
  }

  func chain() -> One {
    var node = One(a: Leaf())
    for _ in 2..<50 { node = One(a: node) }
    return node
  }

  func wide() -> Root {
    Root(children: (0..<100).map { _ in Leaf() })
  }

  func details(user: String) -> Details {
    Details(user: user, leaf: singleton)
  }
}

/// Swinject's synchronized resolver, which is safe to share between threads.
struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
  func resolve<Service>(_ type: Service.Type, name: String) -> Service? where Value == any Resolver {
    value.resolve(type, name: name)
  }
}
