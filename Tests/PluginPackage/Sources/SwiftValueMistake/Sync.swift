// A Swift value naming a misspelt member of an SDK type (URLSession is Foundation's, or Linux's
// FoundationNetworking's): the generator reads the SDK as the toolchain states it, and the build's one
// error is the graph's, at the value.
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

final class NoteSync {
  let session: URLSession
  init(session: URLSession) { self.session = session }
}
