import Foundation
import Networking
import Profile
import Storage
import Swinject

final class AppAssembly: Assembly {
    func assemble(container: Container) {
        container.register(Analytics.self) { r in
            RemoteAnalytics(api: r.resolve(APIClient.self)!, batchSize: 20)
        }.inObjectScope(.container)

        container.register(AppRouter.self) { r in
            AppRouter(analytics: r.resolve(Analytics.self)!, cart: r.resolve(CartStore.self)!)
        }.inObjectScope(.container)

        container.register(ProfileCoordinatorDelegate.self) { r in r.resolve(AppRouter.self)! }

        container.register(CheckoutViewModel.self) { r in
            CheckoutViewModel(
                cart: r.resolve(CartStore.self)!,
                api: r.resolve(APIClient.self)!,
                analytics: r.resolve(Analytics.self)
            )
        }

        container.register(ReceiptPrinterFactory.self) { _ in ReceiptPrinterFactory() }.inObjectScope(.container)

        container.register(ReceiptPrinter.self) { r in
            guard let factory = r.resolve(ReceiptPrinterFactory.self) else {
                fatalError("ReceiptPrinterFactory is not registered")
            }
            return factory.makePrinter(width: 42)
        }

        container.register(FeatureFlags.self) { _ in FeatureFlags.shared }.inObjectScope(.container)

        container.register(OrderHistory.self) { r in
            let api = r.resolve(APIClient.self)!
            return OrderHistory(api: api, formatter: OrderFormatter(currency: "EUR"))
        }

        container.register(CartSummary.self) { r in CartSummary(cart: r.resolve(CartStore.self)!) }

        container.register(CartSummarizing.self) { r in r.resolve(CartSummary.self)! }.inObjectScope(.container)
    }
}
