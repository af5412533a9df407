import Foundation
import Networking
import Storage
import Swinject

public final class ProfileAssembly: Assembly {
    public init() {}

    public func assemble(container: Container) {
        container.register(ProfileService.self) { r in
            RemoteProfileService(api: r.resolve(APIClient.self)!, imageCache: r.resolve(ImageCaching.self)!)
        }

        container.register(ProfileViewModel.self) { r in
            let vm = ProfileViewModel(service: r.resolve(ProfileService.self)!, notes: r.resolve(NotesRepository.self)!)
            vm.analytics = r.resolve(Analytics.self)!
            return vm
        }.inObjectScope(.transient)

        container.register(Screen.self) { (r: Resolver, userID: String) in
            ProfileScreen(userID: userID, service: r.resolve(ProfileService.self)!)
        }

        container.register(NoteEditorScreen.self) { r, id in
            NoteEditorScreen(noteID: id, repository: r.resolve(NotesRepository.self)!)
        }

        container.register(ProfileCoordinator.self) { r in
            ProfileCoordinator(service: r.resolve(ProfileService.self)!, viewModel: r.resolve(ProfileViewModel.self)!)
        }
        .inObjectScope(.graph)
        .initCompleted { r, c in
            c.delegate = r.resolve(ProfileCoordinatorDelegate.self)!
        }
    }
}
