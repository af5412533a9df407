protocol NoteStore: AnyObject {}

final class NotesViewModel {
  init(title: String, store: any NoteStore = Resolver.resolve()) {}
}
