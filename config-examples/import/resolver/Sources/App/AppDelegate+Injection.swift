import Foundation
import Networking
import Profile
import Resolver
import Storage

extension Resolver: ResolverRegistering {
    public static func registerAllServices() {
        registerNetworking()
        registerStorage()
        registerProfile()
        registerApp()

        #if DEBUG
        if ProcessInfo.processInfo.arguments.contains("-UseMockServices") {
            registerMocks()
        }
        #endif
    }

    static func registerApp() {
        register { RemoteAnalytics(api: resolve(), batchSize: 20) as Analytics }.scope(.application)

        register { AppRouter() }.scope(.application)

        register { StripePaymentGateway(publishableKey: "pk_live_51HcShopExample", api: resolve()) as PaymentGateway }
            .scope(.application)
        register(name: .init("mock")) { MockPaymentGateway() as PaymentGateway }

        register { CheckoutViewModel(cart: resolve(), gateway: resolve(), api: resolve(), analytics: optional()) }
            .scope(.unique)
    }
}

#if DEBUG
extension Resolver {
    static func registerMocks() {
        let mock = Resolver(child: .main)
        Resolver.root = mock
        mock.register { MockAPIClient() as APIClientProtocol }
    }
}
#endif
