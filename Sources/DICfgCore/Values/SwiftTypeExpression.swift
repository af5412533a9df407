/// A Swift type as a graph file, a Swift declaration or the runtime's type names write it, parsed
/// once: what the reader, the compiler's checks, the planner and the runtime ask of a type (is it
/// optional, what does the array hold, is it an existential) is a case to match, and two types
/// compare by one rule, ``normalized`` (``SwiftTypeName/normalized(_:)``).
///
/// ```swift
/// SwiftTypeExpression("[String: Int]?")   // .optional(.dictionary(key: String, value: Int))
/// SwiftTypeExpression("Optional<any Logger>").wrapped?.withoutExistential.normalized   // "Logger"
/// ```
///
/// Sugar and its spelled-out form parse alike (`[T]` and `Array<T>`, `T?`, `T!` and `Optional<T>`,
/// `[K: V]` and `Dictionary<K, V>`), as do `Swift.Int` and `Int`. A tuple and a function type are
/// cases of their own; what it does not model (a protocol composition, an `inout` parameter) is
/// ``other(_:)``, its text without whitespace.
public indirect enum SwiftTypeExpression: Hashable, Sendable {
  /// A named type, as its member path: `Payments.Gateway` is two components, `Box<Int>` one with
  /// a generic argument.
  case named([Component])
  case optional(SwiftTypeExpression)
  case array(SwiftTypeExpression)
  case dictionary(key: SwiftTypeExpression, value: SwiftTypeExpression)
  /// `any P`.
  case existential(SwiftTypeExpression)
  /// `some P`.
  case opaque(SwiftTypeExpression)
  /// `(id: Int, String)`: two or more elements, or none (`()`, `Void`'s spelling).
  case tuple([TupleElement])
  /// `@Sendable (User) async throws -> Details`.
  case function(FunctionType)
  /// A type this structure does not model, as written without whitespace.
  case other(String)

  /// One element of a tuple: its label, if it has one, and its type.
  public struct TupleElement: Hashable, Sendable {
    public var label: String?
    public var type: SwiftTypeExpression

    public init(label: String? = nil, type: SwiftTypeExpression) {
      self.label = label
      self.type = type
    }
  }

  /// A function type. Its parameters' argument labels (`(_ user: User) -> T`) are not part of the
  /// type and are left out; so are `@escaping` and `@autoclosure`, which say how a parameter takes it.
  public struct FunctionType: Hashable, Sendable {
    /// The attributes that are part of the type, as written: `@Sendable`, `@MainActor`.
    public var attributes: [String]
    public var parameters: [SwiftTypeExpression]
    public var isAsync: Bool
    public var isThrowing: Bool
    /// The error type of `throws(E)`.
    public var thrownType: SwiftTypeExpression?
    public var result: SwiftTypeExpression

    public init(
      attributes: [String] = [], parameters: [SwiftTypeExpression], isAsync: Bool = false, isThrowing: Bool = false,
      thrownType: SwiftTypeExpression? = nil, result: SwiftTypeExpression
    ) {
      self.attributes = attributes
      self.parameters = parameters
      self.isAsync = isAsync
      self.isThrowing = isThrowing
      self.thrownType = thrownType
      self.result = result
    }

    /// The type as Swift writes it: `@Sendable (User) throws -> Details`.
    public var spelled: String { text(space: " ") }

    /// The type with its parts normalized, `space` between them (none: ``normalized``).
    func text(space: String) -> String {
      attributes.map { $0 + space }.joined() + "(" + parameters.map(\.normalized).joined(separator: "," + space) + ")"
        + (isAsync ? space + "async" : "")
        + (isThrowing ? space + "throws" + (thrownType.map { "(" + $0.normalized + ")" } ?? "") : "") + space + "->"
        + space + result.normalized
    }
  }

  /// One component of a named type's path: `Box<Int>`.
  public struct Component: Hashable, Sendable {
    public var name: String
    public var arguments: [SwiftTypeExpression]

    public init(name: String, arguments: [SwiftTypeExpression] = []) {
      self.name = name
      self.arguments = arguments
    }
  }

  /// The type `text` spells.
  public init(_ text: String) {
    var parser = Parser(Array(text.unicodeScalars))
    if let type = parser.type(), parser.atEnd {
      self = type
    } else {
      self = .other(String(String.UnicodeScalarView(text.unicodeScalars.filter { !$0.properties.isWhitespace })))
    }
  }

  /// The spelling types compare by: `any`, `some` and `Swift.` left out, sugar spelled out
  /// (`Optional<Dictionary<String,Int>>`), no whitespace.
  public var normalized: String {
    switch self {
    case .named(let components): Self.spelled(components)
    case .optional(let wrapped): "Optional<" + wrapped.normalized + ">"
    case .array(let element): "Array<" + element.normalized + ">"
    case .dictionary(let key, let value): "Dictionary<" + key.normalized + "," + value.normalized + ">"
    case .existential(let type), .opaque(let type): type.normalized
    case .tuple(let elements):
      "(" + elements.map { ($0.label.map { $0 + ":" } ?? "") + $0.type.normalized }.joined(separator: ",") + ")"
    case .function(let function): function.text(space: "")
    case .other(let text): text
    }
  }

  /// The function type this is, without `any` or `some` around it; nil for a type that is not one.
  public var function: FunctionType? {
    if case .function(let function) = withoutExistential { return function }
    return nil
  }

  /// The elements of a tuple of two or more; nil for a type that is not one.
  public var tupleElements: [TupleElement]? {
    if case .tuple(let elements) = withoutExistential, elements.count >= 2 { return elements }
    return nil
  }

  /// The type without `any` or `some` around it (`any Logger` as `Logger`).
  public var withoutExistential: SwiftTypeExpression {
    switch self {
    case .existential(let type), .opaque(let type): type.withoutExistential
    default: self
    }
  }

  /// The type an optional wraps; nil for a type that is not optional.
  public var wrapped: SwiftTypeExpression? {
    if case .optional(let wrapped) = withoutExistential { return wrapped }
    return nil
  }

  /// The element type of an array; nil for a type that is not an array.
  public var element: SwiftTypeExpression? {
    if case .array(let element) = withoutExistential { return element }
    return nil
  }

  /// Whether the two are one type by the rule every check and the runtime compare types by.
  public func isSame(as other: SwiftTypeExpression) -> Bool { normalized == other.normalized }

  private static func spelled(_ components: [Component]) -> String {
    components.map { component in
      component.arguments.isEmpty
        ? component.name : component.name + "<" + component.arguments.map(\.normalized).joined(separator: ",") + ">"
    }.joined(separator: ".")
  }

  /// Reads a type from Unicode scalars, skipping whitespace between tokens.
  private struct Parser {
    let scalars: [Unicode.Scalar]
    var index = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    var atEnd: Bool {
      mutating get {
        skipSpace()
        return index == scalars.count
      }
    }

    mutating func skipSpace() {
      while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
    }

    mutating func take(_ scalar: Unicode.Scalar) -> Bool {
      skipSpace()
      guard index < scalars.count, scalars[index] == scalar else { return false }
      index += 1
      return true
    }

    mutating func identifier() -> String? {
      skipSpace()
      let start = index
      while index < scalars.count,
        scalars[index].properties.isAlphabetic || scalars[index].properties.numericType != nil
          || scalars[index] == "_" || scalars[index] == "$"
      {
        index += 1
      }
      guard index > start else { return nil }
      return String(String.UnicodeScalarView(scalars[start..<index]))
    }

    /// The parenthesized group starting here, up to its closing parenthesis, as ``other(_:)``.
    mutating func group() -> SwiftTypeExpression? {
      let start = index
      var depth = 0
      while index < scalars.count {
        switch scalars[index] {
        case "(", "[", "<": depth += 1
        // The `>` of a function type's `->` closes nothing.
        case ">" where index > 0 && scalars[index - 1] == "-": break
        case ")", "]", ">": depth -= 1
        default: break
        }
        index += 1
        if depth == 0 { break }
      }
      guard depth == 0 else { return nil }
      let text = scalars[start..<index].filter { !$0.properties.isWhitespace }
      return .other(String(String.UnicodeScalarView(text)))
    }

    /// A type with its `?` and `!` suffixes; nil where the text is not one this structure models.
    mutating func type() -> SwiftTypeExpression? {
      skipSpace()
      if index < scalars.count, scalars[index] == "@" { return attributed() }
      let start = index
      // `any P` and `some P`: the keyword, then a type (whitespace or a bracket between).
      if let keyword = identifier(), keyword == "any" || keyword == "some" {
        let afterKeyword = index
        skipSpace()
        if index > afterKeyword || (index < scalars.count && ["(", "["].contains(scalars[index])),
          let type = postfixed()
        {
          return keyword == "any" ? .existential(type) : .opaque(type)
        }
      }
      index = start
      return postfixed()
    }

    /// A function type after its attributes (`@Sendable`, `@escaping`, `@convention(c)`); nil where
    /// what follows the attributes is not a function type.
    private mutating func attributed() -> SwiftTypeExpression? {
      var attributes: [String] = []
      while take("@") {
        guard let name = identifier() else { return nil }
        var attribute = "@" + name
        if index < scalars.count, scalars[index] == "(" {
          guard case .other(let arguments)? = group() else { return nil }
          attribute += arguments
        }
        if name != "escaping" && name != "autoclosure" { attributes.append(attribute) }
      }
      guard case .function(var function)? = type() else { return nil }
      function.attributes = attributes + function.attributes
      return .function(function)
    }

    private mutating func postfixed() -> SwiftTypeExpression? {
      guard var type = primary() else { return nil }
      while true {
        // `?` and `!` bind without whitespace before them.
        guard index < scalars.count, scalars[index] == "?" || scalars[index] == "!" else { break }
        index += 1
        type = .optional(type)
      }
      return type
    }

    /// The elements between a tuple's or a parameter list's parentheses, each with its label
    /// (`id: Int`, or a parameter's `_ id: Int`, whose label is `id`): none before `)`.
    private mutating func elements() -> [TupleElement]? {
      var elements: [TupleElement] = []
      skipSpace()
      if index < scalars.count, scalars[index] == ")" { return elements }
      repeat {
        let start = index
        var label: String?
        if let first = identifier() {
          let second = identifier()
          if take(":") { label = second ?? first } else { index = start }
        }
        guard let type = type() else { return nil }
        elements.append(TupleElement(label: label, type: type))
      } while take(",")
      return elements
    }

    /// The function type whose parameter list was just read, where `async`, `throws` and `->`
    /// follow it; nil, and the position kept, where they do not.
    private mutating func functionType(taking parameters: [TupleElement]) -> FunctionType? {
      let start = index
      var function = FunctionType(parameters: parameters.map(\.type), result: .tuple([]))
      var word = identifier()
      if word == "async" {
        function.isAsync = true
        word = identifier()
      }
      if word == "throws" || word == "rethrows" {
        function.isThrowing = true
        if take("(") {
          guard let thrown = type(), take(")") else {
            index = start
            return nil
          }
          function.thrownType = thrown
        }
        word = identifier()
      }
      guard word == nil, take("-"), index < scalars.count, scalars[index] == ">" else {
        index = start
        return nil
      }
      index += 1
      guard let result = type() else {
        index = start
        return nil
      }
      function.result = result
      return function
    }

    private mutating func primary() -> SwiftTypeExpression? {
      skipSpace()
      let start = index
      if take("(") {
        if let elements = elements(), take(")") {
          if let function = functionType(taking: elements) { return .function(function) }
          if elements.count == 1, elements[0].label == nil { return elements[0].type }
          return .tuple(elements)
        }
        // What this structure does not model (`(A & B)`, an `inout` parameter): kept as written,
        // so a `?` after it still makes it optional.
        index = start
        return group()
      }
      if take("[") {
        guard let first = type() else { return nil }
        if take(":") {
          guard let value = type(), take("]") else { return nil }
          return .dictionary(key: first, value: value)
        }
        return take("]") ? .array(first) : nil
      }
      var components: [Component] = []
      repeat {
        guard let name = identifier() else { return nil }
        var arguments: [SwiftTypeExpression] = []
        if take("<") {
          repeat {
            guard let argument = type() else { return nil }
            arguments.append(argument)
          } while take(",")
          guard take(">") else { return nil }
        }
        components.append(Component(name: name, arguments: arguments))
      } while take(".")
      // The standard library's name for a type is the type; its sugar's long forms are the sugar.
      if components.count > 1, components[0].name == "Swift", components[0].arguments.isEmpty {
        components.removeFirst()
      }
      if components.count == 1 {
        let arguments = components[0].arguments
        switch (components[0].name, arguments.count) {
        case ("Optional", 1): return .optional(arguments[0])
        case ("Array", 1): return .array(arguments[0])
        case ("Dictionary", 2): return .dictionary(key: arguments[0], value: arguments[1])
        default: break
        }
      }
      return .named(components)
    }
  }
}
