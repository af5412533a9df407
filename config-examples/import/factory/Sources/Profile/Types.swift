import Foundation
import Networking
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

    public init(api: APIClientProtocol, imageCache: ImageCaching) {
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
    public let userID: String
    public private(set) var profile: UserProfile?
    public private(set) var recentNotes: [Note] = []
    public private(set) var errorMessage: String?

    private let service: ProfileService
    private let notes: NotesRepository

    public init(userID: String, service: ProfileService, notes: NotesRepository) {
        self.userID = userID
        self.service = service
        self.notes = notes
    }

    public func load() async {
        do {
            profile = try await service.loadProfile(userID: userID)
            recentNotes = Array(notes.allNotes().prefix(3))
        } catch {
            errorMessage = "We couldn't load your profile."
        }
    }
}

public enum EditorMode: String {
    case create
    case edit
    case readOnly
}

public final class NoteEditorScreen {
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

public final class ProfileCoordinator {
    public var analytics: Analytics?
    public var onSignOut: (() -> Void)?

    private let service: ProfileService

    public init(service: ProfileService) {
        self.service = service
    }

    public func signOut() {
        analytics?.track("signed_out", properties: [:])
        onSignOut?()
    }
}
