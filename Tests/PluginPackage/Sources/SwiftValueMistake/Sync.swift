// A Swift value whose member the Swift read does not show (URLSession is Foundation's): the Swift
// compiler finds the misspelt member, once, at the graph file's value.
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

final class NoteSync {
  let session: URLSession
  init(session: URLSession) { self.session = session }
}
