import Foundation
import Networking
import Resolver
import Storage

extension Resolver {
    public static func registerProfile() {
        register { RemoteProfileService() as ProfileService }

        register { ProfileViewModel() }
            .scope(.unique)
            .resolveProperties { _, viewModel in
                viewModel.analytics = resolve()
            }

        register { _, args in ProfileScreen(userID: args(), service: resolve()) as Screen }

        register { _, args in
            NoteEditorScreen(noteID: args.get("id"), mode: args("mode"), repository: resolve())
        }

        register { ProfileCoordinator(service: resolve(), viewModel: resolve()) }.scope(.graph)
    }
}
