// The snippets of the DocC article Generating the Registration, over the shop's graph file.
import DICfgRuntime
import Shop

/// "The typed container": accessors, run-time arguments as parameters, an awaited accessor, an
/// environment from a launch argument.
func typedContainerSnippet(launchArgument: String) async throws -> String {
  let shop = ShopContainer(environment: .test)
  let checkout = try shop.checkout  // a property: no id, no type to repeat
  let receipt = shop.receipt(orderNumber: 42)  // run-time arguments are parameters
  let orders = try await shop.orders  // `async` only where an initializer is
  let environment = try ShopContainer.Environment(named: launchArgument)  // did-you-mean on a typo
  return "\(checkout.payments.client.name) \(receipt.orderNumber) \(orders.path) \(environment.rawValue)"
}

/// Straight-line accessors: `try` only where something can throw.
func straightLineSnippet(_ shop: ShopContainer) throws -> String {
  let shipping = shop.shipping  // graph scope, no initializer throws: no `try`
  let client = shop.httpClient  // the test environment swaps it for a stub: still no `try`
  let payments = try shop.payments  // its initializer is declared `throws`
  return "\(shipping.retries) \(client.name) \(payments.fee)"
}

/// A test's typed replacement.
func replacementSnippet() throws -> String {
  var replacements = ShopContainer.Replacements()
  replacements.replace(httpClient: { StubClient() })
  let shop = try ShopContainer(environment: .test, replacing: replacements)
  return try shop.checkout.payments.client.name
}
