import Foundation

// The plan's enums encode as one-key objects named after the case, so a plan reads naturally:
// `{"service": {"container": 0, "service": 2}}`, `{"literal": {"int": 3}}`, `{"parameter": 0}`.

private struct CaseKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(_ name: String) { self.stringValue = name }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

extension KeyedDecodingContainer where Key == CaseKey {
  /// The single case name of a one-key object.
  fileprivate func caseName(_ type: String) throws -> String {
    guard allKeys.count == 1, let key = allKeys.first else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: codingPath, debugDescription: "a \(type) is an object with exactly one key"))
    }
    return key.stringValue
  }

  fileprivate func unknown(_ name: String, _ type: String) -> DecodingError {
    .dataCorrupted(.init(codingPath: codingPath, debugDescription: "unknown \(type) '\(name)'"))
  }
}

extension ResolutionPlan.Literal {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CaseKey.self)
    let name = try container.caseName("literal")
    let key = CaseKey(name)
    switch name {
    case "null": self = .null
    case "bool": self = .bool(try container.decode(Bool.self, forKey: key))
    case "int": self = .int(try container.decode(Int.self, forKey: key))
    case "double": self = .double(try container.decode(Double.self, forKey: key))
    case "string": self = .string(try container.decode(String.self, forKey: key))
    case "list": self = .list(try container.decode([Self].self, forKey: key))
    case "map": self = .map(try container.decode([ResolutionPlan.LiteralEntry].self, forKey: key))
    default: throw container.unknown(name, "literal")
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CaseKey.self)
    switch self {
    case .null: try container.encode(true, forKey: CaseKey("null"))
    case .bool(let value): try container.encode(value, forKey: CaseKey("bool"))
    case .int(let value): try container.encode(value, forKey: CaseKey("int"))
    case .double(let value): try container.encode(value, forKey: CaseKey("double"))
    case .string(let value): try container.encode(value, forKey: CaseKey("string"))
    case .list(let value): try container.encode(value, forKey: CaseKey("list"))
    case .map(let value): try container.encode(value, forKey: CaseKey("map"))
    }
  }
}

extension ResolutionPlan.Value {
  private struct ExternalIndex: Codable {
    var container: Int
    var index: Int
  }

  private struct Tagged: Codable {
    var tag: String
    var services: [ResolutionPlan.ServiceReference]
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CaseKey.self)
    let name = try container.caseName("value")
    let key = CaseKey(name)
    switch name {
    case "service": self = .service(try container.decode(ResolutionPlan.ServiceReference.self, forKey: key))
    case "external":
      let external = try container.decode(ExternalIndex.self, forKey: key)
      self = .external(container: external.container, index: external.index)
    case "parameter": self = .parameter(try container.decode(Int.self, forKey: key))
    case "argument": self = .argument(try container.decode(String.self, forKey: key))
    case "container": self = .container
    case "literal": self = .literal(try container.decode(ResolutionPlan.Literal.self, forKey: key))
    case "provider": self = .provider(try container.decode(ResolutionPlan.ServiceReference.self, forKey: key))
    case "lazy": self = .lazy(try container.decode(ResolutionPlan.ServiceReference.self, forKey: key))
    case "tagged":
      let tagged = try container.decode(Tagged.self, forKey: key)
      self = .tagged(tag: tagged.tag, services: tagged.services)
    case "array": self = .array(try container.decode([Self].self, forKey: key))
    case "optional": self = .optional(try container.decodeIfPresent(Self.self, forKey: key))
    case "swift": self = .swift(try container.decode(String.self, forKey: key))
    default: throw container.unknown(name, "value")
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CaseKey.self)
    switch self {
    case .service(let reference): try container.encode(reference, forKey: CaseKey("service"))
    case .external(let owner, let index):
      try container.encode(ExternalIndex(container: owner, index: index), forKey: CaseKey("external"))
    case .parameter(let index): try container.encode(index, forKey: CaseKey("parameter"))
    case .argument(let name): try container.encode(name, forKey: CaseKey("argument"))
    case .container: try container.encode(true, forKey: CaseKey("container"))
    case .literal(let literal): try container.encode(literal, forKey: CaseKey("literal"))
    case .provider(let reference): try container.encode(reference, forKey: CaseKey("provider"))
    case .lazy(let reference): try container.encode(reference, forKey: CaseKey("lazy"))
    case .tagged(let tag, let services):
      try container.encode(Tagged(tag: tag, services: services), forKey: CaseKey("tagged"))
    case .array(let values): try container.encode(values, forKey: CaseKey("array"))
    case .optional(let value): try container.encode(value, forKey: CaseKey("optional"))
    case .swift(let expression): try container.encode(expression, forKey: CaseKey("swift"))
    }
  }
}

extension ResolutionPlan.ParameterValue {
  private struct Environment: Codable {
    var segments: [ResolutionPlan.Segment]
    var typed: Bool
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CaseKey.self)
    let name = try container.caseName("parameter value")
    switch name {
    case "literal": self = .literal(try container.decode(ResolutionPlan.Literal.self, forKey: CaseKey(name)))
    case "environment":
      let environment = try container.decode(Environment.self, forKey: CaseKey(name))
      self = .environment(segments: environment.segments, typed: environment.typed)
    default: throw container.unknown(name, "parameter value")
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CaseKey.self)
    switch self {
    case .literal(let literal): try container.encode(literal, forKey: CaseKey("literal"))
    case .environment(let segments, let typed):
      try container.encode(Environment(segments: segments, typed: typed), forKey: CaseKey("environment"))
    }
  }
}

extension ResolutionPlan.Segment {
  private struct Variable: Codable {
    var name: String
    var defaultValue: String?
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CaseKey.self)
    let name = try container.caseName("segment")
    switch name {
    case "text": self = .text(try container.decode(String.self, forKey: CaseKey(name)))
    case "variable":
      let variable = try container.decode(Variable.self, forKey: CaseKey(name))
      self = .variable(name: variable.name, defaultValue: variable.defaultValue)
    default: throw container.unknown(name, "segment")
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CaseKey.self)
    switch self {
    case .text(let text): try container.encode(text, forKey: CaseKey("text"))
    case .variable(let name, let defaultValue):
      try container.encode(Variable(name: name, defaultValue: defaultValue), forKey: CaseKey("variable"))
    }
  }
}

extension ResolutionPlan {
  /// The plan as JSON: sorted keys, two-space indentation, so the same plan gives the same bytes.
  ///
  /// Non-finite doubles (`.inf`, `.nan` literals) are written as the strings `"inf"`, `"-inf"`
  /// and `"nan"`.
  ///
  /// - Parameter sourceRoot: A directory: the locations of files under it are written relative to
  ///   it (the plans the generator embeds in an app).
  public func jsonText(sourceRoot: String? = nil) throws -> String {
    let encoder = DeterministicJSON.encoder()
    if let sourceRoot { encoder.userInfo[.sourceRoot] = sourceRoot }
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    return try DeterministicJSON.text(self, encoder: encoder)
  }

  /// Reads a plan written by ``jsonText()``.
  public init(jsonText: String) throws {
    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    self = try decoder.decode(ResolutionPlan.self, from: Data(jsonText.utf8))
    guard formatVersion == ResolutionPlan.currentFormatVersion else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: [],
          debugDescription:
            "plan format \(formatVersion) is not supported; this dicfg reads format \(ResolutionPlan.currentFormatVersion)"
        ))
    }
  }
}
