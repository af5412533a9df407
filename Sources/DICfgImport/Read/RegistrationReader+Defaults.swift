import DICfgSwiftReader

// What a file says of the order and the defaults registrations are made with: Swinject's assemblies
// (which the `Assembler` applies, which apply others), Factory's default scopes and which containers
// register automatically, Swinject's and Resolver's default scope.
extension RegistrationReader {
  /// Which of `types` the file names other than where it declares or extends them (`FooAssembly()`,
  /// `[FooAssembly.self]`): those it may apply.
  func usesOfTypes(_ types: Set<String>) -> Set<String> {
    Set(
      file.tokens.indices.filter { index in
        file.kind(index) == .identifier && types.contains(file.text(index))
          && !["class", "struct", "enum", "extension", "actor", "typealias"].contains { file.isWord(index - 1, $0) }
      }.map { file.text($0) })
  }
  /// The Swinject assemblies the file declares (`struct NetworkAssembly: Assembly`).
  func declaredAssemblies() -> Set<String> {
    var names: Set<String> = []
    for index in file.tokens.indices
    where ["class", "struct"].contains(where: { file.isWord(index, $0) }) && file.kind(index + 1) == .identifier
      && file.kind(index + 2) == .colon
    {
      var position = index + 3
      while position < file.tokens.count, file.kind(position) != .leftBrace {
        if file.isWord(position, "Assembly") { names.insert(file.text(index + 1)) }
        position += 1
      }
    }
    return names
  }
  /// The assemblies among `known` that each assembly the file declares creates in its body, in order
  /// (WordChecker's `IOSSceneUserSettingsAssemblyDev`, which applies `PushNotificationSettingsAssemblyDev()`
  /// and others in its `assemble(container:)`).
  func nestedAssemblies(among known: Set<String>) -> [String: [String]] {
    var nested: [String: [String]] = [:]
    for index in file.tokens.indices
    where ["class", "struct"].contains(where: { file.isWord(index, $0) }) && file.kind(index + 1) == .identifier
      && (known.contains(file.text(index + 1)) || file.kind(index + 2) == .colon)
    {
      var open = index + 2
      while open < file.tokens.count, file.kind(open) != .leftBrace { open = file.after(open) }
      guard open < file.tokens.count else { continue }
      let name = file.text(index + 1)
      for position in open + 1..<file.closing(open)
      where file.kind(position) == .identifier && known.contains(file.text(position)) && file.text(position) != name
        && file.kind(position + 1) == .leftParen
      {
        nested[name, default: []].append(file.text(position))
      }
    }
    return nested
  }
  /// The assemblies the file's `Assembler` applies, in its order: `Assembler([NetworkAssembly(),
  /// StorageAssembly()])`, `Assembler(assemblies: […])`, `assembler.apply(assemblies: […])`,
  /// `apply(assembly: …)`. Swinject runs them in that order, so of a key two of them register, the
  /// later one's registration is resolved.
  func assemblyOrder() -> [String] {
    guard library == .swinject else { return [] }
    var order: [String] = []
    for index in file.tokens.indices
    where file.kind(index + 1) == .leftParen
      && (file.isWord(index, "Assembler") || (file.isWord(index, "apply") && file.isOperator(index - 1, ".")))
    {
      for item in file.items(in: index + 1) where [nil, "assemblies", "assembly"].contains(item.label) {
        let values =
          file.kind(item.value.lowerBound) == .leftBracket
          ? file.items(in: item.value.lowerBound).map(\.value) : [item.value]
        for value in values {
          let start = value.lowerBound
          guard file.kind(start) == .identifier, file.text(start).first?.isUppercase == true,
            file.kind(start + 1) == .leftParen, file.after(start + 1) == value.upperBound
          else { continue }
          order.append(file.text(start))
        }
      }
    }
    return order
  }
  /// The types the file declares or extends as `AutoRegistering` (`extension Container: AutoRegistering`),
  /// whose `autoRegister()` Factory calls.
  func autoRegisteringTypes() -> Set<String> {
    var types: Set<String> = []
    for index in file.tokens.indices
    where ["class", "struct", "extension", "actor"].contains(where: { file.isWord(index, $0) })
      && file.kind(index + 1) == .identifier && file.kind(index + 2) == .colon
    {
      var position = index + 3
      while position < file.tokens.count, file.kind(position) != .leftBrace {
        if file.isWord(position, "AutoRegistering") { types.insert(file.text(index + 1)) }
        position += 1
      }
    }
    return types
  }
  /// Factory's `manager.defaultScope = .singleton`: each container's default scope, by the
  /// container it is set on (`Container.shared.manager…`, or `manager…` in the container's body).
  ///
  /// One set in a container's `autoRegister()` counts only where `autoRegistering` (the containers
  /// the files read declare `AutoRegistering`) holds the container: Factory calls no other's.
  func defaultScopes(autoRegistering: Set<String>) -> [String: String] {
    var scopes: [String: String] = [:]
    for index in file.tokens.indices
    where file.isWord(index, "manager") && file.isOperator(index + 1, ".") && file.isWord(index + 2, "defaultScope")
      && file.isOperator(index + 3, "=")
    {
      if enclosingFunction(of: index) == "autoRegister", let type = enclosingType(of: index),
        !autoRegistering.contains(type)
      {
        continue
      }
      // To the end of its line, or of the body it is written in (`{ manager.defaultScope = .singleton }`).
      var end = index + 4
      while end < file.tokens.count, !file.tokens[end].newlineBefore || end == index + 4,
        file.kind(end) != .rightBrace, file.kind(end) != .semicolon
      {
        end = file.after(end)
      }
      let scope = file.text(index + 4..<end)
      let container =
        file.isOperator(index - 1, ".") && file.isWord(index - 2, "shared") && file.isOperator(index - 3, ".")
        ? file.text(index - 4) : enclosingType(of: index)
      if let container { scopes[container] = scope }
    }
    return scopes
  }
  /// The default scope the file sets for its library's registrations: Swinject's
  /// `defaultObjectScope: .container` (an `Assembler`'s or a `Container`'s) or Resolver's
  /// `Resolver.defaultScope = .application`, as written; nil where it sets none.
  func libraryDefaultScope() -> String? {
    for index in file.tokens.indices {
      if library == .swinject, file.isWord(index, "defaultObjectScope"), file.kind(index + 1) == .colon {
        var end = index + 2
        while end < file.tokens.count, file.kind(end) != .comma, file.kind(end) != .rightParen { end = file.after(end) }
        return file.text(index + 2..<end)
      }
      if library == .resolver, file.isWord(index, "defaultScope"), file.isOperator(index + 1, "="),
        !(file.isOperator(index - 1, ".") && file.isWord(index - 2, "manager"))
      {
        var end = index + 2
        while end < file.tokens.count, !file.tokens[end].newlineBefore || end == index + 2 { end += 1 }
        return file.text(index + 2..<end)
      }
    }
    return nil
  }
}
