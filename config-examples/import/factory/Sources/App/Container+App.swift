import Factory
import Foundation
import Networking
import Storage

extension Container {
    var appRouter: Factory<AppRouter> {
        self { AppRouter(analytics: self.analytics(), cart: self.cartStore()) }.singleton
    }
}
