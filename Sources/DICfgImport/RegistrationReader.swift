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
}

/// A closure as written: its parameters, its return type if written, and its body.
struct Closure {
  var open: Int
  var parameters: [(name: String, type: String?)]
  var returnType: String?
  var body: Range<Int>
}

/// Finds the registrations of the three libraries in a file, by the library it imports.
struct RegistrationReader {
  let file: SwiftSourceFile

  func registrations() -> [FoundRegistration] {
    var found: [FoundRegistration] = []
    if file.imports.contains("Swinject") || file.imports.contains("Resolver") {
      let library: ImportedLibrary = file.imports.contains("Swinject") ? .swinject : .resolver
      var index = 0
      var conditions: [String] = []
      while index < file.tokens.count {
        track(&conditions, at: index)
        if file.isWord(index, "register") || (library == .swinject && file.isWord(index, "autoregister")),
          !file.isWord(index - 1, "func"),
          let registration = register(at: index, library: library, conditions: conditions)
        {
          found.append(registration)
        }
        index += 1
      }
    }
    if file.imports.contains("Factory") {
      found += factories()
    }
    return found
  }

  /// Follows `#if`, `#else` and `#endif`: the conditions the code at `index` is compiled under.
  private func track(_ conditions: inout [String], at index: Int) {
    guard file.kind(index) == .pound else { return }
    switch file.text(index) {
    case "#if":
      var end = index + 1
      while end < file.tokens.count, !file.tokens[end].newlineBefore { end += 1 }
      conditions.append(file.text(index + 1..<end))
    case "#elseif", "#else":
      if let last = conditions.popLast() { conditions.append("!(\(last))") }
    case "#endif":
      _ = conditions.popLast()
    default: break
    }
  }

  // MARK: Swinject and Resolver

  /// `container.register(P.self, name: "n") { r in … }.inObjectScope(.container)` (Swinject) or
  /// `register(name: .n) { … }.scope(.application).implements(P.self)` (Resolver).
  private func register(at index: Int, library: ImportedLibrary, conditions: [String]) -> FoundRegistration? {
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
      if let last = items.last, last.label == "factory", file.kind(last.value.lowerBound) == .leftBrace {
        registration.closure = closure(at: last.value.lowerBound)
        items.removeLast()
      }
      // SwinjectAutoregistration's `autoregister(P.self, initializer: Impl.init)`.
      if file.isWord(index, "autoregister") {
        guard let last = items.last, last.label == "initializer" else { return nil }
        let initializer = file.text(last.value).filter { !$0.isWhitespace }
        guard let dot = initializer.range(of: ".init") else {
          registration.unsupported = "its initializer '\(initializer)' is not a type's 'init'"
          return registration
        }
        let labels =
          initializer[dot.upperBound...].hasPrefix("(")
          ? initializer[dot.upperBound...].dropFirst().dropLast().split(separator: ":").map(String.init) : nil
        registration.autoregistered = (String(initializer[..<dot.lowerBound]), labels)
        items.removeLast()
      }
      guard let (key, name) = file.keyAndName(of: items) else { return nil }
      registration.key = key
      registration.name = name
      next = file.after(next)
    }
    if registration.closure == nil, registration.autoregistered == nil {
      guard file.kind(next) == .leftBrace else { return nil }
      registration.closure = closure(at: next)
      next = file.after(next)
    }
    // The modifiers chained on it.
    while file.isOperator(next, "."), file.kind(next + 1) == .identifier {
      let modifier = file.text(next + 1)
      let open = next + 2
      switch modifier {
      case "inObjectScope", "scope":
        guard file.kind(open) == .leftParen else { return registration }
        registration.scope = file.text(open + 1..<file.closing(open))
        next = file.after(open)
      case "implements":
        guard file.kind(open) == .leftParen else { return registration }
        let items = file.items(in: open)
        if let first = items.first, first.label == nil {
          let text = file.text(first.value)
          if text.hasSuffix(".self") { registration.implements.append(String(text.dropLast(5))) }
        }
        next = file.after(open)
      case "initCompleted", "resolveProperties":
        guard file.kind(open) == .leftBrace else { return registration }
        registration.propertyClosures.append(closure(at: open))
        next = file.after(open)
      default:
        registration.unsupported = "'.\(modifier)' is not one the import reads"
        next = file.kind(open) == .leftParen || file.kind(open) == .leftBrace ? file.after(open) : open
      }
    }
    if let condition = conditions.last, registration.environment == nil || condition == "DEBUG" {
      registration.condition = conditions.joined(separator: " && ")
      if registration.environment == nil { registration.environment = Self.environmentName(conditions) }
    } else if !conditions.isEmpty {
      registration.condition = conditions.joined(separator: " && ")
    }
    return registration
  }

  /// A registration's name as written: a string literal's text, or the member `.production` names
  /// (`.init("mock")`, `Resolver.Name("mock")` give their literal).
  static func name(_ text: String) -> String {
    if let open = text.firstIndex(of: "\""), let close = text[text.index(after: open)...].firstIndex(of: "\"") {
      return String(text[text.index(after: open)..<close])
    }
    return String(text.split(separator: ".").last ?? Substring(text))
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

  /// The closure whose `{` is at `open`.
  func closure(at open: Int) -> Closure {
    let close = file.closing(open)
    var index = open + 1
    // `in` at the top level of the closure, after its parameters.
    while index < close, !file.isWord(index, "in") {
      if file.tokens[index].kind == .leftBrace || (index > open + 1 && file.tokens[index].newlineBefore) {
        return Closure(open: open, parameters: [], returnType: nil, body: open + 1..<close)
      }
      index = file.after(index)
    }
    guard index < close else { return Closure(open: open, parameters: [], returnType: nil, body: open + 1..<close) }
    var parameters: [(name: String, type: String?)] = []
    var returnType: String?
    var head = open + 1
    if let arrow = (head..<index).first(where: { file.isOperator($0, "->") }) {
      returnType = file.text(arrow + 1..<index)
      if arrow == head + 2, file.kind(head) == .leftParen, file.closing(head) == head + 1 { head = arrow }
    }
    if file.kind(head) == .leftParen, file.closing(head) < index {
      for item in file.items(in: head) {
        parameters.append(
          item.label.map { ($0, file.text(item.value)) } ?? (file.text(item.value), nil))
      }
    } else {
      for name in (head..<index) where file.kind(name) == .identifier { parameters.append((file.text(name), nil)) }
    }
    return Closure(open: open, parameters: parameters, returnType: returnType, body: index + 1..<close)
  }

  // MARK: Factory

  /// `var apiClient: Factory<APIClient> { self { … }.singleton }` and `ParameterFactory<P, T>`, in a
  /// `Container` extension or a container class.
  private func factories() -> [FoundRegistration] {
    var found: [FoundRegistration] = []
    var conditions: [String] = []
    var index = 0
    while index < file.tokens.count {
      track(&conditions, at: index)
      guard file.isWord(index, "var"), file.kind(index + 1) == .identifier, file.kind(index + 2) == .colon,
        file.isWord(index + 3, "Factory") || file.isWord(index + 3, "ParameterFactory"),
        file.isOperator(index + 4, "<")
      else {
        index += 1
        continue
      }
      var registration = FoundRegistration(library: .factory, file: file, start: index + 1)
      registration.givenID = file.text(index + 1)
      // The generic arguments, to the `>` that closes them.
      var close = index + 5
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
      let isParameterFactory = file.isWord(index + 3, "ParameterFactory")
      registration.key = file.text(generics[generics.count - 1])
      if isParameterFactory, generics.count == 2 { registration.parameterType = file.text(generics[0]) }
      if !conditions.isEmpty {
        registration.condition = conditions.joined(separator: " && ")
        registration.environment = Self.environmentName(conditions)
      }
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

  /// `self { … }.singleton.onTest { … }` or `Factory(self) { … }.scope(.session)`, with `return`.
  private func readFactoryBody(into registration: inout FoundRegistration, open: Int) {
    var index = open + 1
    if file.isWord(index, "return") { index += 1 }
    if file.isWord(index, "self"), file.kind(index + 1) == .leftBrace {
      index += 1
    } else if file.isWord(index, "Factory") || file.isWord(index, "ParameterFactory"),
      file.kind(index + 1) == .leftParen, file.kind(file.after(index + 1)) == .leftBrace
    {
      index = file.after(index + 1)
    } else {
      registration.unsupported = "its factory is not written 'self { … }' or 'Factory(self) { … }'"
      return
    }
    registration.closure = closure(at: index)
    var next = file.after(index)
    let end = file.closing(open)
    while next < end, file.isOperator(next, "."), file.kind(next + 1) == .identifier {
      let modifier = file.text(next + 1)
      let argument = next + 2
      switch modifier {
      case "singleton", "cached", "shared", "graph", "unique":
        registration.scope = modifier
        next = argument
      case "scope":
        guard file.kind(argument) == .leftParen else { return }
        registration.scope = file.text(argument + 1..<file.closing(argument))
        next = file.after(argument)
      case "onTest", "onPreview", "onDebug", "onSimulator", "onDevice":
        guard file.kind(argument) == .leftBrace else { return }
        registration.contexts.append((Self.context(modifier), closure(at: argument)))
        next = file.after(argument)
      default:
        registration.unsupported = "'.\(modifier)' is not one the import reads"
        next = file.kind(argument) == .leftParen || file.kind(argument) == .leftBrace ? file.after(argument) : argument
      }
    }
  }

  /// The environment a Factory context becomes: `test`, `preview`, `debug`, `simulator`, `device`.
  static func context(_ modifier: String) -> String {
    String(modifier.dropFirst(2)).lowercased()
  }
}
