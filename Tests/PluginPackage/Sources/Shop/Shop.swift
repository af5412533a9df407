// A small shop: a nested type, two types of one name in different namespaces, same-typed
// arguments, a literal Double, a protocol bound by a class, a property, a throwing initializer.
import DICfg
import Foundation

public protocol HTTPClient: AnyObject, Sendable {
  var name: String { get }
}

public final class URLSessionClient: HTTPClient {
  public let name = "URLSessionClient"
  public init() {}
}

public final class StubClient: HTTPClient {
  public let name = "StubClient"
  public init() {}
}

public final class AppConfig: Sendable {
  public let environment: String
  public let baseURL: String
  public init(environment: String, baseURL: String) {
    self.environment = environment
    self.baseURL = baseURL
  }
}

public enum Payments {
  public final class Gateway: Sendable {
    public let client: any HTTPClient
    public let fee: Double
    public init(client: any HTTPClient, fee: Double) throws {
      self.client = client
      self.fee = fee
    }
  }
}

public enum Shipping {
  public final class Gateway: Sendable {
    public let retries: Int
    public init(retries: Int) { self.retries = retries }
  }
}

public final class Checkout: @unchecked Sendable {
  public let payments: Payments.Gateway
  public let shipping: Shipping.Gateway
  public let config: AppConfig
  public var banner = ""
  public init(payments: Payments.Gateway, shipping: Shipping.Gateway, config: AppConfig) {
    self.payments = payments
    self.shipping = shipping
    self.config = config
  }
}

/// The shop's container for an environment (the base when nil), from the generated registration
/// and the compiled plan: no graph file is read at run time.
public func makeShopContainer(environment: String? = nil) throws -> Container {
  try Container(plan: try Registry.graphFilePlan(environment: environment), registry: try Registry.fromGraphFile())
}

/// The shop's container from the graph file bundled as a resource, compiled at run time, with the
/// generated registration.
public func makeShopContainerFromBundledGraphFile() throws -> Container {
  // .target(name: "Shop", ..., resources: [.copy("dicfg.yaml")], plugins: [...])
  guard let path = Bundle.module.path(forResource: "dicfg", ofType: "yaml") else { throw SetupError.noGraphFile }
  let container = try Container(graphFile: path, registry: try Registry.fromGraphFile())
  return container
}

/// The shop's container for its test environment, from the embedded plan.
public func makeShopContainerForTests() throws -> Container {
  let container = try Container(
    plan: try Registry.graphFilePlan(environment: "test"), registry: try Registry.fromGraphFile())
  return container
}

enum SetupError: Error { case noGraphFile }

/// A receipt, made with a run-time argument.
public final class Receipt: Sendable {
  public let orderNumber: Int
  public let config: AppConfig
  public init(orderNumber: Int, config: AppConfig) {
    self.orderNumber = orderNumber
    self.config = config
  }
}

/// Opened asynchronously: resolved with `try await`.
public final class OrderStore: Sendable {
  public let path: String
  public init(path: String) async throws {
    try await Task.sleep(nanoseconds: 1_000_000)
    self.path = path
  }
}

/// A view model as a Swift 6 app writes it: isolated to the main actor.
@MainActor public final class CheckoutViewModel {
  public let checkout: Checkout
  public let badge: CartBadge
  public var title = ""
  public init(checkout: Checkout, badge: CartBadge) {
    self.checkout = checkout
    self.badge = badge
  }
}

/// A main-actor view built by an initializer of no arguments.
@MainActor public final class CartBadge {
  public var count = 0
  public init() {}
}
