/// Path arithmetic on strings, the same on every platform dicfg runs on.
public enum Paths {
  /// The folder part of `path` (empty for a bare file name).
  public static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return path == "/" ? "/" : String(path[..<slash])
  }

  /// `relative` resolved against the folder of `importer`, with `.` and `..` folded.
  package static func resolve(_ relative: String, from importer: String) -> String {
    if relative.hasPrefix("/") { return normalize(relative) }
    let folder = directory(of: importer)
    return normalize(folder.isEmpty ? relative : folder + "/" + relative)
  }

  /// Folds `.` and `..` components and repeated slashes, keeping leading `..` of a relative path.
  static func normalize(_ path: String) -> String {
    let absolute = path.hasPrefix("/")
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      switch part {
      case ".": continue
      case "..":
        if let last = parts.last, last != ".." {
          parts.removeLast()
        } else if !absolute {
          parts.append(part)
        }
      default: parts.append(part)
      }
    }
    let joined = parts.joined(separator: "/")
    return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
  }

  /// `path` as written from `folder`, both absolute or both relative to one folder:
  /// `Sources/AlertsKit/dicfg.yaml` from `Sources/App` is `../AlertsKit/dicfg.yaml`.
  package static func relative(_ path: String, from folder: String) -> String {
    let target = normalize(path).split(separator: "/")
    let start = folder.isEmpty ? [] : normalize(folder).split(separator: "/")
    let common = zip(target, start).prefix { $0 == $1 }.count
    let up = Array(repeating: "..", count: start.count - common)
    return (up + target.dropFirst(common).map(String.init)).joined(separator: "/")
  }

  /// The environment layer of `path`: `app.yaml` → `app.production.yaml`.
  package static func environmentSibling(of path: String, environment: String) -> String {
    let folderEnd = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
    let name = path[folderEnd...]
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return path + "." + environment }
    return String(path[..<dot]) + "." + environment + String(path[dot...])
  }

  /// For `config/app.production.yaml`, the base `config/app.yaml` and the environment `production`.
  public static func environmentLayer(of path: String) -> (base: String, environment: String)? {
    let folderEnd = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
    let name = path[folderEnd...]
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count >= 3, !parts[0].isEmpty, let environment = parts.dropLast().last, !environment.isEmpty else {
      return nil
    }
    let baseName = parts.dropLast(2).joined(separator: ".") + "." + (parts.last ?? "")
    return (String(path[..<folderEnd]) + baseName, String(environment))
  }

  /// The environments whose layer (`BASE.ENV.ext`) stands beside `file` in `fileSystem`, sorted.
  public static func environments(beside file: String, in fileSystem: some GraphFileSystem) -> [String] {
    let folder = directory(of: file)
    let prefix = folder.isEmpty ? "" : folder + "/"
    return fileSystem.fileNames(in: folder).compactMap { name -> String? in
      guard let split = environmentLayer(of: prefix + name), split.base == file else { return nil }
      return split.environment.contains(".") ? nil : split.environment
    }.sorted()
  }
}
