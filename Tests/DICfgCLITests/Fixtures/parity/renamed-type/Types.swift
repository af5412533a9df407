final class Cart {}
final class PurchaseFlow {
  init(cart: Cart) {}
}
