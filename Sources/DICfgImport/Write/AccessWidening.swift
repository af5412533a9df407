import DICfgCore
import DICfgSwiftModel

/// A declaration private to its file (`fileprivate init()`, `private static let shared`) that the
/// written graph builds a service with. The library's registration could call it from that file;
/// the generated container lives in a file of its own and cannot, so the port makes it internal.
public struct AccessWidening: Sendable, Hashable {
  /// The declaration, as the report names it (`CacheManager.init()`, `AppDB._onDisk`).
  public var declaration: String
  /// The id of the service it builds.
  public var service: String
  /// Its access as written.
  public var access: SwiftAccess
  public var location: SourceLocation

  /// The declarations private to their files that `entries`, the graph entries written, are built
  /// with: each the one the entry's `init:` labels (or `factory:` and labels) name where no other
  /// the generated code can call does; the overload ranking decides, as the checks do.
  static func needed(
    by entries: [ImportedRegistration], in declarations: SwiftDeclarations, texts: [String: String] = [:]
  ) -> [AccessWidening] {
    var found: [AccessWidening] = []
    var seen: Set<SourceLocation> = []
    for entry in entries where entry.factoryFunction == nil && entry.function == nil && entry.receiver == nil {
      guard case .asWritten = entry.outcome, entry.forwardsTo == nil, !entry.isExternal, !entry.isNil else { continue }
      let labels = entry.initializer.map(\.label)
      let widening: AccessWidening?
      if let factory = entry.factory {
        let functions = declarations.functions(named: factory).functions
        guard SwiftFunction.overloads(calledBy: labels, among: functions.filter { !$0.isPrivate }).isEmpty,
          let hidden = SwiftFunction.overloads(calledBy: labels, among: functions.filter(\.isPrivate)).first
        else { continue }
        let signature = hidden.isProperty ? "" : String(hidden.signature.drop { $0 != "(" })
        widening = AccessWidening(
          declaration: factory + signature, service: entry.id, access: hidden.access, location: hidden.location)
      } else {
        guard let type = declarations.type(named: entry.type), !type.isForeign,
          SwiftInitializer.named(by: labels, among: type.initializers.filter { !$0.isPrivate }) == nil,
          let hidden = SwiftInitializer.named(by: labels, among: type.initializers.filter(\.isPrivate))
        else { continue }
        widening = AccessWidening(
          declaration: "\(type.name).\(hidden.signature)", service: entry.id, access: hidden.access,
          location: hidden.location)
      }
      if let widening, seen.insert(widening.location).inserted { found.append(widening) }
    }
    for widening in privateTypesNamed(by: entries, texts: texts) where seen.insert(widening.location).inserted {
      found.append(widening)
    }
    return found.sorted { $0.location < $1.location }
  }

  /// The types private to their file that the graph or its factory functions name: the receiver of
  /// a static factory (`Container.appState` of a `fileprivate struct Container`), and each type the
  /// copied code of a factory function reads (`FirebaseEmulation.enabled` of a `private enum`). Each is
  /// the registering file's own, found in its text (`texts`, by path): the code was copied from there,
  /// where its private types are the ones its names mean, whatever other files declare of that name.
  static func privateTypesNamed(by entries: [ImportedRegistration], texts: [String: String]) -> [AccessWidening] {
    var found: [AccessWidening] = []
    // Each registering file's private types, read once however many of its registrations ask.
    var declared: [String: [(name: String, keyword: String, access: SwiftAccess, location: SourceLocation)]] = [:]
    for entry in entries where entry.isImported && !entry.isExternal && !entry.isNil {
      guard let text = texts[entry.file] else { continue }
      var names: [String] = []
      if let factory = entry.factory, let dot = factory.lastIndex(of: ".") { names.append(String(factory[..<dot])) }
      if let function = entry.factoryFunction {
        let code = SwiftSourceFile(path: "", text: function.body)
        names += code.tokens.indices.filter { code.kind($0) == .identifier }.map { code.text($0) }.filter {
          $0.first?.isUppercase == true
        }
      }
      let wanted = Set(names)
      guard !wanted.isEmpty else { continue }
      if declared[entry.file] == nil {
        declared[entry.file] = privateTypes(in: SwiftSourceFile(path: entry.file, text: text))
      }
      for type in declared[entry.file] ?? [] where wanted.contains(type.name) {
        found.append(
          AccessWidening(
            declaration: "\(type.keyword) \(type.name)", service: entry.id, access: type.access,
            location: type.location))
      }
    }
    return found
  }

  /// The types `file` declares `private` or `fileprivate` (`private enum FirebaseEmulation`), each
  /// with its keyword and the place of its modifier, where the patch removes it.
  private static func privateTypes(
    in file: SwiftSourceFile
  ) -> [(name: String, keyword: String, access: SwiftAccess, location: SourceLocation)] {
    file.tokens.indices.compactMap { index in
      guard ["private", "fileprivate"].contains(file.text(index)), file.kind(index) == .identifier else { return nil }
      var keyword = index + 1
      while file.isWord(keyword, "final") || file.isWord(keyword, "indirect") { keyword += 1 }
      guard ["enum", "struct", "class", "actor"].contains(file.text(keyword)), file.kind(keyword + 1) == .identifier
      else { return nil }
      let (line, column) = file.position(index)
      return (
        file.text(keyword + 1), file.text(keyword), file.text(index) == "private" ? .private : .fileprivate,
        SourceLocation(file: file.path, line: line, column: column, offset: 0)
      )
    }
  }
}

extension SwiftDeclarations {
  /// These declarations with what `widenings` name made internal: what the Swift declares once the
  /// port applies the written patch.
  public func widening(_ widenings: [AccessWidening]) -> SwiftDeclarations {
    let locations = Set(widenings.map(\.location))
    guard !locations.isEmpty else { return self }
    func widened(_ access: SwiftAccess, at location: SourceLocation) -> SwiftAccess {
      locations.contains(location) ? .internal : access
    }
    var result = self
    result.types = types.map { type in
      var type = type
      type.access = widened(type.access, at: type.location)
      for index in type.initializers.indices {
        type.initializers[index].access = widened(
          type.initializers[index].access, at: type.initializers[index].location)
      }
      for index in type.functions.indices {
        type.functions[index].access = widened(type.functions[index].access, at: type.functions[index].location)
      }
      for index in type.staticProperties.indices {
        type.staticProperties[index].access = widened(
          type.staticProperties[index].access, at: type.staticProperties[index].location)
      }
      return type
    }
    result.functions = functions.map { function in
      var function = function
      function.access = widened(function.access, at: function.location)
      return function
    }
    return result
  }
}

/// The patch that makes each declaration of a list of ``AccessWidening`` internal: a unified diff
/// `git apply` (or `patch -p1`) applies from the folder the import ran in.
enum AccessPatch {
  /// The patch for `widenings` in `files` (each file's text by the path the declarations name),
  /// with each path spelt by `spelling`; nil where there is nothing to change. A declaration whose
  /// line does not hold the modifier (one a macro wrote) is left out, and returned.
  static func render(
    _ widenings: [AccessWidening], files: [String: String], spelling: (String) -> String
  ) -> (patch: String?, unchanged: [AccessWidening]) {
    var patch = ""
    var unchanged: [AccessWidening] = []
    let byFile = Dictionary(grouping: widenings, by: \.location.file)
    for path in byFile.keys.sorted() {
      guard let text = files[path] else {
        unchanged += byFile[path] ?? []
        continue
      }
      let endsWithNewline = text.hasSuffix("\n")
      var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      if endsWithNewline { lines.removeLast() }
      var changed: [Int: String] = [:]
      for widening in byFile[path] ?? [] {
        if let (index, line) = widened(lines, from: widening.location.line - 1) {
          changed[index] = line
        } else {
          unchanged.append(widening)
        }
      }
      guard !changed.isEmpty else { continue }
      let spelt = spelling(path)
      patch += "--- a/\(spelt)\n+++ b/\(spelt)\n"
      patch += hunks(lines, changed: changed, endsWithNewline: endsWithNewline)
    }
    return (patch.isEmpty ? nil : patch, unchanged)
  }

  /// The first line from `start` (the declaration's, or its attributes' first) to the line of its
  /// keyword that writes `private` or `fileprivate`, without it.
  private static func widened(_ lines: [String], from start: Int) -> (Int, String)? {
    guard start >= 0 else { return nil }
    for index in start..<min(lines.count, start + 4) {
      let words = lines[index].split(separator: " ", omittingEmptySubsequences: false)
      if let position = words.firstIndex(where: { $0 == "private" || $0 == "fileprivate" }),
        position + 1 < words.count
      {
        var kept = words
        kept.remove(at: position)
        return (index, kept.joined(separator: " "))
      }
      // The declaration's keyword: its modifiers are on this line or before it.
      let keywords: Set<Substring> = ["init", "init?", "init!", "func", "let", "var"]
      if words.contains(where: { keywords.contains($0) || $0.hasPrefix("init(") || $0.hasPrefix("init?(") }) {
        return nil
      }
    }
    return nil
  }

  /// The hunks that replace the lines `changed` names (by index) in `lines`, each with up to three
  /// lines of context, those closer than that merged.
  private static func hunks(_ lines: [String], changed: [Int: String], endsWithNewline: Bool) -> String {
    let context = 3
    var groups: [[Int]] = []
    for index in changed.keys.sorted() {
      if let last = groups.last?.last, index - last <= 2 * context {
        groups[groups.count - 1].append(index)
      } else {
        groups.append([index])
      }
    }
    var text = ""
    for group in groups {
      let first = max(0, group[0] - context)
      let last = min(lines.count - 1, group[group.count - 1] + context)
      let count = last - first + 1
      text += "@@ -\(first + 1),\(count) +\(first + 1),\(count) @@\n"
      for index in first...last {
        let ending = index == lines.count - 1 && !endsWithNewline ? "\n\\ No newline at end of file\n" : "\n"
        if let replacement = changed[index] {
          text += "-" + lines[index] + ending + "+" + replacement + ending
        } else {
          text += " " + lines[index] + ending
        }
      }
    }
    return text
  }
}
