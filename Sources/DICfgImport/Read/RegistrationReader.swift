import DICfgCompiler
import DICfgCore
import Foundation

/// A registration as found in the code, before it is translated: where it is, its key and name,
/// its scope as written, and the closure that builds it.
struct FoundRegistration {
  var library: ImportedLibrary
  var file: SwiftSourceFile
  /// The token the registration starts at (`register`, or the Factory property's name).
  var start: Int
  var key: String?
  var name: String?
  /// The id the code gives it (a Factory property's name); nil where the import names it.
  var givenID: String?
  var scope: String?
  var closure: Closure?
  /// Types the registration also answers for (Resolver's `.implements(P.self)`).
  var implements: [String] = []
  /// Closures that set properties once it is built (`initCompleted`, `resolveProperties`).
  var propertyClosures: [Closure] = []
  /// The environment whose layer holds it, and the build condition it holds under.
  var environment: String?
  var condition: String?
  /// Why it cannot be imported, where that is known before its closure is read.
  var unsupported: String?
  /// A Factory parameter's type (`ParameterFactory<String, …>`).
  var parameterType: String?
  /// Factory's contexts: the environment and the closure that builds the registration there.
  var contexts: [(environment: String, closure: Closure)] = []
  /// SwinjectAutoregistration's initializer: the type and, where written (`init(a:b:)`), its labels.
  var autoregistered: (type: String, labels: [String]?)?
  /// The container type a Factory registration is declared in (`Container`, a `SharedContainer`).
  var container: String?
  /// A platform condition it is compiled under (`os(iOS)`): the app's build on that platform has it.
  var platformCondition: String?
  /// The availability its declaration is limited to (`iOS 17, *` of `@available(iOS 17, *) var x:
  /// Factory<T>`), which a graph file's service does not have.
  var availability: String?
  /// The factory a Factory alias returns (`var networking: Factory<APIClient> { apiClient }`).
  var aliasOf: String?
  /// The factory whose context this sets apart from its definition (`appDB.context(.preview) { … }`
  /// in an app's `autoRegister()`): its key and name are the definition's.
  var contextOf: String?
  /// What the report says of it beside how it was imported.
  var note: String?
  /// The Swinject assembly whose body registers it (`StorageAssembly`), which an `Assembler` applies
  /// in its order.
  var assembly: String?
  /// The function of `extension Resolver` whose body registers a Resolver registration
  /// (`registerNetworking`), which `registerAllServices()` calls for it to be registered.
  var registeringFunction: String?
}

/// A closure as written: its parameters, its return type if written, and its body.
struct Closure {
  var open: Int
  var parameters: [(name: String, type: String?)]
  var returnType: String?
  var body: Range<Int>
  /// Whether it is written `{ @MainActor … in }`.
  var isMainActor = false
  /// A global actor other than the main actor it is written on (`{ @PlayActor in … }`).
  var globalActor: String?
}

/// Finds the registrations of the three libraries in a file, by the library it imports.
struct RegistrationReader {
  let file: SwiftSourceFile
  /// The modules another file of its module imports with `@_exported`, which this file sees too.
  var moduleImports: [String] = []

  /// The library the file registers with: the one it imports, or its module's `@_exported` one.
  var library: ImportedLibrary? {
    Self.library(importedBy: file.imports) ?? Self.library(importedBy: moduleImports)
  }

  /// Whether the file calls a library's registration API: what a file the import reads no
  /// registration of must say why. Factory's overrides at run time are reported apart.
  var callsRegistrationAPI: Bool {
    file.tokens.indices.contains { index in
      guard file.kind(index) == .identifier else { return false }
      switch file.text(index) {
      case "register", "autoregister":
        return (file.kind(index + 1) == .leftParen || file.kind(index + 1) == .leftBrace)
          && !file.isWord(index - 1, "func") && !isOtherRegister(at: index) && !isOverride(at: index)
          // `font.register()`: no library registers with nothing.
          && !(file.kind(index + 1) == .leftParen && file.kind(index + 2) == .rightParen)
      case "Factory", "ParameterFactory":
        return file.isOperator(index + 1, "<") || file.kind(index + 1) == .leftParen
          || file.kind(index + 1) == .leftBrace
      case "Assembly", "ResolverRegistering", "SharedContainer", "registerAllServices": return true
      default: return false
      }
    }
  }

  /// The library a file's imports name, if any: `Swinject`, `Resolver`, `Factory` or Factory 2's
  /// `FactoryKit`.
  static func library(importedBy imports: [String]) -> ImportedLibrary? {
    if imports.contains("Swinject") || imports.contains("SwinjectAutoregistration") { return .swinject }
    if imports.contains("Resolver") { return .resolver }
    if imports.contains("Factory") || imports.contains("FactoryKit") { return .factory }
    return nil
  }

  func registrations() -> [FoundRegistration] {
    var found: [FoundRegistration] = []
    if library == .swinject || library == .resolver, let library {
      var index = 0
      var conditions: [String] = []
      while index < file.tokens.count {
        track(&conditions, at: index)
        if file.isWord(index, "register") || (library == .swinject && file.isWord(index, "autoregister")),
          !file.isWord(index - 1, "func"), !isOtherRegister(at: index),
          let registration = register(at: index, library: library, conditions: conditions)
        {
          found.append(registration)
        }
        index += 1
      }
    }
    if library == .swinject {
      for index in found.indices { found[index].assembly = enclosingType(of: found[index].start) }
      // `extension Container { convenience init(isExt: Bool) { …; register(…) } }` (Windscribe's
      // network extension): a container of its own, which the target that creates it uses.
      for index in found.indices where found[index].unsupported == nil && found[index].assembly == "Container" {
        guard let initializer = enclosingInitializer(of: found[index].start) else { continue }
        found[index].unsupported =
          "it is registered in '\(initializer)', which builds a container of its own, not the one the app's "
          + "assemblies register into: import the target that creates it apart"
      }
    }
    if library == .resolver {
      for index in found.indices where enclosingType(of: found[index].start) == "Resolver" {
        found[index].registeringFunction = enclosingFunction(of: found[index].start)
      }
    }
    if library == .factory {
      found += factories()
      found += detachedContexts()
    }
    // What only previews register replaces the app's services in an environment of previews, not
    // in the base or in every debug build.
    for index in found.indices where found[index].environment == nil || found[index].environment == "debug" {
      if let environment = previewEnvironment(of: found[index].start) { found[index].environment = environment }
    }
    return found
  }

  /// The environment of code at `index` that runs only for SwiftUI previews: in Xcode's development
  /// assets folder (`Preview Content`), or inside a declaration or block whose head names a preview
  /// (`extension PreviewProvider`, `#Preview { … }`, `func registerPreviewServices()`,
  /// `if ProcessInfo.isPreview { … }`). A preview provider's own (in `struct Home_Previews:
  /// PreviewProvider`) is named for it (`homePreviews`), as each preview registers its own stand-ins;
  /// the rest is `preview`. Nil for code the app runs.
  func previewEnvironment(of index: Int) -> String? {
    let folders = file.path.split(separator: "/").dropLast()
    var isPreview = folders.contains { $0 == "Preview Content" || $0 == "PreviewContent" }
    var provider: String?
    let keywords: Set<String> = [
      "func", "init", "struct", "class", "enum", "extension", "actor", "var", "let", "if", "guard", "while",
    ]
    for open in stride(from: index - 1, through: 0, by: -1) {
      guard file.kind(open) == .leftBrace, file.closing(open) > index else { continue }
      // The head of the block: from its declaration's or statement's keyword (a stored property
      // before a function is not its head), else from its line's start.
      var head = open - 1
      while head >= 0, ![.leftBrace, .rightBrace, .semicolon].contains(file.kind(head)) { head -= 1 }
      let range = head + 1..<open
      let start =
        range.last(where: {
          file.kind($0) == .pound || (file.kind($0) == .identifier && keywords.contains(file.text($0)))
        })
        ?? range.last(where: { file.tokens[$0].newlineBefore }) ?? range.lowerBound
      guard
        (start..<open).contains(where: {
          (file.kind($0) == .identifier || file.kind($0) == .pound) && file.text($0).lowercased().contains("preview")
        })
      else { continue }
      isPreview = true
      if provider == nil, file.isWord(start, "struct") || file.isWord(start, "class") || file.isWord(start, "enum"),
        file.kind(start + 1) == .identifier, (start..<open).contains(where: { file.isWord($0, "PreviewProvider") })
      {
        provider = file.text(start + 1)
      }
    }
    guard isPreview else { return nil }
    guard let provider else { return "preview" }
    let words = provider.split(whereSeparator: { !($0.isLetter || $0.isNumber) })
    guard let first = words.first else { return "preview" }
    return first.prefix(1).lowercased() + first.dropFirst()
      + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }

  /// Whether the `register` at `index` is not a container's, by what it is called with: Swinject's
  /// and Resolver's take a type (`P.self`) first if anything unlabelled, and no labels but `name:`,
  /// `factory:`, `mainActorFactory:` (and SwinjectAutoregistration's `initializer:` and
  /// `argument:`); a table view's cell, user defaults, a background task or another library's
  /// handler (`register(handler)`) take something else.
  func isOtherRegister(at index: Int) -> Bool {
    guard file.kind(index + 1) == .leftParen else { return false }
    let items = file.items(in: index + 1)
    let labels: Set<String> = ["name", "factory", "mainActorFactory", "initializer", "argument", "arguments"]
    if items.contains(where: { $0.label.map { !labels.contains($0) } ?? false }) { return true }
    guard let first = items.first, first.label == nil, !first.value.isEmpty else { return false }
    let last = first.value.upperBound - 1
    return !(file.isWord(last, "self") && file.isOperator(last - 1, "."))
  }

  /// Follows `#if`, `#elseif`, `#else` and `#endif`: the conditions the code at `index` is compiled
  /// under, each as Swift writes it (`DEBUG`, `!DEBUG`, `!(A || B)`).
  func track(_ conditions: inout [String], at index: Int) {
    guard file.kind(index) == .pound else { return }
    func line() -> String {
      var end = index + 1
      while end < file.tokens.count, !file.tokens[end].newlineBefore { end += 1 }
      return file.text(index + 1..<end)
    }
    switch file.text(index) {
    case "#if":
      conditions.append(line())
    case "#elseif":
      if let last = conditions.popLast() { conditions.append(Self.negated(last) + " && " + Self.grouped(line())) }
    case "#else":
      if let last = conditions.popLast() { conditions.append(Self.negated(last)) }
    case "#endif":
      _ = conditions.popLast()
    default: break
    }
  }

  /// `condition` negated as a person writes it: `DEBUG` → `!DEBUG`, `!DEBUG` → `DEBUG`,
  /// `A || B` → `!(A || B)`.
  static func negated(_ condition: String) -> String {
    let trimmed = condition.trimmingCharacters(in: .whitespaces)
    if trimmed.hasPrefix("!") {
      let rest = String(trimmed.dropFirst())
      if isName(rest) || isCall(rest) { return rest }
      if rest.hasPrefix("("), rest.hasSuffix(")"), isOneGroup(rest) { return String(rest.dropFirst().dropLast()) }
    }
    return isName(trimmed) || isCall(trimmed) ? "!" + trimmed : "!(" + trimmed + ")"
  }

  /// `condition` in parentheses where it has an operator at its top level.
  static func grouped(_ condition: String) -> String {
    let trimmed = condition.trimmingCharacters(in: .whitespaces)
    return isName(trimmed) || isCall(trimmed) || (trimmed.hasPrefix("!") && isName(String(trimmed.dropFirst())))
      ? trimmed : "(" + trimmed + ")"
  }

  static func isName(_ text: String) -> Bool {
    !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
  }

  /// `os(iOS)`, `canImport(UIKit)`: a name and one group of parentheses.
  static func isCall(_ text: String) -> Bool {
    guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else { return false }
    return isName(String(text[..<open])) && isOneGroup(String(text[open...]))
  }

  /// Whether `text` is one group of parentheses, its first `(` closed by its last `)`.
  static func isOneGroup(_ text: String) -> Bool {
    var depth = 0
    for (offset, character) in text.enumerated() {
      if character == "(" { depth += 1 }
      if character == ")" {
        depth -= 1
        if depth == 0, offset != text.count - 1 { return false }
      }
    }
    return depth == 0
  }

  /// Whether `condition` names only the platform the app is built for (`os(iOS)`, `canImport(UIKit)`,
  /// `targetEnvironment(simulator)`, `swift(>=5.9)`): the same app on another platform, not an
  /// environment of it.
  static func isPlatformCondition(_ condition: String) -> Bool {
    let platform = #"(os|canImport|targetEnvironment|arch|swift|compiler|hasFeature)\([^()]*\)"#
    let marked = condition.replacingOccurrences(of: platform, with: "P", options: .regularExpression)
    let rest = marked.filter { !"!()&| \t".contains($0) }
    return !rest.isEmpty && rest.allSatisfy { $0 == "P" }
  }

  // MARK: Swinject and Resolver

  /// The modifiers chained on a Swinject or Resolver registration from `start`: its scope, the types
  /// it implements, its property closures; one the import does not read makes it unsupported. False
  /// where a modifier is cut short (a scope without its parentheses): the rest is not read.
  func readModifiers(after start: Int, into registration: inout FoundRegistration) -> Bool {
    var next = start
    while file.isOperator(next, "."), file.kind(next + 1) == .identifier {
      let modifier = file.text(next + 1)
      let open = next + 2
      switch modifier {
      case "inObjectScope", "scope":
        guard file.kind(open) == .leftParen else { return false }
        registration.scope = file.text(open + 1..<file.closing(open))
        next = file.after(open)
      case "implements":
        guard file.kind(open) == .leftParen else { return false }
        let items = file.items(in: open)
        if let first = items.first, first.label == nil {
          let text = file.text(first.value)
          // `(any ClipboardViewModel).self`: the protocol, as the library keys it.
          if text.hasSuffix(".self") { registration.implements.append(Identifiers.key(of: String(text.dropLast(5)))) }
        }
        next = file.after(open)
      case "initCompleted", "resolveProperties":
        guard file.kind(open) == .leftBrace else { return false }
        registration.propertyClosures.append(closure(at: open))
        next = file.after(open)
      default:
        registration.unsupported = "'.\(modifier)' is not one the import reads"
        next = file.kind(open) == .leftParen || file.kind(open) == .leftBrace ? file.after(open) : open
      }
    }
    return true
  }

  /// `container.register(P.self, name: "n") { r in … }.inObjectScope(.container)` (Swinject) or
  /// `register(name: .n) { … }.scope(.application).implements(P.self)` (Resolver).
  func register(at index: Int, library: ImportedLibrary, conditions: [String]) -> FoundRegistration? {
    var registration = FoundRegistration(library: library, file: file, start: index)
    var next = index + 1
    // The receiver: `container.register`, `mock.register`, or Resolver's static `register`.
    if file.isOperator(index - 1, ".") {
      let receiver = file.text(index - 2)
      if library == .resolver, !["Resolver", "main", "root", "self"].contains(receiver) {
        registration.environment = receiver
      }
    }
    if file.kind(next) == .leftParen {
      // `register(P.self, name: "n", factory: { … })`: the closure may be an argument.
      var items = file.items(in: next)
      // `factory:`, or an app's own overload's (`register(_:mainActorFactory:)`).
      if let last = items.last, let label = last.label, label == "factory" || label.hasSuffix("Factory"),
        file.kind(last.value.lowerBound) == .leftBrace
      {
        registration.closure = closure(at: last.value.lowerBound)
        items.removeLast()
      }
      if file.isWord(index, "autoregister") {
        guard readAutoregistration(items, into: &registration) else { return registration }
        items.removeLast()
      }
      guard let (key, name) = file.keyAndName(of: items) else {
        registration.key = items.first.map { file.text($0.value) }.flatMap {
          $0.hasSuffix(".self") ? String($0.dropLast(5)) : nil
        }
        registration.unsupported =
          "its arguments '\(file.text(next + 1..<file.closing(next)))' are more than a key and a name, "
          + "and the import reads no other"
        return registration
      }
      registration.key = key
      registration.name = name
      next = file.after(next)
    }
    if registration.closure == nil, registration.autoregistered == nil {
      guard file.kind(next) == .leftBrace else {
        // `register` not called (a name of the app's), or called with no closure the import can read.
        guard file.kind(index + 1) == .leftParen else { return nil }
        registration.unsupported = "its factory is not a closure written at the call ('{ r in … }')"
        return registration
      }
      registration.closure = closure(at: next)
      next = file.after(next)
    }
    guard readModifiers(after: next, into: &registration) else { return registration }
    apply(conditions, to: &registration)
    if library == .resolver { readLocalInstance(into: &registration, before: index) }
    return registration
  }

  /// SwinjectAutoregistration's `autoregister(P.self, initializer: Impl.init)`: the type and the labels its
  /// last argument names; false, with why, where it names no type's `init`.
  func readAutoregistration(
    _ items: [(label: String?, value: Range<Int>)], into registration: inout FoundRegistration
  ) -> Bool {
    guard let last = items.last, last.label == "initializer" else {
      registration.unsupported = "it names no 'initializer:', which the import reads"
      return false
    }
    let initializer = file.text(last.value).filter { !$0.isWhitespace }
    guard let dot = initializer.range(of: ".init") else {
      registration.unsupported = "its initializer '\(initializer)' is not a type's 'init'"
      return false
    }
    let labels =
      initializer[dot.upperBound...].hasPrefix("(")
      ? initializer[dot.upperBound...].dropFirst().dropLast().split(separator: ":").map(String.init) : nil
    registration.autoregistered = (String(initializer[..<dot.lowerBound]), labels)
    return true
  }

  /// Resolver's `lazy var store: Store = { DiskStore() }()` (or `let store: Store = DiskStore()`) then
  /// `register { store }`: the closure returns the one instance the local holds, so the registration
  /// is the local's initializer, of its declared type, and one instance for the app (a singleton).
  func readLocalInstance(into registration: inout FoundRegistration, before index: Int) {
    guard let closure = registration.closure, closure.body.count == 1, file.kind(closure.body.lowerBound) == .identifier
    else { return }
    let name = file.text(closure.body.lowerBound)
    // The nearest declaration of the local before the registration: `lazy var name: T =` or `let name: T =`.
    guard
      let declared = (0..<index).reversed().first(where: { at in
        file.isWord(at, name) && file.kind(at + 1) == .colon
          && (file.isWord(at - 1, "let") || (file.isWord(at - 1, "var") && file.isWord(at - 2, "lazy")))
      })
    else { return }
    // One of the same type's body (the registering function's local, or the type's own property).
    guard enclosingType(of: declared) == enclosingType(of: index) else { return }
    var equals = declared + 2
    while equals < index, !file.isOperator(equals, "=") { equals = file.after(equals) }
    guard equals < index, equals > declared + 2 else { return }
    registration.key = file.text(declared + 2..<equals)
    registration.scope = "application"
    let value = equals + 1
    // `{ DiskStore() }()`: the closure, called at once.
    if file.kind(value) == .leftBrace, file.kind(file.after(value)) == .leftParen,
      file.closing(file.after(value)) == file.after(value) + 1
    {
      registration.closure = self.closure(at: value)
      return
    }
    // `DiskStore()`: the expression, to the end of its line.
    var end = value
    while end < file.tokens.count, end == value || !file.tokens[end].newlineBefore { end = file.after(end) }
    registration.closure = Closure(open: equals, parameters: [], returnType: nil, body: value..<end)
  }

  /// The arguments of the `@available(…)` attribute among the attributes and modifiers before the
  /// declaration keyword at `index` (`@available(iOS 17, *) public var`), nil where it has none.
  func availability(before index: Int) -> String? {
    var position = index - 1
    while position > 0 {
      if file.kind(position) == .identifier, file.kind(position - 1) != .at,
        ["public", "private", "fileprivate", "internal", "package", "open", "static", "final", "nonisolated", "lazy"]
          .contains(file.text(position))
      {
        position -= 1
        continue
      }
      guard file.kind(position) == .rightParen else { return nil }
      // The attribute's parentheses, back to `@name(`.
      var open = position
      while open > 0, file.kind(open) != .leftParen || file.closing(open) != position { open -= 1 }
      guard open >= 2, file.kind(open - 2) == .at, file.kind(open - 1) == .identifier else { return nil }
      if file.isWord(open - 1, "available") { return file.text(open + 1..<position) }
      position = open - 3
    }
    return nil
  }

  /// Places a registration compiled under `conditions`: a platform's (`os(iOS)`) stays in the base, as
  /// the app's build for that platform has it; any other makes an environment (`DEBUG` → `debug`,
  /// `!DEBUG` → `notDebug`), whose layer holds under it.
  func apply(_ conditions: [String], to registration: inout FoundRegistration) {
    let platform = conditions.filter(Self.isPlatformCondition)
    let others = conditions.filter { !Self.isPlatformCondition($0) }
    if !platform.isEmpty { registration.platformCondition = platform.joined(separator: " && ") }
    guard let last = others.last else { return }
    registration.condition = others.joined(separator: " && ")
    if registration.environment == nil || last == "DEBUG" {
      if registration.environment == nil { registration.environment = Self.environmentName(others) }
    }
  }

  /// A registration's name as written: a string literal's text, or the member `.production` names
  /// (`.init("mock")`, `Resolver.Name("mock")` give their literal).
  static func name(_ text: String) -> String {
    if let open = text.firstIndex(of: "\""), let close = text[text.index(after: open)...].firstIndex(of: "\"") {
      return String(text[text.index(after: open)..<close])
    }
    // `.production`, `Resolver.Name.production`: a static member, named by its own name; an
    // expression (`Option.favorites.title`) is named by all of it, so two such names stay two.
    let compact = text.filter { !$0.isWhitespace }
    let parts = (compact.hasPrefix(".") ? String(compact.dropFirst()) : compact).split(separator: ".")
    guard let last = parts.last else { return compact }
    if parts.dropLast().allSatisfy({ $0.first?.isUppercase == true }) { return String(last) }
    return parts.joined(separator: ".")
  }

  /// The environment of registrations compiled only under `conditions`: `debug` for `DEBUG`,
  /// `notDebug` for the `#else` of `#if DEBUG`.
  static func environmentName(_ conditions: [String]) -> String {
    let last = conditions.last ?? ""
    let words = last.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map { $0.lowercased() }
    guard let first = words.first else { return "conditional" }
    let name = ([first] + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }).joined()
    return last.hasPrefix("!") ? "not" + name.prefix(1).uppercased() + name.dropFirst() : name
  }

  /// The closure whose `{` is at `open`: its head (`@MainActor [weak self] r, id in`, `(r: Resolver)
  /// -> T in`, over one line or several) where it has one.
  func closure(at open: Int) -> Closure {
    let close = file.closing(open)
    let whole = Closure(open: open, parameters: [], returnType: nil, body: open + 1..<close)
    var index = open + 1
    // Attributes (`@MainActor`, `@Sendable`) and a capture list.
    var isMainActor = false
    var globalActor: String?
    while file.kind(index) == .at, file.kind(index + 1) == .identifier {
      isMainActor = isMainActor || file.isWord(index + 1, "MainActor")
      // `@Sendable` and `@escaping` are no actor; an attribute with arguments is none either.
      if !["MainActor", "Sendable", "escaping", "autoclosure"].contains(file.text(index + 1)),
        file.kind(index + 2) != .leftParen
      {
        globalActor = file.text(index + 1)
      }
      index += 2
    }
    if file.kind(index) == .leftBracket { index = file.after(index) }
    var parameters: [(name: String, type: String?)] = []
    if file.kind(index) == .leftParen {
      for item in file.items(in: index) {
        parameters.append(item.label.map { ($0, file.text(item.value)) } ?? (file.text(item.value), nil))
      }
      index = file.after(index)
    } else {
      while file.kind(index) == .identifier, !file.isWord(index, "in") {
        parameters.append((file.text(index), nil))
        index += 1
        guard file.kind(index) == .comma else { break }
        index += 1
      }
    }
    while file.isWord(index, "async") || file.isWord(index, "throws") || file.isWord(index, "rethrows") {
      index += 1
      if file.kind(index) == .leftParen, file.isWord(index - 1, "throws") { index = file.after(index) }
    }
    var returnType: String?
    if file.isOperator(index, "->") {
      var end = index + 1
      while end < close, !file.isWord(end, "in"), file.kind(end) != .leftBrace { end = file.after(end) }
      returnType = file.text(index + 1..<end)
      index = end
    }
    guard index < close, file.isWord(index, "in") else { return whole }
    return Closure(
      open: open, parameters: parameters, returnType: returnType, body: index + 1..<close, isMainActor: isMainActor,
      globalActor: globalActor)
  }

  /// The name of the innermost type or extension whose body holds the token at `index`.
  func enclosingType(of index: Int) -> String? {
    var best: (name: String, open: Int)?
    var position = 0
    while position < index {
      if ["class", "struct", "extension", "actor", "enum"].contains(where: { file.isWord(position, $0) }),
        !file.isOperator(position - 1, "."), file.kind(position + 1) == .identifier
      {
        var open = position + 2
        while open < file.tokens.count, file.kind(open) != .leftBrace, file.kind(open) != .rightBrace {
          open = file.after(open)
        }
        if file.kind(open) == .leftBrace, open < index, file.closing(open) > index {
          best = (file.text(position + 1), open)
        }
      }
      position += 1
    }
    return best?.name
  }

  /// The name of the innermost function whose body holds the token at `index`.
  /// The initializer whose body holds the token at `index`, as written to its parameters' end
  /// (`init(isExt: Bool)`); nil where none does.
  func enclosingInitializer(of index: Int) -> String? {
    var best: String?
    for position in 0..<index
    where file.isWord(position, "init") && file.kind(position + 1) == .leftParen && !file.isOperator(position - 1, ".")
    {
      let close = file.after(position + 1)
      var open = close
      while open < file.tokens.count, file.kind(open) != .leftBrace, file.kind(open) != .rightBrace {
        open = file.after(open)
      }
      if file.kind(open) == .leftBrace, open < index, file.closing(open) > index {
        best = file.text(position..<close)
      }
    }
    return best
  }

  func enclosingFunction(of index: Int) -> String? {
    var best: String?
    for position in 0..<index where file.isWord(position, "func") && file.kind(position + 1) == .identifier {
      var open = position + 2
      while open < file.tokens.count, file.kind(open) != .leftBrace, file.kind(open) != .rightBrace {
        open = file.after(open)
      }
      if file.kind(open) == .leftBrace, open < index, file.closing(open) > index { best = file.text(position + 1) }
    }
    return best
  }

  /// Where the file uses each of `names` other than where it declares it: "test" where the file is
  /// in a test target (`inTests`, as ``RegistrationImport/testTarget(ofPath:below:)`` says), else the
  /// preview environment of the code there (``previewEnvironment(of:)``), else nil for the app's own code.
  func uses(of names: Set<String>, inTests: Bool) -> [(name: String, place: String?)] {
    file.tokens.indices.filter {
      file.kind($0) == .identifier && !file.isWord($0 - 1, "func") && names.contains(file.text($0))
    }.map { (file.text($0), inTests ? "test" : previewEnvironment(of: $0).map { _ in "preview" }) }
  }

  /// Whether the file declares a function `name`.
  func declaresFunction(_ name: String) -> Bool {
    file.tokens.indices.contains { file.isWord($0, "func") && file.isWord($0 + 1, name) }
  }

  /// The names the file uses other than where it declares them (`registerNetworking()`,
  /// `[registerA, registerB]`): the functions it may call.
  func namesUsed() -> Set<String> {
    Set(
      file.tokens.indices.filter { file.kind($0) == .identifier && !file.isWord($0 - 1, "func") }.map {
        file.text($0)
      })
  }

  /// Computed properties of a container that return one of its factories' instances
  /// (`var logger: any Logging { ToolsContainer.shared.logManager() }`): the factory each returns.
  func aliases() -> [String: String] {
    var aliases: [String: String] = [:]
    for index in file.tokens.indices
    where file.isWord(index, "var") && file.kind(index + 1) == .identifier && file.kind(index + 2) == .colon {
      var open = index + 3
      while open < file.tokens.count, file.kind(open) != .leftBrace,
        !file.tokens[open].newlineBefore || open == index + 3
      {
        open = file.after(open)
      }
      guard file.kind(open) == .leftBrace, !file.isWord(index + 3, "Factory"),
        !file.isWord(index + 3, "ParameterFactory")
      else { continue }
      let start = factoryMember(returnedIn: open)
      guard file.kind(start) == .identifier, file.kind(start + 1) == .leftParen, file.closing(start + 1) == start + 2,
        start + 3 == file.closing(open)
      else { continue }
      aliases[file.text(index + 1)] = file.text(start)
    }
    return aliases
  }

}
