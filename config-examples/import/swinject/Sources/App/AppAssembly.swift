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
    }
}
