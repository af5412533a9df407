// One module at a time: the Profile module's registrations moved to dicfg (the graph file that
// `dicfg import Sources/Profile` writes), every other module's still Swinject's. Swinject's
// container resolves the Profile services by asking dicfg's, and dicfg's takes what Profile needs
// from the other modules as externals that Swinject's container supplies.
import Foundation
import Networking
import Profile
import Storage
import Swinject

/// The Profile services, registered in Swinject's container as what dicfg's container builds: the
/// rest of the app resolves them from Swinject as before.
final class ProfileFromGraph: Assembly {
  /// dicfg's container, created once Swinject's can supply its externals.
  var graph: MainContainer?

  func assemble(container: Container) {
    container.register(ProfileService.self) { _ in self.built { $0.profileService } }
    container.register(ProfileViewModel.self) { _ in self.built { try $0.profileViewModel } }
    container.register(ProfileCoordinator.self) { _ in self.built { try $0.profileCoordinator } }
    container.register(Screen.self) { (_, userID: String) in self.built { $0.screen(userID: userID) } }
  }

  /// What dicfg's container builds; Swinject resolves no Profile service before it is created.
  func built<Service>(_ make: (MainContainer) throws -> Service) -> Service {
    guard let graph else { fatalError("dicfg's container is created before the app resolves a Profile service") }
    do {
      return try make(graph)
    } catch {
      fatalError("dicfg's container could not build it: \(error)")
    }
  }
}

let profile = ProfileFromGraph()
let assembler = Assembler([NetworkingAssembly(), StorageAssembly(), profile, AppAssembly()])
let swinject = assembler.resolver

/// A service still registered in Swinject's container.
func fromSwinject<Service>(_ type: Service.Type) -> Service {
  guard let service = swinject.resolve(type) else { fatalError("Swinject's container has no \(type)") }
  return service
}

// What the Profile module takes from the modules still in Swinject, resolved there once.
profile.graph = MainContainer(
  externals: .init(
    apiClient: fromSwinject(APIClient.self), imageCaching: fromSwinject(ImageCaching.self),
    notesRepository: fromSwinject(NotesRepository.self), analytics: fromSwinject(Analytics.self),
    profileCoordinatorDelegate: fromSwinject(ProfileCoordinatorDelegate.self)))

/// One line for a fact of the moving app: what it is, and whether it holds.
func check(_ fact: String, _ holds: Bool) {
  print("\(fact): \(holds ? "same" : "DIFFERS")")
}

let coordinator = fromSwinject(ProfileCoordinator.self)
check("a ProfileCoordinator from Swinject has the delegate dicfg sets", coordinator.delegate != nil)
check("its delegate is Swinject's app router", coordinator.delegate === fromSwinject(AppRouter.self))
check(
  "its view model has Swinject's analytics",
  fromSwinject(ProfileViewModel.self).analytics === fromSwinject(Analytics.self))
check(
  "a screen takes its argument", (swinject.resolve(Screen.self, argument: "u1") as? ProfileScreen)?.userID == "u1")
