import DICfgCore
import Testing

/// The one spelling type names are compared in, by the compiler and the runtime alike.
@Suite struct SwiftTypeNameTests {
  static let spellings: [(written: String, normalized: String)] = [
    ("Cache", "Cache"),
    ("Payments.Gateway", "Payments.Gateway"),
    ("Box<Int>", "Box<Int>"),
    ("Pair<String, Int>", "Pair<String,Int>"),
    ("Pair< Swift.String , Int >", "Pair<String,Int>"),
    ("Swift.Int", "Int"),
    ("Int?", "Optional<Int>"),
    ("Int!", "Optional<Int>"),
    ("(any WeatherClient)?", "Optional<WeatherClient>"),
    ("any Logger", "Logger"),
    ("some View", "View"),
    ("[Cache]", "Array<Cache>"),
    ("[String: [Int]]", "Dictionary<String,Array<Int>>"),
    ("[String: Int]?", "Optional<Dictionary<String,Int>>"),
    ("Box<[Int?]>", "Box<Array<Optional<Int>>>"),
    ("anything", "anything"),
  ]

  @Test(arguments: spellings) func aTypeNameHasOneSpelling(written: String, normalized: String) {
    #expect(SwiftTypeName.normalized(written) == normalized)
    #expect(SwiftTypeName.normalized(normalized) == normalized, "a normalized name stays as it is")
  }

  @Test func aTypeIsParsedOnceIntoWhatTheChecksAsk() {
    let logger = SwiftTypeExpression.named([.init(name: "Logger")])
    #expect(SwiftTypeExpression("(any Logger)?") == .optional(.existential(logger)))
    #expect(SwiftTypeExpression("Swift.Optional<any Logger>").wrapped?.withoutExistential == logger)
    #expect(SwiftTypeExpression("some Logger").withoutExistential == logger)
    #expect(SwiftTypeExpression("[Int]") == SwiftTypeExpression("Array<Int>"), "sugar and its long form are one type")
    #expect(
      SwiftTypeExpression("[String: Int]")
        == .dictionary(key: SwiftTypeExpression("String"), value: SwiftTypeExpression("Int")))
    #expect(SwiftTypeExpression("Array<Swift.Int>").element == SwiftTypeExpression("Int"))
    #expect(SwiftTypeExpression("Payments.Gateway") == .named([.init(name: "Payments"), .init(name: "Gateway")]))
    #expect(SwiftTypeExpression("Result<Int, any Error>.Success").normalized == "Result<Int,Error>.Success")
    #expect(SwiftTypeExpression("[Int]").isSame(as: SwiftTypeExpression("Array< Int >")))
    #expect(!SwiftTypeExpression("Int?").isSame(as: SwiftTypeExpression("Int")))
    #expect(SwiftTypeExpression("Int").wrapped == nil && SwiftTypeExpression("Int").element == nil)
    // Tuples and function types are cases of their own; what the structure does not model is kept
    // as written, without whitespace.
    let int = SwiftTypeExpression("Int")
    #expect(
      SwiftTypeExpression("(Int, String)") == .tuple([.init(type: int), .init(type: SwiftTypeExpression("String"))]))
    #expect(SwiftTypeExpression("(Int, String)").normalized == "(Int,String)")
    #expect(SwiftTypeExpression("()") == .tuple([]))
    #expect(
      SwiftTypeExpression("(Int) -> Void") == .function(.init(parameters: [int], result: .named([.init(name: "Void")])))
    )
    #expect(SwiftTypeExpression("Codable & Sendable") == .other("Codable&Sendable"))
    #expect(SwiftTypeExpression("(A & B)?") == .optional(.other("(A&B)")))
    #expect(SwiftTypeExpression("(inout Int) -> Void") == .other("(inoutInt)->Void"))
    #expect(
      SwiftTypeExpression("(file: String, line: Int)?").wrapped?.tupleElements?.map(\.label) == ["file", "line"])
    #expect(SwiftTypeExpression("(file: String, line: Int)?").normalized == "Optional<(file:String,line:Int)>")
    #expect(SwiftTypeExpression("((Int) -> Void)!").wrapped?.function?.parameters == [int])
    #expect(SwiftTypeExpression("Int").function == nil && SwiftTypeExpression("(Int)").tupleElements == nil)
  }

  @Test(arguments: [
    ("(Int) throws -> Details", "(Int)throws->Details"),
    ("(_ id: Swift.Int, _ title: String) throws -> Details", "(Int,String)throws->Details"),
    ("@escaping @Sendable (Int) async throws -> [Details]", "@Sendable(Int)asyncthrows->Array<Details>"),
    ("@MainActor () -> Void", "@MainActor()->Void"),
    ("(Int) throws(LoadError) -> Details?", "(Int)throws(LoadError)->Optional<Details>"),
    ("(Int) -> (String) -> Details", "(Int)->(String)->Details"),
    ("@convention(c) (Int32) -> Int32", "@convention(c)(Int32)->Int32"),
  ])
  func aFunctionTypeIsParsedIntoItsParts(written: String, normalized: String) throws {
    let type = SwiftTypeExpression(written)
    let function = try #require(type.function, "'\(written)' is a function type")
    #expect(type.normalized == normalized)
    #expect(SwiftTypeExpression(function.spelled) == type, "its spelling reads back as the same type")
  }

  @Test func aFunctionTypesPartsAreItsParametersEffectsAndResult() throws {
    let function = try #require(SwiftTypeExpression("@Sendable (_ id: Int, String) async throws -> Details").function)
    #expect(function.attributes == ["@Sendable"])
    #expect(function.parameters == [SwiftTypeExpression("Int"), SwiftTypeExpression("String")])
    #expect(function.isAsync && function.isThrowing && function.thrownType == nil)
    #expect(function.result == SwiftTypeExpression("Details"))
    #expect(function.spelled == "@Sendable (Int, String) async throws -> Details")
    #expect(SwiftTypeExpression("anything").normalized == "anything", "'any' only as a keyword")
  }

  @Test func aNameIsLookedUpAsWrittenThenWithoutItsFirstComponent() {
    #expect(SwiftTypeName.lookupNames("ShopKit.Cache") == ["ShopKit.Cache", "Cache"])
    #expect(SwiftTypeName.lookupNames("ShopKit.Payments.Gateway") == ["ShopKit.Payments.Gateway", "Payments.Gateway"])
    #expect(SwiftTypeName.lookupNames("Box<Shop.Item>") == ["Box<Shop.Item>"])
    #expect(SwiftTypeName.lookupNames("any Logger") == ["Logger"])
  }

  @Test func aLiteralFitsATypeHoweverItIsSpelled() {
    #expect(ResolutionPlan.Literal.double(0.5).fits("Swift.Float"))
    #expect(ResolutionPlan.Literal.int(3).fits("Double?"))
    #expect(ResolutionPlan.Literal.string("x").fits("Optional< String >"))
    #expect(!ResolutionPlan.Literal.string("x").fits("Int?"))
    #expect(!ResolutionPlan.Literal.double(0.5).fits("Swift.Int"))
    #expect(ResolutionPlan.Literal.double(0.5).swiftExpression(as: "Swift.Float?") == "Float(0.5 as Double)")
    #expect(ResolutionPlan.Literal.int(2).swiftExpression(as: "Optional<Double>") == "2")
  }

  @Test func typeBindingsFindATypeHoweverItIsSpelled() {
    var bindings = TypeBindings()
    bindings.bind(0, type: "ConsoleLogger", as: ["any Logger", "Pair<String, Int>"])
    #expect(bindings[type: "Logger"] == [0])
    #expect(bindings[type: "Pair<String,Int>"] == [0])
    #expect(TypeBindings.nearest("any Logger", along: [0], in: [bindings])?.services == [0])
  }
}
