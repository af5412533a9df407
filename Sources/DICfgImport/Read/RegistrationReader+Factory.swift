import DICfgCompiler
import DICfgCore
import Foundation

// Factory's registrations: a container's `Factory` properties, static factories, contexts and scopes.
extension RegistrationReader {
  /// Factory's overrides made at run time (`Container.shared.searchService.register { SearchMock() }`,
  /// in a preview or a test): each factory's name with where it is replaced. They are no
  /// registration: the factory they replace is one.
  func overrides() -> [(name: String, index: Int, call: String)] {
    file.tokens.indices.compactMap { index in
      guard isOverride(at: index) else { return nil }
      return (file.text(index - 2), index - 2, overrideCall(at: index))
    }
  }

  /// The override's call as the code writes it, its closure left out: `.register { … }`,
  /// `.register(factory: …)`.
  func overrideCall(at index: Int) -> String {
    guard file.kind(index + 1) == .leftParen else { return ".register { … }" }
    let label = file.kind(index + 2) == .identifier && file.kind(index + 3) == .colon ? file.text(index + 2) + ": " : ""
    return ".register(\(label)…)"
  }

  /// Whether the `register` at `index` replaces a factory at run time: called on a factory
  /// (`searchService.register { … }`) in a file of Factory's, or on one of `Container.shared`
  /// wherever (a test target sees Factory through the app's `@_exported import`).
  func isOverride(at index: Int) -> Bool {
    guard file.isWord(index, "register"), file.isOperator(index - 1, "."), file.kind(index - 2) == .identifier,
      file.kind(index + 1) == .leftBrace || file.kind(index + 1) == .leftParen
    else { return false }
    // `backgroundTaskScheduler.register { … }` on a property the file declares of another type: that
    // type's `register`, not Factory's.
    let receiver = file.text(index - 2)
    let declaredOtherwise = file.tokens.indices.contains { position in
      (file.isWord(position, "let") || file.isWord(position, "var")) && file.isWord(position + 1, receiver)
        && file.kind(position + 2) == .colon && file.kind(position + 3) == .identifier
        && !["Factory", "ParameterFactory"].contains(file.text(position + 3))
    }
    guard !declaredOtherwise else { return false }
    return library == .factory
      || (library == nil && file.isOperator(index - 3, ".") && file.isWord(index - 4, "shared")
        && file.isOperator(index - 5, ".") && file.isWord(index - 6, "Container"))
  }

  /// `var apiClient: Factory<APIClient> { self { … }.singleton }` and `ParameterFactory<P, T>`, in a
  /// `Container` extension or a container class; and Factory's static style,
  /// `static let apiClient = Factory<APIClient>(scope: .singleton) { … }`.
  func factories() -> [FoundRegistration] {
    var found: [FoundRegistration] = []
    var conditions: [String] = []
    var index = 0
    while index < file.tokens.count {
      track(&conditions, at: index)
      if let (registration, next) = staticFactory(at: index, conditions: conditions) {
        found.append(registration)
        index = next
        continue
      }
      guard file.isWord(index, "var"), file.kind(index + 1) == .identifier, file.kind(index + 2) == .colon,
        file.isWord(index + 3, "Factory") || file.isWord(index + 3, "ParameterFactory"),
        file.isOperator(index + 4, "<")
      else {
        index += 1
        continue
      }
      var registration = FoundRegistration(library: .factory, file: file, start: index + 1)
      registration.givenID = file.text(index + 1)
      registration.availability = availability(before: index)
      let close = readGenerics(of: index + 3, into: &registration)
      apply(conditions, to: &registration)
      registration.container = enclosingType(of: index)
      let bodyOpen = close + 1
      guard file.kind(bodyOpen) == .leftBrace else {
        index = close
        continue
      }
      readFactoryBody(into: &registration, open: bodyOpen)
      found.append(registration)
      index = file.after(bodyOpen)
    }
    return found
  }

  /// The generic arguments of the `Factory` or `ParameterFactory` at `index`, followed by `<`:
  /// the key (the last) and a parameter factory's parameter type; the index of the `>` closing them.
  func readGenerics(of index: Int, into registration: inout FoundRegistration) -> Int {
    var close = index + 2
    var depth = 1
    var generics: [Range<Int>] = []
    var argumentStart = close
    while close < file.tokens.count, depth > 0 {
      // `<` and `>` may be lexed with other operator characters: `RequestLogging?>`.
      let text = file.kind(close) == .operator ? file.text(close).replacingOccurrences(of: "->", with: "") : ""
      depth += text.filter { $0 == "<" }.count
      if text.contains(">") {
        depth -= text.filter { $0 == ">" }.count
        if depth <= 0 { break }
      }
      if depth == 1, file.kind(close) == .comma {
        generics.append(argumentStart..<close)
        argumentStart = close + 1
      }
      close = file.after(close)
    }
    generics.append(argumentStart..<close)
    // The `>` closing `Factory<` may share its token with the generic arguments' own (`<RunLoop>>`,
    // `Logging?>`): the key runs to the character before it.
    let last = generics[generics.count - 1]
    registration.key =
      close < file.tokens.count && !last.isEmpty
      ? String(
        decoding: file.bytes[file.tokens[last.lowerBound].start..<(file.tokens[close].end - 1)], as: UTF8.self)
      : file.text(last)
    if file.isWord(index, "ParameterFactory"), generics.count == 2 {
      registration.parameterType = file.text(generics[0])
    }
    return close
  }

  /// Factory's static style: `static let apiClient = Factory<APIClient>(scope: .singleton) { … }`,
  /// `static let store = Factory(Container.shared) { … }.singleton`, `ParameterFactory` alike; the
  /// registration and the token after it, nil where `index` starts none.
  func staticFactory(at index: Int, conditions: [String]) -> (FoundRegistration, Int)? {
    guard file.isWord(index, "static") || file.isWord(index, "class"),
      file.isWord(index + 1, "let") || file.isWord(index + 1, "var"), file.kind(index + 2) == .identifier,
      file.isOperator(index + 3, "="), file.isWord(index + 4, "Factory") || file.isWord(index + 4, "ParameterFactory")
    else { return nil }
    var registration = FoundRegistration(library: .factory, file: file, start: index + 2)
    registration.container = enclosingType(of: index)
    registration.givenID = Self.staticFactoryID(file.text(index + 2), in: registration.container)
    var next = index + 5
    if file.isOperator(next, "<") { next = file.after(readGenerics(of: index + 4, into: &registration)) }
    // `(Container.shared)`, `(scope: .singleton)`: the scope where one is given.
    if file.kind(next) == .leftParen {
      let close = file.closing(next)
      var argument = next + 1
      while argument < close {
        if file.isWord(argument, "scope"), file.kind(argument + 1) == .colon, file.isOperator(argument + 2, "."),
          file.kind(argument + 3) == .identifier
        {
          registration.scope = file.text(argument + 3)
        }
        argument = file.after(argument)
      }
      next = file.after(next)
    }
    apply(conditions, to: &registration)
    guard file.kind(next) == .leftBrace else {
      registration.unsupported = "its factory is not a closure written after 'Factory(…)'"
      return (registration, next)
    }
    registration.closure = closure(at: next)
    if file.isWord(index + 4, "ParameterFactory") { readParameterType(into: &registration) }
    // The modifiers are read into the registration before it is returned.
    let after = readModifiers(after: file.after(next), before: file.tokens.count, into: &registration)
    return (registration, after)
  }

  /// The id of the static factory `name` declared in the type `owner`: its name in a container
  /// (`Container`, `AppContainer`), the type's and its name in a namespace of one (`Login.viewModel`
  /// is `loginViewModel`), as apps name several `viewModel`s apart.
  static func staticFactoryID(_ name: String, in owner: String?) -> String {
    guard let owner, !owner.hasSuffix("Container") else { return name }
    let last = owner.split(separator: ".").last.map(String.init) ?? owner
    return last.prefix(1).lowercased() + last.dropFirst() + name.prefix(1).uppercased() + name.dropFirst()
  }

  /// Where the member a body `{ … }` at `open` returns starts: after `return`, and after `self.` or
  /// a container's `Container.shared.`.
  func factoryMember(returnedIn open: Int) -> Int {
    var index = open + 1
    if file.isWord(index, "return") { index += 1 }
    if file.isWord(index, "self"), file.isOperator(index + 1, ".") {
      index += 2
    } else if file.kind(index) == .identifier, file.isOperator(index + 1, "."), file.isWord(index + 2, "shared"),
      file.isOperator(index + 3, ".")
    {
      index += 4
    }
    return index
  }

  /// The factory a Factory property's body `{ … }` at `open` returns as its own: `apiClient`,
  /// `self.apiClient` or `Container.shared.apiClient`, with or without `return`; else nil.
  func aliasedFactory(in open: Int) -> String? {
    let index = factoryMember(returnedIn: open)
    guard file.kind(index) == .identifier, index + 1 == file.closing(open), !file.isWord(index, "self") else {
      return nil
    }
    return file.text(index)
  }

  /// `self { … }.singleton.onTest { … }` or `Factory(self) { … }.scope(.session)`, with `return`.
  func readFactoryBody(into registration: inout FoundRegistration, open: Int) {
    var index = open + 1
    if file.isWord(index, "return") { index += 1 }
    if file.isWord(index, "self"), file.kind(index + 1) == .leftBrace {
      index += 1
    } else if file.isWord(index, "Factory") || file.isWord(index, "ParameterFactory"),
      file.kind(index + 1) == .leftParen, file.kind(file.after(index + 1)) == .leftBrace
    {
      index = file.after(index + 1)
    } else if let alias = aliasedFactory(in: open) {
      registration.aliasOf = alias
      return
    } else {
      registration.unsupported = "its factory is not written 'self { … }' or 'Factory(self) { … }'"
      return
    }
    registration.closure = closure(at: index)
    if file.isWord(registration.start + 2, "ParameterFactory") { readParameterType(into: &registration) }
    _ = readModifiers(after: file.after(index), before: file.closing(open), into: &registration)
  }

  /// A `ParameterFactory`'s run-time parameter's type where its generic arguments do not give it:
  /// as its closure writes it (`{ (fileURL: URL?) in … }`). Where neither does, the registration is
  /// reported, not written with a parameter no function declares.
  func readParameterType(into registration: inout FoundRegistration) {
    guard registration.parameterType == nil else { return }
    if let closure = registration.closure, closure.parameters.count == 1, let type = closure.parameters[0].type {
      registration.parameterType = type
    } else {
      registration.unsupported =
        "its run-time parameter's type is written neither as 'ParameterFactory<P, T>' nor in its closure "
        + "('{ (name: P) in … }')"
    }
  }

  /// The modifiers after a Factory's closure, from `start` to `end` at most: its scope and its
  /// contexts; the token after the last.
  func readModifiers(after start: Int, before end: Int, into registration: inout FoundRegistration) -> Int {
    var next = start
    while next < end, file.isOperator(next, "."), file.kind(next + 1) == .identifier {
      let modifier = file.text(next + 1)
      let argument = next + 2
      switch modifier {
      case "singleton", "cached", "shared", "graph", "unique":
        registration.scope = modifier
        next = argument
      case "scope":
        guard file.kind(argument) == .leftParen else { return argument }
        registration.scope = file.text(argument + 1..<file.closing(argument))
        next = file.after(argument)
      case _ where Self.contextModifiers.contains(modifier):
        guard file.kind(argument) == .leftBrace else { return argument }
        registration.contexts.append((Self.context(modifier), closure(at: argument)))
        next = file.after(argument)
      default:
        registration.unsupported = "'.\(modifier)' is not one the import reads"
        next = file.kind(argument) == .leftParen || file.kind(argument) == .leftBrace ? file.after(argument) : argument
      }
    }
    return next
  }

  /// Factory's contexts set on a factory apart from its definition, as an app's `autoRegister()`
  /// sets them: `appDB.context(.preview) { AppDB.inMemory() }.scope(.cached)`,
  /// `client.onTest { StubClient() }`, on a factory of the container itself (`self.appDB`) or of
  /// `Container.shared`. Each is a registration of the factory's in that context's environment; a
  /// context no environment stands for (`.arg("mock")`) is one the report gives with why.
  func detachedContexts() -> [FoundRegistration] {
    var found: [FoundRegistration] = []
    var conditions: [String] = []
    for index in file.tokens.indices {
      track(&conditions, at: index)
      let word = file.text(index)
      guard word == "context" || Self.contextModifiers.contains(word), file.isOperator(index - 1, "."),
        file.kind(index - 2) == .identifier, isFactoryReceiver(at: index - 2)
      else { continue }
      var environments: [String] = []
      var unsupported: String?
      var open = index + 1
      if word == "context" {
        guard file.kind(open) == .leftParen else { continue }
        let close = file.closing(open)
        var member = open + 1
        while member < close {
          if file.isOperator(member, "."), file.kind(member + 1) == .identifier,
            ["preview", "test", "debug", "simulator", "device"].contains(file.text(member + 1)),
            member + 2 == close || file.kind(member + 2) == .comma
          {
            environments.append(file.text(member + 1))
            member += 3
          } else {
            unsupported =
              "it sets the context '\(file.text(open + 1..<close))' of factory '\(file.text(index - 2))', which no "
              + "graph environment stands for (one of '.preview', '.test', '.debug', '.simulator', '.device' does)"
            break
          }
        }
        open = file.after(open)
      } else {
        environments = [Self.context(word)]
      }
      guard file.kind(open) == .leftBrace else { continue }
      for environment in environments.isEmpty ? [""] : environments {
        var registration = FoundRegistration(library: .factory, file: file, start: index - 2)
        registration.givenID = file.text(index - 2)
        registration.contextOf = registration.givenID
        registration.closure = closure(at: open)
        apply(conditions, to: &registration)
        registration.environment = environment.isEmpty ? nil : environment
        if environment != "test", registration.condition == nil { registration.condition = "DEBUG" }
        registration.unsupported = unsupported
        _ = readModifiers(after: file.after(open), before: file.tokens.count, into: &registration)
        found.append(registration)
      }
    }
    return found
  }

  /// The modifiers that set a factory's context where written after its definition's closure.
  static let contextModifiers: Set<String> = ["onTest", "onPreview", "onDebug", "onSimulator", "onDevice"]

  /// Whether the identifier at `index` is a factory named on its own, on `self` or on
  /// `Container.shared`: not a modifier of a definition (`self { … }.singleton.onTest { … }`).
  func isFactoryReceiver(at index: Int) -> Bool {
    guard file.isOperator(index - 1, ".") else { return true }
    if file.isWord(index - 2, "self") { return !file.isOperator(index - 3, ".") }
    return file.isWord(index - 2, "shared") && file.isOperator(index - 3, ".") && file.isWord(index - 4, "Container")
  }

  /// The environment a Factory context becomes: `test`, `preview`, `debug`, `simulator`, `device`.
  static func context(_ modifier: String) -> String {
    String(modifier.dropFirst(2)).lowercased()
  }
}
