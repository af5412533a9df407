import Foundation
import Networking
import Profile
import Storage

public final class AppRouter: ProfileCoordinatorDelegate {
    public enum Route: Equatable {
        case home
        case signIn
        case order(String)
    }

    public private(set) var route: Route = .home

    private let analytics: Analytics
    private let cart: CartStore

    public init(analytics: Analytics, cart: CartStore) {
        self.analytics = analytics
        self.cart = cart
    }

    public func profileCoordinatorDidSignOut(_ coordinator: ProfileCoordinator) {
        cart.clear()
        analytics.track("signed_out", properties: [:])
        route = .signIn
    }

    public func profileCoordinator(_ coordinator: ProfileCoordinator, didOpenOrder orderID: String) {
        route = .order(orderID)
    }
}

public struct OrderConfirmation: Decodable {
    public let orderID: String
    public let total: Decimal
}

public final class CheckoutViewModel {
    public private(set) var confirmation: OrderConfirmation?
    public private(set) var isSubmitting = false

    private let cart: CartStore
    private let api: APIClient
    private let analytics: Analytics?

    public init(cart: CartStore, api: APIClient, analytics: Analytics?) {
        self.cart = cart
        self.api = api
        self.analytics = analytics
    }

    public var total: Decimal {
        cart.items.reduce(Decimal(0)) { $0 + $1.unitPrice * Decimal($1.quantity) }
    }

    public func placeOrder() async throws {
        isSubmitting = true
        defer { isSubmitting = false }
        let body = try JSONEncoder().encode(cart.items)
        try await api.post("v1/orders", body: body)
        confirmation = try await api.get("v1/orders/latest", as: OrderConfirmation.self)
        analytics?.track("order_placed", properties: ["items": "\(cart.items.count)"])
        cart.clear()
    }
}

public final class ReceiptPrinter {
    public let width: Int

    init(width: Int) {
        self.width = width
    }
}

/// Builds printers of a width: a factory object whose method the registration calls.
public final class ReceiptPrinterFactory {
    public init() {}

    public func makePrinter(width: Int) -> ReceiptPrinter {
        ReceiptPrinter(width: width)
    }
}

/// One instance for the process, as a third-party SDK offers it.
public final class FeatureFlags {
    public static let shared = FeatureFlags()

    public var isExpressCheckoutEnabled = false

    private init() {}
}

public struct OrderFormatter {
    public let currency: String

    public init(currency: String) {
        self.currency = currency
    }
}

public final class OrderHistory {
    public let formatter: OrderFormatter
    private let api: APIClient

    public init(api: APIClient, formatter: OrderFormatter) {
        self.api = api
        self.formatter = formatter
    }
}

public protocol CartSummarizing: AnyObject {
    var itemCount: Int { get }
}

public final class CartSummary: CartSummarizing {
    private let cart: CartStore

    public init(cart: CartStore) {
        self.cart = cart
    }

    public var itemCount: Int { cart.items.count }
}
