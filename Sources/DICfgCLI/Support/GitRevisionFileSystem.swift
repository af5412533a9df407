import DICfgCompiler
import DICfgLoader
import DICfgSwiftReader
import Foundation

/// Graph files as a git revision holds them, read with `git show REV:./NAME` from the file's
/// folder, so a path means what it means on disk and imports and layers resolve alike.
struct GitRevisionFileSystem: GraphFileSystem {
  /// A commit, tag or branch.
  let revision: String

  func load(_ path: String, with loader: ConfigLoader) -> LoadedFile {
    let (folder, name) = split(path)
    let output = git(["show", "\(revision):./\(name)"], in: folder)
    guard output.status == 0 else {
      return .unreadable(path, reason: "not in git revision '\(revision)': \(output.error)")
    }
    return loader.load(bytes: output.bytes, path: path)
  }

  func fileExists(_ path: String) -> Bool {
    let (folder, name) = split(path)
    return git(["cat-file", "-e", "\(revision):./\(name)"], in: folder).status == 0
  }

  func fileNames(in folder: String) -> [String] {
    let output = git(["ls-tree", "--name-only", revision, "./"], in: folder)
    guard output.status == 0 else { return [] }
    return String(decoding: output.bytes, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  private func split(_ path: String) -> (folder: String, name: String) {
    let folder = Paths.directory(of: path)
    let name = folder.isEmpty ? path : String(path.dropFirst(folder.count + (folder == "/" ? 0 : 1)))
    return (folder.isEmpty ? "." : folder, name)
  }

  private struct Output {
    var status: Int32
    var bytes: [UInt8]
    var error: String
  }

  private func git(_ arguments: [String], in folder: String) -> Output {
    let ran = ChildProcess("/usr/bin/env", ["git", "-C", folder] + arguments).run()
    guard ran.status != -1 else { return Output(status: -1, bytes: [], error: "cannot run git: \(ran.errorText)") }
    return Output(status: ran.status, bytes: Array(ran.output), error: ran.errorText)
  }
}
