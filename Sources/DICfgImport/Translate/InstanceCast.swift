/// A property closure's cast of its instance to the type the registration builds, as Swinject apps
/// write it over a protocol's registration: `guard let impl = c as? Impl else { return }` or
/// `let impl = c as! Impl` then the statements that set `impl`'s properties, or `if let impl = c as?
/// Impl { … }`.
struct InstanceCast {
  /// The name the cast binds.
  let name: String
  /// The type it casts to, as written.
  let type: String
  /// The statements that set the cast instance's properties.
  let statements: [Range<Int>]

  /// The cast that `statements` (a property closure's, over `instance`) open with; nil where they
  /// open with none, or give up the instance otherwise than by `return` or a trap.
  init?(_ statements: [Range<Int>], of instance: String, in file: SwiftSourceFile) {
    guard let first = statements.first else { return nil }
    let start = first.lowerBound
    // `let impl = c as! Impl`.
    if file.isWord(start, "let"), file.kind(start + 1) == .identifier, file.isOperator(start + 2, "="),
      file.isWord(start + 3, instance), file.isWord(start + 4, "as"), file.isOperator(start + 5, "!"),
      start + 6 < first.upperBound
    {
      name = file.text(start + 1)
      type = file.text(start + 6..<first.upperBound).filter { !$0.isWhitespace }
      self.statements = Array(statements.dropFirst())
      return
    }
    let isGuard = file.isWord(start, "guard")
    guard isGuard || file.isWord(start, "if"), file.isWord(start + 1, "let"), file.kind(start + 2) == .identifier,
      file.isOperator(start + 3, "="), file.isWord(start + 4, instance), file.isWord(start + 5, "as"),
      file.isOperator(start + 6, "?")
    else { return nil }
    // The type runs to `else` (a guard's) or to the block (an `if`'s).
    guard
      let end = (start + 7..<first.upperBound).first(where: {
        isGuard ? file.isWord($0, "else") : file.kind($0) == .leftBrace
      }), end > start + 7
    else { return nil }
    let block = isGuard ? end + 1 : end
    guard file.kind(block) == .leftBrace, file.after(block) == first.upperBound else { return nil }
    let inside = block + 1..<file.closing(block)
    if isGuard {
      // The else block leaves the closure: `return`, or a trap.
      guard let leaving = inside.first,
        file.isWord(leaving, "return") || file.isWord(leaving, "fatalError")
          || file.isWord(leaving, "preconditionFailure")
      else { return nil }
      self.statements = Array(statements.dropFirst())
    } else {
      guard statements.count == 1 else { return nil }
      self.statements = file.statements(in: inside)
    }
    name = file.text(start + 2)
    type = file.text(start + 7..<end).filter { !$0.isWhitespace }
  }
}
