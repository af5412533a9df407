import Factory
import Foundation
import Networking
import Storage

extension Container {
    public var profileService: Factory<ProfileService> {
        self { RemoteProfileService(api: Container.shared.apiClient(), imageCache: self.imageCache()) }
            .scope(.session)
    }

    public var profileViewModel: ParameterFactory<String, ProfileViewModel> {
        self { ProfileViewModel(userID: $0, service: self.profileService(), notes: self.notesRepository()) }
    }

    public var noteEditor: ParameterFactory<(noteID: UUID, mode: EditorMode), NoteEditorScreen> {
        self { NoteEditorScreen(noteID: $0.noteID, mode: $0.mode, repository: self.notesRepository()) }
    }

    public var profileCoordinator: Factory<ProfileCoordinator> {
        self {
            let coordinator = ProfileCoordinator(service: self.profileService())
            coordinator.analytics = self.analytics()
            return coordinator
        }
        .graph
    }
}
