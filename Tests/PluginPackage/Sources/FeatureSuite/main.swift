import Accounts
import Auth
import Billing
import Cart
import Catalog
import Chat
import Checkout
import Coupons
import Delivery
import Favorites
import Feed
import Inbox
import Loyalty
import Maps
import Orders
import Payments
import Reviews
import Search
import Settings
import Wallet

// Every feature's service through the one container, with no `try`: no accessor throws.
let container = MainContainer()
let summaries = [
  container.accounts.summary(),
  container.auth.summary(),
  container.billing.summary(),
  container.cart.summary(),
  container.catalog.summary(),
  container.chat.summary(),
  container.checkout.summary(),
  container.coupons.summary(),
  container.delivery.summary(),
  container.favorites.summary(),
  container.feed.summary(),
  container.inbox.summary(),
  container.loyalty.summary(),
  container.maps.summary(),
  container.orders.summary(),
  container.payments.summary(),
  container.reviews.summary(),
  container.search.summary(),
  container.settings.summary(),
  container.wallet.summary(),
]
print(summaries.joined(separator: " "))
let dev = MainContainer(environment: .dev)
print("dev: \(dev.coupons.summary())")
