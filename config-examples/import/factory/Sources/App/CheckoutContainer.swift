import Factory
import Foundation
import Networking
import Storage

final class CheckoutContainer: SharedContainer {
    static let shared = CheckoutContainer()
    let manager = ContainerManager()

    var paymentGateway: Factory<PaymentGateway> {
        self { StripePaymentGateway(publishableKey: "pk_live_51HcShopExample", api: Container.shared.apiClient()) }
            .singleton
            .onTest { MockPaymentGateway() }
    }

    var checkoutViewModel: Factory<CheckoutViewModel> {
        self {
            CheckoutViewModel(
                cart: Container.shared.cartStore(),
                gateway: self.paymentGateway(),
                api: Container.shared.apiClient(),
                analytics: Container.shared.analytics()
            )
        }
    }
}
