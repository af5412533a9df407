import DICfgRuntime
import Shop

// The typed container the build plugin generates from the graph file: no string names a service,
// an environment or the container.
for environment in ShopContainer.Environment.allCases {
  let shop = ShopContainer(environment: environment)
  let checkout = try shop.checkout
  let client = shop.httpClient
  print(
    "\(environment.rawValue): client \(checkout.payments.client.name), fee \(checkout.payments.fee), "
      + "retries \(checkout.shipping.retries), environment \(checkout.config.environment), banner \(checkout.banner), "
      + "one client: \(client === checkout.payments.client)")
}
do {
  _ = try ShopContainer.Environment(named: "tset")
} catch {
  print("launch argument: \(error)")
}

let bundled = try makeShopContainerFromBundledGraphFile()
print("bundled graph file: fee \(try bundled.resolve("payments", as: Payments.Gateway.self).fee)")

/// The awaited resolves: `orders` has an `async` initializer, so its accessor is `async`.
func resolveOrders() async throws {
  let shop = ShopContainer()
  let orders = try await shop.orders
  let again = try await shop.orders
  print("awaited: orders \(orders.path), one store: \(orders === again)")
}
try await resolveOrders()

/// A main-actor view model: its accessor is `@MainActor`, synchronous there, awaited from elsewhere.
@MainActor func resolveViewModel() throws {
  let viewModel = try ShopContainer().checkoutViewModel
  print(
    "main actor: view model \(viewModel.title), banner \(viewModel.checkout.banner), badge \(viewModel.badge.count)")
}
try resolveViewModel()

func awaitViewModel() async throws {
  let viewModel = try await ShopContainer().checkoutViewModel
  print("awaited: view model \(await viewModel.title), fee \(await viewModel.checkout.payments.fee)")
}
try await awaitViewModel()

/// Straight-line accessors: a graph-scoped service whose initializers cannot throw needs no `try`;
/// a test's stand-in is typed, and the services that take it get it.
func replaceTheClient() throws {
  let plain = ShopContainer()
  let shipping: Shipping.Gateway = plain.shipping
  var replacements = ShopContainer.Replacements()
  replacements.replace(httpClient: { StubClient() })
  let shop = try ShopContainer(replacing: replacements)
  print("replaced: retries \(shipping.retries), client \(try shop.checkout.payments.client.name)")
}

try replaceTheClient()

/// The dynamic container stays for what is decided at run time: here, resolving by id.
let dynamic = try makeShopContainer(environment: "test")
print("dynamic: \(try dynamic.resolve("checkout", as: Checkout.self).config.environment)")

// The article's snippets, as it shows them.
print("snippet, typed container: \(try await typedContainerSnippet(launchArgument: "test"))")
print("snippet, straight line: \(try straightLineSnippet(ShopContainer()))")
print("snippet, replaced: \(try replacementSnippet())")
print(
  "snippet, test plan: \(try makeShopContainerForTests().resolve("checkout", as: Checkout.self).payments.client.name)")

// Top-level code awaits through `awaiting`, whose resolves are all awaited.
let awaitedAtTopLevel = try await makeShopContainer().awaiting.resolve("orders", as: OrderStore.self)
print("top level: orders \(awaitedAtTopLevel.path)")
