import DICfgRuntime
import Shop

for environment in [nil, "test"] as [String?] {
  let container = try makeShopContainer(environment: environment)
  let checkout = try container.resolve("checkout", as: Checkout.self)
  let client = try container.resolve(HTTPClient.self)
  print(
    "\(environment ?? "base"): client \(checkout.payments.client.name), fee \(checkout.payments.fee), "
      + "retries \(checkout.shipping.retries), environment \(checkout.config.environment), banner \(checkout.banner), "
      + "one client: \(client === checkout.payments.client)")
}

let bundled = try makeShopContainerFromBundledGraphFile()
print("bundled graph file: fee \(try bundled.resolve("payments", as: Payments.Gateway.self).fee)")

/// The awaited resolves. (In top-level code Swift picks the synchronous `resolve` even with
/// `await`; inside an async function it picks the awaited one.)
func resolveOrders() async throws {
  let shop = try makeShopContainer()
  let orders = try await shop.resolve("orders", as: OrderStore.self)
  let again = try await shop.resolve("orders", as: OrderStore.self)
  print("awaited: orders \(orders.path), one store: \(orders === again)")
}
try await resolveOrders()

/// A main-actor view model: built synchronously from main-actor code, and by an awaited resolve
/// from elsewhere.
@MainActor func resolveViewModel() throws {
  let viewModel = try makeShopContainer().mainActor.resolve("checkoutViewModel", as: CheckoutViewModel.self)
  print(
    "main actor: view model \(viewModel.title), banner \(viewModel.checkout.banner), badge \(viewModel.badge.count)")
}
try resolveViewModel()

func awaitViewModel() async throws {
  let viewModel = try await makeShopContainer().resolve("checkoutViewModel", as: CheckoutViewModel.self)
  print("awaited: view model \(await viewModel.title), fee \(await viewModel.checkout.payments.fee)")
}
try await awaitViewModel()
