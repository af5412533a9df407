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
