final class Cart {}
final class Pricing {}
final class PurchaseFlow {
  init(cart: Cart, pricing: Pricing) {}
}
