public import DICfgCore
public import DICfgSwiftModel
import Foundation

/// Reads what a Swift target declares: its types (nested ones by qualified
/// name), their initializers (labels, parameter types, `throws`, `async`, global actor), their
/// properties and what they inherit from, and the initializers Swift writes for them (a struct's
/// memberwise `init`, `init()`, a raw-value enum's `init?(rawValue:)`, `init(from:)`).
///
/// ```swift
/// let declarations = SwiftDeclarationReader().read(paths: ["Sources/App"])
/// let result = GraphCompiler().compile(CompileRequest(file: "dicfg.yaml", swift: declarations))
/// ```
///
/// It reads declarations, not whole Swift: a tokenizer that knows every literal and comment form,
/// and a scanner of the declarations the checks use, which steps over function bodies and
/// statements bracket by bracket. What it cannot read marks the type incomplete, so the checks
/// leave it to the Swift compiler. A file that is certainly not Swift (an unclosed bracket,
/// literal or comment, a type without a name or body) is named in
/// ``SwiftDeclarations/unreadable``, and the types it declares are read as far as they go but
/// counted incomplete, so no check relies on them.
public struct SwiftDeclarationReader: Sendable {
  public init() {}

  /// Reads the `.swift` files at `paths`, files or folders searched recursively (hidden folders,
  /// `.build` and files `dicfg generate` wrote are skipped), in path order.
  public func read(paths: [String]) -> SwiftDeclarations {
    let (files, unreadable) = Self.texts(at: paths)
    var declarations = read(files: files)
    declarations.unreadable = unreadable + declarations.unreadable
    return declarations
  }

  /// Reads the `.swift` files at `paths` as ``read(paths:)`` does, and, through `toolchain`, the
  /// declarations of the modules they import that they do not declare (Foundation, Dispatch):
  /// a type the files declare hides the toolchain's of that name, and the files' extensions of a
  /// toolchain's type add to it. The modules the toolchain could not load are named with why.
  /// Each file is read and scanned once.
  ///
  /// `sees` tells the target's own files (nil: every file is): the modules they import, those any
  /// file re-exports (`@_exported import`) and those of `seenModules` any file imports (what the
  /// generated file imports itself) are what the target sees; a module only another module's
  /// files import (its dependencies') is not read.
  public func read(
    paths: [String], toolchain: ToolchainInterfaces?, sees: ((String) -> Bool)? = nil,
    seenModules: Set<String> = []
  ) -> (declarations: SwiftDeclarations, unread: [String: String]) {
    let (files, unreadable) = Self.texts(at: paths)
    let scans = files.map { Self.scan(path: $0.path, text: $0.text) }
    var imported: [String] = []
    if toolchain != nil {
      let modules = Set(files.compactMap { SwiftDeclarations.module(ofPath: $0.path) })
      for file in files {
        let own = sees?(file.path) ?? true
        for (module, _, isExported) in SwiftImports.imports(path: file.path, text: file.text)
        where (own || isExported || seenModules.contains(module)) && !modules.contains(module)
          && !imported.contains(module)
        {
          imported.append(module)
        }
      }
    }
    guard let toolchain, !imported.isEmpty else {
      var declarations = Self.collect(scans)
      declarations.unreadable = unreadable + declarations.unreadable
      return (declarations, [:])
    }
    let interfaces = toolchain.interfaces(of: imported)
    let foreign = read(paths: interfaces.files)
    // The files' classes' global actors are inferred from what the toolchain states too.
    var declarations = Self.collect(scans, foreign: foreign)
    declarations.unreadable = unreadable + declarations.unreadable
    return (declarations.adding(foreign: foreign), interfaces.unread)
  }

  /// The texts of the `.swift` files at `paths` that are Swift to read (UTF-8, not written by
  /// `dicfg generate`), and a finding for each path where nothing is and each file not UTF-8.
  private static func texts(at paths: [String]) -> (files: [(path: String, text: String)], unreadable: [Diagnostic]) {
    var files: [(path: String, text: String)] = []
    var unreadable: [Diagnostic] = []
    let (paths, missing) = swiftFiles(at: paths)
    for path in missing {
      unreadable.append(
        .error(
          .ioError, "no Swift file or folder at '\(path)'; check the path given to '--swift'", at: .start(of: path)))
    }
    for path in paths {
      guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
      else {
        unreadable.append(
          .warning(
            .unreadableSwift, "cannot read '\(path)' as UTF-8 text; its declarations are left to the Swift compiler",
            at: .start(of: path)))
        continue
      }
      if text.hasPrefix(generatedMarker) { continue }
      files.append((path, text))
    }
    return (files, unreadable)
  }

  /// Reads Swift source texts, each under the path its locations carry.
  public func read(files: [(path: String, text: String)]) -> SwiftDeclarations {
    Self.collect(files.map { Self.scan(path: $0.path, text: $0.text) })
  }

  /// One file's declarations as written, and where it first stops being Swift.
  @_spi(DeclarationReads) public static func scan(path: String, text: String) -> FileRead {
    let scanner = SwiftDeclarationScanner(path: path, bytes: Array(text.utf8))
    return FileRead(
      types: scanner.types, functions: scanner.functions,
      firstError: scanner.firstError.map { scanner.source.location(ofByteOffset: $0) },
      typeAliases: scanner.typeAliases)
  }

  /// One file's declarations as written: its types, its free functions, and where it first stops
  /// being Swift.
  @_spi(DeclarationReads) public struct FileRead: Sendable {
    public var types: [ReadType]
    public var functions: [SwiftFunction]
    public var firstError: SourceLocation?
    /// Its type aliases, by qualified name, each with the type it names as written.
    public var typeAliases: [String: String]

    public init(
      types: [ReadType], functions: [SwiftFunction], firstError: SourceLocation?, typeAliases: [String: String] = [:]
    ) {
      self.types = types
      self.functions = functions
      self.firstError = firstError
      self.typeAliases = typeAliases
    }
  }

  /// Merges the files' declarations into what the target declares: a file that does not parse is
  /// named, and its types are counted incomplete.
  @_spi(DeclarationReads) public static func collect(_ files: [FileRead]) -> SwiftDeclarations {
    collect(files, foreign: nil)
  }

  /// ``collect(_:)``, with another module's declarations (the toolchain's) for what the files'
  /// classes inherit: a superclass or protocol they declare `@MainActor` makes the class main-actor.
  @_spi(DeclarationReads) public static func collect(
    _ files: [FileRead], foreign: SwiftDeclarations?
  ) -> SwiftDeclarations {
    var collector = Collector()
    for file in files {
      if let error = file.firstError {
        collector.unreadable.append(
          .warning(
            .unreadableSwift,
            "'\(error.file)' does not parse as Swift; the types it declares are left to the Swift compiler",
            at: error))
      }
      for var type in file.types {
        if file.firstError != nil { type.complete = false }
        collector.add(type)
      }
      collector.functions += file.functions
      collector.typeAliases.merge(file.typeAliases) { first, _ in first }
    }
    return collector.declarations(foreign: foreign)
  }

  /// Attributes that neither add initializers nor change what a type declares.
  @_spi(DeclarationReads) public static let knownAttributes: Set<String> = [
    "MainActor", "objc", "objcMembers", "available", "frozen", "usableFromInline", "preconcurrency", "Observable",
    "dynamicMemberLookup", "propertyWrapper", "resultBuilder", "globalActor", "unchecked", "Sendable", "nonobjc",
    "main", "inlinable", "discardableResult", "dynamicCallable", "IBDesignable", "NSApplicationMain",
    "UIApplicationMain", "testable", "retroactive", "ObservationIgnored", "ObservationTracked", "Model",
  ]

  /// The first line of a file `dicfg generate` writes.
  static let generatedMarker = "// Generated by `dicfg generate`"

  /// The Swift files at `paths` (hidden folders and `Package.swift` skipped), sorted, and the paths
  /// where nothing is: what `--swift` reads, and what `dicfg import` reads.
  package static func swiftFiles(at paths: [String]) -> (found: [String], missing: [String]) {
    var found: [String] = []
    var missing: [String] = []
    let manager = FileManager.default
    for path in paths {
      var isFolder: ObjCBool = false
      guard manager.fileExists(atPath: path, isDirectory: &isFolder) else {
        missing.append(path)
        continue
      }
      guard isFolder.boolValue else {
        found.append(path)
        continue
      }
      guard let walker = manager.enumerator(atPath: path) else { continue }
      while let relative = walker.nextObject() as? String {
        let name = (relative as NSString).lastPathComponent
        if name.hasPrefix(".") || name == "Package.swift" {
          if name.hasPrefix(".") { walker.skipDescendants() }
          continue
        }
        // A folder named like a Swift file (`Service.swift/`) is walked into, not read.
        guard relative.hasSuffix(".swift"), walker.fileAttributes?[.type] as? FileAttributeType != .typeDirectory
        else { continue }
        found.append((path as NSString).appendingPathComponent(relative))
      }
    }
    return (found.sorted(), missing)
  }
}

/// Merges each type's declaration and extensions, and adds what Swift writes for it.
private struct Collector {
  var reads: [ReadType] = []
  var unreadable: [Diagnostic] = []
  var functions: [SwiftFunction] = []
  var typeAliases: [String: String] = [:]

  mutating func add(_ type: ReadType) { reads.append(type) }

  func declarations(foreign: SwiftDeclarations?) -> SwiftDeclarations {
    var order: [String] = []
    var declared: [String: ReadType] = [:]
    var extensions: [String: [ReadType]] = [:]
    // The conditions of each type's declarations: nil in the list for one outside any `#if`.
    var conditions: [String: [String?]] = [:]
    for read in reads {
      if !read.isExtension { conditions[read.name, default: []].append(read.condition) }
      if read.isExtension {
        if declared[read.name] == nil && extensions[read.name] == nil { order.append(read.name) }
        extensions[read.name, default: []].append(read)
      } else if declared[read.name] == nil {
        if extensions[read.name] == nil { order.append(read.name) }
        declared[read.name] = read
      }
    }
    // The property wrappers built by `init()`: a property they wrap has a value without one written.
    let defaultWrappers = Self.builtByInit(declared, extensions: extensions)
    let builtByInit = { (wrapper: String) in
      defaultWrappers.contains(wrapper)
        || (foreign?.type(named: wrapper).map { type in
          type.kind != .actor && type.kind != .protocol
            && type.initializers.contains { $0.parameters.allSatisfy(\.hasDefault) && !$0.isPrivate }
        } ?? false)
    }
    var types: [String: SwiftType] = [:]
    for name in order {
      let added = extensions[name] ?? []
      if var main = declared[name] {
        for index in main.stored.indices where !main.stored[index].hasDefault {
          if let wrapper = main.stored[index].wrapper, builtByInit(wrapper) { main.stored[index].hasDefault = true }
        }
        var type = SwiftType(
          name: name, kind: main.kind, location: main.location,
          inherited: main.inherited + added.flatMap(\.inherited), globalActor: main.globalActor,
          initializers: main.initializers + Self.synthesized(main) + added.flatMap(\.initializers),
          initializersComplete: main.complete && added.allSatisfy(\.complete),
          properties: main.properties + added.flatMap(\.properties),
          propertiesComplete: main.complete && added.allSatisfy(\.complete))
        type.functions = main.functions + added.flatMap(\.functions)
        type.methods = main.methods + added.flatMap(\.methods)
        type.staticProperties = main.staticProperties + added.flatMap(\.staticProperties)
        type.cases = main.cases
        type.access = main.access
        type.genericParameters = main.genericParameters
        type.condition = CompilationCondition.any(conditions[name] ?? [])
        if main.stored.contains(where: \.isLazy) && main.kind == .struct && main.initializers.isEmpty {
          type.initializersComplete = false
        }
        types[name] = type
      } else if !added.isEmpty {
        types[name] = Self.extended(name, by: added)
      }
    }
    // A class that declares no designated initializer inherits its superclass's; one whose
    // superclass is declared elsewhere may inherit what the reader cannot see.
    // Superclasses first, so a subclass inherits what its superclass inherits.
    var done: Set<String> = []
    func inherit(_ name: String, seen: Set<String>) {
      guard !done.contains(name), !seen.contains(name), let type = types[name], type.kind == .class,
        let main = declared[name]
      else { return }
      if let parent = type.inherited.first { inherit(parent, seen: seen.union([name])) }
      guard let type = types[name] else { return }
      let own = main.initializers + (extensions[name] ?? []).flatMap(\.initializers)
      let overrides = main.overridesInitializer || (extensions[name] ?? []).contains(where: \.overridesInitializer)
      types[name] = Self.inheriting(
        type, own: own, designated: !main.initializers.isEmpty, overrides: overrides, in: types)
      done.insert(name)
    }
    for name in order { inherit(name, seen: []) }
    Self.inferGlobalActors(&types, order: order, declared: declared, foreign: foreign)
    var declarations = SwiftDeclarations(
      types: order.compactMap { types[$0] }, unreadable: unreadable, functions: functions)
    declarations.typeAliases = typeAliases
    return declarations
  }

  /// The types of `declared` (with their `extensions`) that `init()` builds: a struct, class or enum
  /// with an initializer every parameter of which has a default, or a struct whose memberwise one has.
  static func builtByInit(_ declared: [String: ReadType], extensions: [String: [ReadType]]) -> Set<String> {
    var built: Set<String> = []
    for (name, main) in declared where main.kind == .struct || main.kind == .class || main.kind == .enum {
      let initializers = main.initializers + (extensions[name] ?? []).flatMap(\.initializers)
      if initializers.contains(where: { $0.parameters.allSatisfy(\.hasDefault) && !$0.isPrivate })
        || (main.kind == .struct && main.initializers.isEmpty && main.stored.allSatisfy(\.hasDefault))
      {
        built.insert(name)
      }
    }
    return built
  }

  /// A type of another module the files read only extend: what the extensions add to it, of the
  /// kind `.extension`, its initializers and properties never known complete.
  static func extended(_ name: String, by added: [ReadType]) -> SwiftType {
    var type = SwiftType(
      name: name, kind: .extension, location: added[0].location, inherited: added.flatMap(\.inherited),
      globalActor: nil, initializers: added.flatMap(\.initializers), initializersComplete: false,
      properties: added.flatMap(\.properties), propertiesComplete: false)
    type.functions = added.flatMap(\.functions)
    type.methods = added.flatMap(\.methods)
    type.staticProperties = added.flatMap(\.staticProperties)
    // What another module declares is reached at its own access; an extension says nothing of it.
    type.access = .open
    return type
  }

  /// The classes of Apple's frameworks that are `@MainActor`: UIKit's and AppKit's responders, views,
  /// view controllers, windows and applications, and SwiftUI's hosting types. A class that inherits
  /// from one is main-actor, as Swift infers.
  static let mainActorFrameworkClasses: Set<String> = [
    "UIResponder", "UIView", "UIViewController", "UIApplication", "UIWindow", "UIControl", "UIButton", "UILabel",
    "UIImageView", "UIScrollView", "UIStackView", "UITextField", "UITextView", "UITableView", "UITableViewCell",
    "UITableViewController", "UICollectionView", "UICollectionViewCell", "UICollectionReusableView",
    "UICollectionViewController", "UINavigationController", "UITabBarController", "UIPageViewController",
    "UISplitViewController", "UIAlertController", "UISearchController", "UIHostingController", "NSResponder",
    "NSView", "NSViewController", "NSWindow", "NSWindowController", "NSApplication", "NSControl", "NSButton",
    "NSTextField", "NSTextView", "NSTableView", "NSTableCellView", "NSCollectionView", "NSCollectionViewItem",
    "NSSplitViewController", "NSTabViewController", "NSPageController", "NSHostingController", "NSHostingView",
  ]

  /// The protocols of Apple's frameworks that are `@MainActor`: a type that conforms to one in its
  /// declaration is main-actor (SwiftUI's `View`, `App` and `Scene`, UIKit's delegates of views).
  static let mainActorFrameworkProtocols: Set<String> = [
    "SwiftUI.View", "SwiftUI.App", "SwiftUI.Scene", "View", "App", "Scene", "UIApplicationDelegate",
    "UIWindowSceneDelegate", "UISceneDelegate", "NSApplicationDelegate", "UIViewRepresentable",
    "UIViewControllerRepresentable", "NSViewRepresentable", "NSViewControllerRepresentable",
  ]

  /// Gives a type the global actor Swift infers for it where its declaration does not write one: a
  /// class inherits its superclass's (one read here, or a main-actor class of Apple's frameworks), and
  /// a type takes that of a protocol its declaration conforms to (one read here, or one of Apple's).
  /// Its initializers, methods and static functions that write no actor of their own take it too.
  private static func inferGlobalActors(
    _ types: inout [String: SwiftType], order: [String], declared: [String: ReadType], foreign: SwiftDeclarations?
  ) {
    func inferred(_ name: String, seen: Set<String>) -> String? {
      guard let main = declared[name], main.globalActor == nil, let type = types[name], type.kind != .protocol else {
        return types[name]?.globalActor
      }
      for (position, inherited) in main.inherited.enumerated() {
        let base = inherited.split(separator: ".").last.map(String.init) ?? inherited
        if let parent = types[inherited], declared[inherited] != nil {
          // The superclass comes first; any protocol may be read here too.
          guard parent.kind == .protocol || (parent.kind == .class && position == 0) else { continue }
          if !seen.contains(inherited), let actor = inferred(inherited, seen: seen.union([name])) { return actor }
        } else if let other = foreign?.type(named: inherited), other.kind != .extension {
          // What the toolchain states of another module's type: its global actor, or none.
          guard other.kind == .protocol || (other.kind == .class && position == 0) else { continue }
          if let actor = other.globalActor { return actor }
        } else if type.kind == .class && position == 0 && mainActorFrameworkClasses.contains(base) {
          return "MainActor"
        } else if mainActorFrameworkProtocols.contains(inherited) {
          return "MainActor"
        }
      }
      return nil
    }
    for name in order {
      guard var type = types[name], type.globalActor == nil, type.kind != .protocol,
        let actor = inferred(name, seen: [])
      else { continue }
      type.globalActor = actor
      for index in type.initializers.indices where type.initializers[index].globalActor == nil {
        type.initializers[index].globalActor = actor
      }
      for index in type.methods.indices where type.methods[index].globalActor == nil {
        type.methods[index].globalActor = actor
      }
      for index in type.functions.indices where type.functions[index].globalActor == nil {
        type.functions[index].globalActor = actor
      }
      types[name] = type
    }
  }

  private static let markers: Set<String> = [
    "Sendable", "Equatable", "Hashable", "Codable", "Encodable", "Decodable", "Identifiable", "AnyObject",
    "CustomStringConvertible", "CustomDebugStringConvertible", "Error", "Comparable", "CaseIterable",
  ]

  private static func inheriting(
    _ type: SwiftType, own: [SwiftInitializer], designated: Bool, overrides: Bool, in types: [String: SwiftType]
  ) -> SwiftType {
    guard let first = type.inherited.first, !markers.contains(first) else { return type }
    var result = type
    // Only extended here (`extension UIViewController { … }`), it is still another module's.
    guard let parent = types[first], parent.kind != .extension else {
      // A protocol or a class from another module: which one is not known. A class that overrides its
      // initializers (`override init(frame:)`) may override them all, and then inherits the others'
      // convenience initializers (`UIView()`), which the reader does not see.
      result.initializersComplete = result.initializersComplete && designated && !overrides
      result.propertiesComplete = false
      return result
    }
    guard parent.kind == .class else { return type }
    if !designated {
      var chain = parent
      var seen: Set<String> = [type.name]
      while chain.initializers.isEmpty, let next = chain.inherited.first, let grand = types[next], grand.kind == .class,
        seen.insert(chain.name).inserted
      {
        chain = grand
      }
      let added = own.filter { initializer in !chain.initializers.contains { $0.labels == initializer.labels } }
      result.initializers = chain.initializers + added
      result.initializersComplete = result.initializersComplete && chain.initializersComplete
    }
    return result
  }

  /// The initializers Swift writes for a type: a struct's memberwise one (and `init()` when every
  /// stored property has a value), a class's or actor's `init()` when it declares none, a raw-value
  /// enum's `init?(rawValue:)`, and `init(from:)` for a `Decodable` type that does not write it.
  private static func synthesized(_ type: ReadType) -> [SwiftInitializer] {
    var result: [SwiftInitializer] = []
    let declared = type.initializers
    // A memberwise or default initializer is never more than internal; those a protocol requires
    // (`init?(rawValue:)`, `init(from:)`) are as visible as the type.
    let written = min(type.access, .internal)
    switch type.kind {
    case .struct where declared.isEmpty:
      let members = type.stored.filter { !($0.isLet && $0.hasDefault) }
      let isPrivate = type.stored.contains(where: \.isPrivate)
      // With no parameter, the memberwise initializer is the default one, which a private stored
      // property does not hide (`struct Loader { private let cache = Cache() }` is built by `Loader()`).
      result.append(
        SwiftInitializer(
          parameters: members.map { SwiftParameter(label: $0.name, type: $0.type, hasDefault: $0.hasDefault) },
          globalActor: type.globalActor, access: isPrivate && !members.isEmpty ? .private : written,
          location: type.location))
      if !members.isEmpty && members.allSatisfy(\.hasDefault) {
        result.append(
          SwiftInitializer(parameters: [], globalActor: type.globalActor, access: written, location: type.location))
      }
    case .class, .actor:
      if declared.isEmpty && type.stored.allSatisfy({ $0.hasDefault }) {
        result.append(
          SwiftInitializer(parameters: [], globalActor: type.globalActor, access: written, location: type.location))
      }
    case .enum:
      let raw = ["String", "Int", "Double", "Float", "Character", "UInt", "Int8", "Int16", "Int32", "Int64"]
      if let first = type.inherited.first, raw.contains(first),
        !declared.contains(where: { $0.labels == ["rawValue"] })
      {
        result.append(
          SwiftInitializer(
            parameters: [SwiftParameter(label: "rawValue", type: first)], isFailable: true, access: type.access,
            location: type.location))
      }
    default: break
    }
    if type.inherited.contains(where: { $0 == "Codable" || $0 == "Decodable" }),
      !declared.contains(where: { $0.labels == ["from"] }), type.kind != .protocol
    {
      result.append(
        SwiftInitializer(
          parameters: [SwiftParameter(label: "from", type: "any Decoder")], isThrowing: true, access: type.access,
          location: type.location))
    }
    return result
  }
}
