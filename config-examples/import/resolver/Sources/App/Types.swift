import Foundation
import Networking
import Profile
import Resolver
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

    public init(analytics: Analytics = Resolver.resolve(), cart: CartStore = Resolver.resolve()) {
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

public protocol PaymentGateway: AnyObject {
    func authorize(amount: Decimal, currency: String) async throws -> String
}

public final class StripePaymentGateway: PaymentGateway {
    private let publishableKey: String
    private let api: APIClientProtocol

    public init(publishableKey: String, api: APIClientProtocol) {
        self.publishableKey = publishableKey
        self.api = api
    }

    public func authorize(amount: Decimal, currency: String) async throws -> String {
        let body = try JSONSerialization.data(withJSONObject: [
            "amount": "\(amount)",
            "currency": currency,
            "key": publishableKey,
        ])
        try await api.post("v1/payments/intents", body: body)
        return UUID().uuidString
    }
}

public final class MockPaymentGateway: PaymentGateway {
    public private(set) var authorizedAmounts: [Decimal] = []

    public init() {}

    public func authorize(amount: Decimal, currency: String) async throws -> String {
        authorizedAmounts.append(amount)
        return "pi_mock_\(authorizedAmounts.count)"
    }
}

public final class CheckoutViewModel {
    public private(set) var confirmation: OrderConfirmation?
    public private(set) var isSubmitting = false

    private let cart: CartStore
    private let gateway: PaymentGateway
    private let api: APIClientProtocol
    private let analytics: Analytics?

    public init(cart: CartStore, gateway: PaymentGateway, api: APIClientProtocol, analytics: Analytics?) {
        self.cart = cart
        self.gateway = gateway
        self.api = api
        self.analytics = analytics
    }

    public var total: Decimal {
        cart.items.reduce(Decimal(0)) { $0 + $1.unitPrice * Decimal($1.quantity) }
    }

    public func placeOrder() async throws {
        isSubmitting = true
        defer { isSubmitting = false }
        let paymentID = try await gateway.authorize(amount: total, currency: "USD")
        let body = try JSONSerialization.data(withJSONObject: ["payment_id": paymentID])
        try await api.post("v1/orders", body: body)
        confirmation = try await api.get("v1/orders/latest", as: OrderConfirmation.self)
        analytics?.track("order_placed", properties: ["items": "\(cart.items.count)"])
        cart.clear()
    }
}
