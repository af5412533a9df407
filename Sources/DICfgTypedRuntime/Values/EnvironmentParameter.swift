/// A parameter of the graph file read from the environment (`apiKey: ${API_KEY}`,
/// `timeout: ${TIMEOUT:-30}`), as a generated typed container reads it when it is created: the text
/// with each `${NAME}` replaced by the variable's value or its default, a plain scalar typed by YAML
/// 1.2's core schema (`30` an `Int`), then given as the Swift type the service takes, by the
/// conversions the dynamic container makes (an `Int` also where a `Double` or a `Float` is taken).
///
/// Creating the container throws where a variable without a default is unset, or where the value
/// is not of the type a service takes: the error names the parameter's line in the graph file.
@_spi(Generated)
public struct EnvironmentParameter: Sendable {
  /// A part of the parameter's text.
  public enum Segment: Sendable {
    /// Text as written.
    case text(String)
    /// An environment variable, with its default where one is written.
    case variable(String, default: String?)
  }

  /// The parameter's name in the graph file.
  public let name: String
  /// Where it is declared: `file:line:column`.
  public let location: String
  let segments: [Segment]
  /// Whether its text is a plain scalar that is one variable, whose text the core schema types.
  let typed: Bool

  public init(_ name: String, _ segments: [Segment], typed: Bool, at location: String) {
    self.name = name
    self.segments = segments
    self.typed = typed
    self.location = location
  }

  /// The parameter's text, read from `variables` (the process environment where nil).
  @_optimize(none)  // cold (run once per container): optimizing it costs every app's build more than it saves
  public func text(in variables: [String: String]?) throws(EnvironmentParameterError) -> String {
    var text = ""
    for segment in segments {
      switch segment {
      case .text(let literal):
        text += literal
      case .variable(let variable, let defaultValue):
        guard let value = Self.value(of: variable, in: variables) ?? defaultValue else {
          throw EnvironmentParameterError(parameter: name, location: location, problem: .unset(variable))
        }
        text += value
      }
    }
    return text
  }

  /// The parameter's value as the `Value` a service takes, read from `variables` (the process
  /// environment where nil).
  public func value<Value: EnvironmentParameterValue>(
    as type: Value.Type = Value.self, in variables: [String: String]?
  ) throws(EnvironmentParameterError) -> Value {
    let text = try text(in: variables)
    let scalar = typed ? CoreSchemaScalar(plain: text) : .string(text)
    guard let value = Value.environmentValue(scalar) else {
      throw EnvironmentParameterError(
        parameter: name, location: location, problem: .mismatch(found: scalar.description, expected: "\(Value.self)"))
    }
    return value
  }

  private static func value(of variable: String, in variables: [String: String]?) -> String? {
    guard let variables else { return ProcessEnvironment.value(of: variable) }
    return variables[variable]
  }
}

/// Why a typed container could not read a parameter from the environment when it was created.
public struct EnvironmentParameterError: Error, Sendable, Equatable, CustomStringConvertible {
  public enum Problem: Sendable, Equatable {
    /// The variable has no value and the parameter gives it no default.
    case unset(String)
    /// The value is not of the type the service takes.
    case mismatch(found: String, expected: String)
  }

  /// The parameter's name in the graph file.
  public var parameter: String
  /// Where it is declared: `file:line:column`.
  public var location: String
  public var problem: Problem

  public init(parameter: String, location: String, problem: Problem) {
    self.parameter = parameter
    self.location = location
    self.problem = problem
  }

  @_optimize(none)  // cold (an error's text): optimizing it costs every app's build more than it saves
  public var description: String {
    switch problem {
    case .unset(let variable):
      "\(location): error: environment variable '\(variable)' of parameter '\(parameter)' is not set and has no "
        + "default; set it before creating the container, or write '${\(variable):-default}' [#unset-environment-variable]"
    case .mismatch(let found, let expected):
      "\(location): error: parameter '\(parameter)' is \(found) from the environment, but a service takes it as "
        + "'\(expected)'; set the variable to a value of that type, or fix the graph file [#type-mismatch]"
    }
  }
}

/// A value a typed container passes a parameter read from the environment as: `String`, `Int`,
/// `Double`, `Float`, `Bool`, or an optional of one (nil for `null`, `~` or empty text).
public protocol EnvironmentParameterValue: Sendable {
  /// The value for a scalar the core schema typed; nil where the dynamic container would not pass
  /// it as this type either.
  static func environmentValue(_ scalar: CoreSchemaScalar) -> Self?
}

extension String: EnvironmentParameterValue {
  public static func environmentValue(_ scalar: CoreSchemaScalar) -> String? {
    switch scalar {
    case .string(let text), .bigInt(let text): text
    default: nil
    }
  }
}

extension Int: EnvironmentParameterValue {
  public static func environmentValue(_ scalar: CoreSchemaScalar) -> Int? {
    if case .int(let value) = scalar { return value }
    return nil
  }
}

extension Double: EnvironmentParameterValue {
  public static func environmentValue(_ scalar: CoreSchemaScalar) -> Double? {
    switch scalar {
    case .double(let value): value
    case .int(let value): Double(value)
    default: nil
    }
  }
}

extension Float: EnvironmentParameterValue {
  public static func environmentValue(_ scalar: CoreSchemaScalar) -> Float? {
    switch scalar {
    case .double(let value): Float(value)
    case .int(let value): Float(value)
    default: nil
    }
  }
}

extension Bool: EnvironmentParameterValue {
  public static func environmentValue(_ scalar: CoreSchemaScalar) -> Bool? {
    if case .bool(let value) = scalar { return value }
    return nil
  }
}

extension Optional: EnvironmentParameterValue where Wrapped: EnvironmentParameterValue {
  public static func environmentValue(_ scalar: CoreSchemaScalar) -> Wrapped?? {
    if case .null = scalar { return .some(nil) }
    return Wrapped.environmentValue(scalar).map { .some($0) }
  }
}
