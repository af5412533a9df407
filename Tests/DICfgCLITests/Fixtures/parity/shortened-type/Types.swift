final class Cart {}
final class CheckoutService {
  init(cart: Cart) {}
}
