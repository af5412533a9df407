/// What the compiler knows of Foundation's types that graph files configure and the target's Swift
/// never declares: the settable properties of the coders, and the members an implicit member
/// expression (`{ swift: .convertFromSnakeCase }`) may name for each property's type and for
/// parameters of those types. A misspelt member is one error at the value, not a build error in the
/// generated file; a type or property not listed here is left to the Swift compiler.
enum FoundationMembers {
  /// The members each type's implicit member expressions may name: cases, static members and, for
  /// a case with an associated value or a static function, its name (`.formatted`, `.custom`).
  static let members: [String: [String]] = [
    "JSONDecoder.KeyDecodingStrategy": ["useDefaultKeys", "convertFromSnakeCase", "custom"],
    "JSONDecoder.DateDecodingStrategy": [
      "deferredToDate", "secondsSince1970", "millisecondsSince1970", "iso8601", "formatted", "custom",
    ],
    "JSONDecoder.DataDecodingStrategy": ["deferredToData", "base64", "custom"],
    "JSONDecoder.NonConformingFloatDecodingStrategy": ["throw", "convertFromString"],
    "JSONEncoder.KeyEncodingStrategy": ["useDefaultKeys", "convertToSnakeCase", "custom"],
    "JSONEncoder.DateEncodingStrategy": [
      "deferredToDate", "secondsSince1970", "millisecondsSince1970", "iso8601", "formatted", "custom",
    ],
    "JSONEncoder.DataEncodingStrategy": ["deferredToData", "base64", "custom"],
    "JSONEncoder.NonConformingFloatEncodingStrategy": ["throw", "convertToString"],
    "JSONEncoder.OutputFormatting": ["prettyPrinted", "sortedKeys", "withoutEscapingSlashes"],
    "RunLoop.Mode": ["default", "common"],
    "URLRequest.CachePolicy": [
      "useProtocolCachePolicy", "reloadIgnoringLocalCacheData", "reloadIgnoringLocalAndRemoteCacheData",
      "reloadIgnoringCacheData", "returnCacheDataElseLoad", "returnCacheDataDontLoad", "reloadRevalidatingCacheData",
    ],
    "URLRequest.NetworkServiceType": [
      "default", "video", "background", "voice", "responsiveData", "avStreaming", "responsiveAV", "callSignaling",
    ],
  ]

  /// The settable properties of Foundation's types whose type is one of ``members``.
  static let properties: [String: [String: String]] = [
    "JSONDecoder": [
      "keyDecodingStrategy": "JSONDecoder.KeyDecodingStrategy",
      "dateDecodingStrategy": "JSONDecoder.DateDecodingStrategy",
      "dataDecodingStrategy": "JSONDecoder.DataDecodingStrategy",
      "nonConformingFloatDecodingStrategy": "JSONDecoder.NonConformingFloatDecodingStrategy",
    ],
    "JSONEncoder": [
      "keyEncodingStrategy": "JSONEncoder.KeyEncodingStrategy",
      "dateEncodingStrategy": "JSONEncoder.DateEncodingStrategy",
      "dataEncodingStrategy": "JSONEncoder.DataEncodingStrategy",
      "nonConformingFloatEncodingStrategy": "JSONEncoder.NonConformingFloatEncodingStrategy",
      "outputFormatting": "JSONEncoder.OutputFormatting",
    ],
    "URLSessionConfiguration": [
      "requestCachePolicy": "URLRequest.CachePolicy",
      "networkServiceType": "URLRequest.NetworkServiceType",
    ],
  ]

  /// The member `expression` names where it is an implicit member of one name (`.convertFromSnakeCase`,
  /// `.formatted(…)`), else nil.
  static func implicitMember(_ expression: String) -> String? {
    guard expression.hasPrefix(".") else { return nil }
    var name = expression.dropFirst().prefix { $0 != "(" && $0 != "." }
    if name.first == "`", name.last == "`", name.count > 2 { name = name.dropFirst().dropLast() }
    return name.isEmpty ? nil : String(name)
  }
}
