// The round trip of `dicfg import`: each registration of the app's Swinject assemblies, resolved from
// Swinject's container and from the container generated from the graph file the import wrote (in this
// target beside the app's assembly), with the type each gives and whether a second resolve gives the
// same instance. A line ends 'DIFFERS' where the two answers differ.
import Foundation
import Networking
import Profile
import Storage
import Swinject

let old = AppAssembler.shared.resolver
let new = MainContainer()

/// Whether `a` and `b` are one object.
func identical(_ a: Any?, _ b: Any?) -> Bool {
  guard let a, let b, Mirror(reflecting: a).displayStyle == .class else { return false }
  return (a as AnyObject) === (b as AnyObject)
}

/// One line: the type each container gives for `key`, and whether each gives one instance twice
/// (the first held while the second is resolved, as a weak scope needs).
func compare(_ key: String, _ swinject: () -> Any?, _ dicfg: () throws -> Any) rethrows {
  let first = swinject()
  let second = swinject()
  let mine = try dicfg()
  let mineAgain = try dicfg()
  let oldType = first.map { String(describing: type(of: $0)) } ?? "nil"
  let newType = String(describing: type(of: mine))
  let same = oldType == newType && identical(first, second) == identical(mine, mineAgain)
  print(
    "\(key): \(oldType), one instance \(identical(first, second)) | \(newType), one instance "
      + "\(identical(mine, mineAgain)) | \(same ? "same" : "DIFFERS")")
}

/// One line for a fact both containers should agree on.
func agree(_ fact: String, _ swinject: Bool, _ dicfg: Bool) {
  print("\(fact): \(swinject) | \(dicfg) | \(swinject == dicfg ? "same" : "DIFFERS")")
}

compare("NetworkEnvironment", { old.resolve(NetworkEnvironment.self) }, { new.networkEnvironment })
try compare(
  "APIConfiguration production", { old.resolve(APIConfiguration.self, name: "production") },
  { try new.apiConfigurationProduction })
try compare(
  "APIConfiguration staging", { old.resolve(APIConfiguration.self, name: "staging") },
  { try new.apiConfigurationStaging })
try compare("APIConfiguration", { old.resolve(APIConfiguration.self) }, { try new.apiConfiguration })
agree(
  "APIConfiguration is production", old.resolve(APIConfiguration.self)?.baseURL.host == "api.example.com",
  try new.apiConfiguration.baseURL.host == "api.example.com")
compare("JSONDecoder", { old.resolve(JSONDecoder.self) }, { new.jsonDecoder })
compare("RequestLogging", { old.resolve(RequestLogging.self) }, { new.requestLogging })
try compare("HTTPClient", { old.resolve(HTTPClient.self) }, { try new.httpClient })
compare("AuthTokenProviding", { old.resolve(AuthTokenProviding.self) }, { new.authTokenProviding })
try compare("APIClient", { old.resolve(APIClient.self) }, { try new.apiClient })
agree(
  "APIClient has a token provider", (old.resolve(APIClient.self) as? RESTAPIClient)?.tokenProvider != nil,
  try new.apiClient.tokenProvider != nil)
try compare("APIClient staging", { old.resolve(APIClient.self, name: "staging") }, { try new.apiClientStaging })
compare("Clock", { old.resolve(Clock.self) }, { new.clock })
compare("KeyValueStore", { old.resolve(KeyValueStore.self) }, { new.keyValueStore })
compare("DatabaseConnection", { old.resolve(DatabaseConnection.self) }, { new.databaseConnection })
compare("NotesRepository", { old.resolve(NotesRepository.self) }, { new.notesRepository })
compare("ImageCaching", { old.resolve(ImageCaching.self) }, { new.imageCaching })
compare("CartStore", { old.resolve(CartStore.self) }, { new.cartStore })
compare("ThumbnailStore", { old.resolve(ThumbnailStore.self) }, { new.thumbnailStore })
agree(
  "ThumbnailStore's two caches are one",
  old.resolve(ThumbnailStore.self).map { identical($0.memory, $0.fallback) } == true,
  {
    let store = new.thumbnailStore; return identical(store.memory, store.fallback)
  }())
compare("SyncSession", { old.resolve(SyncSession.self) }, { new.syncSession })
agree(
  "SyncSession's configuration is set",
  old.resolve(SyncSession.self).map { $0.configuration.retries == 3 && $0.configuration.label == "sync" } == true,
  new.syncSession.configuration.retries == 3 && new.syncSession.configuration.label == "sync")
compare("BackupLocation", { old.resolve(BackupLocation.self) }, { new.backupLocation })
agree(
  "BackupLocation is the database's file", old.resolve(BackupLocation.self)?.folder == new.databaseConnection.path,
  new.backupLocation.folder == new.databaseConnection.path)
compare("NotesIndex", { old.resolve(NotesIndex.self) }, { new.notesIndex })
agree(
  "NotesIndex is built for the database",
  old.resolve(NotesIndex.self)?.path == "Library/Application Support/shop.sqlite.index",
  new.notesIndex.path == "Library/Application Support/shop.sqlite.index")
try compare("ProfileService", { old.resolve(ProfileService.self) }, { try new.profileService })
try compare("ProfileViewModel", { old.resolve(ProfileViewModel.self) }, { try new.profileViewModel })
agree(
  "ProfileViewModel has analytics", old.resolve(ProfileViewModel.self)?.analytics != nil,
  try new.profileViewModel.analytics != nil)
try compare("Screen", { old.resolve(Screen.self, argument: "u1") }, { try new.screen(userID: "u1") })
let noteID = UUID()
compare(
  "NoteEditorScreen", { old.resolve(NoteEditorScreen.self, argument: noteID) }, { new.noteEditorScreen(id: noteID) })
try compare("ProfileCoordinator", { old.resolve(ProfileCoordinator.self) }, { try new.profileCoordinator })
agree(
  "ProfileCoordinator's delegate is the app router",
  identical(old.resolve(ProfileCoordinator.self)?.delegate, old.resolve(AppRouter.self)),
  identical(try new.profileCoordinator.delegate, try new.appRouter))
try compare("Analytics", { old.resolve(Analytics.self) }, { try new.analytics })
try compare("AppRouter", { old.resolve(AppRouter.self) }, { try new.appRouter })
agree(
  "ProfileCoordinatorDelegate is the app router",
  identical(old.resolve(ProfileCoordinatorDelegate.self), old.resolve(AppRouter.self)),
  identical(try new.dynamicContainer.resolve(ProfileCoordinatorDelegate.self), try new.appRouter))
try compare("CheckoutViewModel", { old.resolve(CheckoutViewModel.self) }, { try new.checkoutViewModel })
compare("ReceiptPrinterFactory", { old.resolve(ReceiptPrinterFactory.self) }, { new.receiptPrinterFactory })
compare("ReceiptPrinter", { old.resolve(ReceiptPrinter.self) }, { new.receiptPrinter })
agree("ReceiptPrinter is 42 wide", old.resolve(ReceiptPrinter.self)?.width == 42, new.receiptPrinter.width == 42)
compare("FeatureFlags", { old.resolve(FeatureFlags.self) }, { new.featureFlags })
agree(
  "FeatureFlags is the shared instance", identical(old.resolve(FeatureFlags.self), FeatureFlags.shared),
  identical(new.featureFlags, FeatureFlags.shared))
try compare("OrderHistory", { old.resolve(OrderHistory.self) }, { try new.orderHistory })
agree(
  "OrderHistory formats in EUR", old.resolve(OrderHistory.self)?.formatter.currency == "EUR",
  try new.orderHistory.formatter.currency == "EUR")
try compare(
  "CartSummarizing", { old.resolve(CartSummarizing.self) }, { try new.dynamicContainer.resolve(CartSummarizing.self) })
