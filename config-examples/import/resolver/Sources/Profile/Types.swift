import Foundation
import Networking
import Resolver
import Storage

public struct UserProfile: Decodable, Equatable {
    public let id: String
    public let displayName: String
    public let email: String
    public let avatarURL: URL?
    public let loyaltyPoints: Int
}

public protocol ProfileService: AnyObject {
    func loadProfile(userID: String) async throws -> UserProfile
    func avatar(for profile: UserProfile) -> Data?
}

public final class RemoteProfileService: ProfileService {
    private let api: APIClientProtocol
    private let imageCache: ImageCaching

    public init(api: APIClientProtocol = Resolver.resolve(), imageCache: ImageCaching = Resolver.resolve()) {
        self.api = api
        self.imageCache = imageCache
    }

    public func loadProfile(userID: String) async throws -> UserProfile {
        try await api.get("v1/users/\(userID)", as: UserProfile.self)
    }

    public func avatar(for profile: UserProfile) -> Data? {
        profile.avatarURL.flatMap { imageCache.image(for: $0) }
    }
}

public final class ProfileViewModel {
    public private(set) var profile: UserProfile?
    public private(set) var recentNotes: [Note] = []
    public private(set) var errorMessage: String?
    public var analytics: Analytics?

    private let service: ProfileService
    private let notes: NotesRepository

    public init(service: ProfileService = Resolver.resolve(), notes: NotesRepository = Resolver.resolve()) {
        self.service = service
        self.notes = notes
    }

    public func load(userID: String) async {
        do {
            profile = try await service.loadProfile(userID: userID)
            recentNotes = Array(notes.allNotes().prefix(3))
            analytics?.track("profile_viewed", properties: ["user_id": userID])
        } catch {
            errorMessage = "We couldn't load your profile."
        }
    }
}

public protocol Screen: AnyObject {
    var title: String { get }
}

public final class ProfileScreen: Screen {
    public let userID: String
    private let service: ProfileService

    public init(userID: String, service: ProfileService) {
        self.userID = userID
        self.service = service
    }

    public var title: String { "Profile" }
}

public enum EditorMode: String {
    case create
    case edit
    case readOnly
}

public final class NoteEditorScreen: Screen {
    public let noteID: UUID
    public let mode: EditorMode
    private let repository: NotesRepository

    public init(noteID: UUID, mode: EditorMode, repository: NotesRepository) {
        self.noteID = noteID
        self.mode = mode
        self.repository = repository
    }

    public var title: String {
        switch mode {
        case .create:
            return "New Note"
        case .edit, .readOnly:
            return repository.note(id: noteID)?.title ?? "Note"
        }
    }
}

public protocol ProfileCoordinatorDelegate: AnyObject {
    func profileCoordinatorDidSignOut(_ coordinator: ProfileCoordinator)
    func profileCoordinator(_ coordinator: ProfileCoordinator, didOpenOrder orderID: String)
}

public final class ProfileCoordinator {
    public weak var delegate: ProfileCoordinatorDelegate?

    public let viewModel: ProfileViewModel
    private let service: ProfileService

    public init(service: ProfileService, viewModel: ProfileViewModel) {
        self.service = service
        self.viewModel = viewModel
    }

    public func signOut() {
        delegate?.profileCoordinatorDidSignOut(self)
    }

    public func openOrder(_ orderID: String) {
        delegate?.profileCoordinator(self, didOpenOrder: orderID)
    }
}
