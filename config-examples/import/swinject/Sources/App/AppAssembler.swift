import Networking
import Profile
import Storage
import Swinject

final class AppAssembler {
    static let shared = AppAssembler()

    let assembler: Assembler

    var resolver: Resolver {
        assembler.resolver
    }

    private init() {
        assembler = Assembler([
            NetworkingAssembly(),
            StorageAssembly(),
            ProfileAssembly(),
            AppAssembly(),
        ])
    }
}
