import DICfgCore
@_spi(Generated) import DICfgTypedRuntime
import Testing

@testable import DICfgRuntime

/// A typed container over the typed runtime reads `${NAME}` parameters itself, with its own copy of
/// the core schema: for every text a variable may hold, it passes what the link passes, as every
/// type it takes such a value as, and fails where the link fails.
struct EnvironmentParameterParityTests {
  static let texts = [
    "", "~", "null", "Null", "NULL", "nul", "true", "True", "TRUE", "tRue", "false", "False", "FALSE", "yes", "no",
    "on", "off", "y", "0", "-0", "+12", "-12", "0777", "0o17", "0o8", "0o", "0x1F", "0xg", "0x", "0X1F", "1_000",
    "3.5", ".5", "5.", "-.5e3", "1e3", "1E-3", "1e", "e3", "+.5", ".", "+", "-", "1.2.3", ".inf", "-.Inf", "+.INF",
    ".nan", ".NaN", ".NAN", "NaN", "inf", "-inf", "9223372036854775807", "9223372036854775808",
    "-9223372036854775808", "-9223372036854775809", "0x7fffffffffffffff", "0x8000000000000000",
    "0o7777777777777777777777", "1e400", "abc", "https://api.example.com", " 3", "3 ", "١٢", "3.0", "-0.0",
    "2.5e-310", "16777217", "9007199254740993",
  ]

  @Test(arguments: texts)
  func theCoreSchemaTypesTheTextAsTheLoaderDoes(text: String) {
    let loader: CoreSchemaScalar =
      switch CoreSchema.value(ofPlain: text) {
      case .null: .null
      case .bool(let value): .bool(value)
      case .int(let value): .int(value)
      case .bigInt(let text): .bigInt(text)
      case .double(let value): .double(value)
      case .string(let text): .string(text)
      }
    // Compared as printed, so NaN is the same as NaN.
    #expect(String(reflecting: CoreSchemaScalar(plain: text)) == String(reflecting: loader))
  }

  @Test(arguments: texts, [true, false])
  func aValueFromTheEnvironmentIsPassedAsTheLinkPassesIt(text: String, typed: Bool) throws {
    let location = SourceLocation(file: "dicfg.yaml", line: 4, column: 3, offset: 30)
    let parameter = ResolutionPlan.Parameter(
      name: "timeout", value: .environment(segments: [.variable(name: "TIMEOUT", defaultValue: nil)], typed: typed),
      location: location)
    guard case .success(let linked) = ParameterResolution.resolve(parameter, environment: ["TIMEOUT": text]) else {
      Issue.record("the link did not read '\(text)'")
      return
    }
    let read = EnvironmentParameter("timeout", [.variable("TIMEOUT", default: nil)], typed: typed, at: "dicfg.yaml:4:3")
    func same<Value: EnvironmentParameterValue>(_ type: Value.Type) {
      let passed = ValueConversion.converted(linked, to: Value.self)
      let typedRuntime = try? read.value(as: Value.self, in: ["TIMEOUT": text])
      #expect(
        String(reflecting: typedRuntime) == String(reflecting: passed),
        "'\(text)' (\(typed ? "typed" : "text")) as \(Value.self)")
    }
    same(String.self)
    same(Int.self)
    same(Double.self)
    same(Float.self)
    same(Bool.self)
    same(String?.self)
    same(Int?.self)
    same(Double?.self)
    same(Float?.self)
    same(Bool?.self)
  }

  @Test func textAroundVariablesAndDefaultsIsReadAsTheLinkReadsIt() throws {
    let segments: [ResolutionPlan.Segment] = [
      .text("https://"), .variable(name: "HOST", defaultValue: "example.com"), .text(":"),
      .variable(name: "PORT", defaultValue: nil),
    ]
    let read = EnvironmentParameter(
      "baseURL",
      [.text("https://"), .variable("HOST", default: "example.com"), .text(":"), .variable("PORT", default: nil)],
      typed: false, at: "dicfg.yaml:3:3")
    for variables in [["PORT": "8080"], ["HOST": "api.example.com", "PORT": "443"], ["PORT": ""]] {
      let linked = ResolutionPlan.ParameterValue.environment(segments: segments, typed: false).environmentText(
        in: variables)
      #expect(linked.unset == nil)
      #expect(try read.text(in: variables) == linked.text)
    }
  }

  @Test func anUnsetVariableFailsWithTheLinksMessageAtTheParametersLine() {
    let location = SourceLocation(file: "dicfg.yaml", line: 5, column: 3, offset: 40)
    let parameter = ResolutionPlan.Parameter(
      name: "token", value: .environment(segments: [.variable(name: "TOKEN", defaultValue: nil)], typed: true),
      location: location)
    guard case .failure(let diagnostic) = ParameterResolution.resolve(parameter, environment: [:]) else {
      Issue.record("the link read an unset variable")
      return
    }
    let read = EnvironmentParameter("token", [.variable("TOKEN", default: nil)], typed: true, at: "dicfg.yaml:5:3")
    #expect(throws: EnvironmentParameterError(parameter: "token", location: "dicfg.yaml:5:3", problem: .unset("TOKEN")))
    {
      try read.text(in: [:])
    }
    #expect(
      EnvironmentParameterError(parameter: "token", location: "dicfg.yaml:5:3", problem: .unset("TOKEN")).description
        == DiagnosticsError([diagnostic]).description)
  }

  @Test func aValueOfAnotherTypeNamesTheParameterTheValueAndTheType() throws {
    let read = EnvironmentParameter("timeout", [.variable("TIMEOUT", default: "30")], typed: true, at: "dicfg.yaml:4:3")
    #expect(try read.value(as: Double.self, in: [:]) == 30)
    #expect(
      throws: EnvironmentParameterError(
        parameter: "timeout", location: "dicfg.yaml:4:3",
        problem: .mismatch(found: "the text 'soon'", expected: "Int"))
    ) { try read.value(as: Int.self, in: ["TIMEOUT": "soon"]) }
  }
}
