protocol NotesStore: AnyObject {}

final class DiskNotesStore: NotesStore {}

final class NotesModel {
  init(store: any NotesStore) {}
}

#if DEBUG
  /// The previews' stand-in: it exists in debug builds only.
  final class SampleNotesStore: NotesStore {}
#endif
