import DICfgCore
import DICfgLoader
import DICfgTestSupport
import Testing

private func loadYAML(_ text: String, file: String = "test.yaml", limits: LoaderLimits = LoaderLimits()) -> LoadedFile {
  ConfigLoader(limits: limits).load(bytes: Array(text.utf8), path: file, format: .yaml)
}

@Suite struct LoaderStructureTests {
  @Test func loadsMappingsInKeyOrderWithLocations() throws {
    let marked = MarkedText(
      """
      1️⃣dicfg: 1
      services:
        2️⃣zeta: { type: 3️⃣Zeta }
        4️⃣alpha:
          type: Alpha
      """)
    let file = ConfigLoader().load(bytes: marked.bytes, path: marked.file)
    #expect(file.diagnostics.isEmpty)
    let root = try #require(file.root)
    #expect(root.location == marked["1️⃣"])
    let entries = try #require(root.mapping)
    #expect(entries.map(\.key.text) == ["dicfg", "services"])
    let services = try #require(entries[1].value.mapping)
    #expect(services.map(\.key.text) == ["zeta", "alpha"])
    #expect(services[0].key.location == marked["2️⃣"])
    #expect(services[1].key.location == marked["4️⃣"])
    let type = try #require(services[0].value.mapping?.first?.value)
    #expect(type.location == marked["3️⃣"])
    #expect(type.scalar == ConfigNode.Scalar("Zeta"))
    #expect(type.hasText("Zeta") && !type.hasText("Zet"))
  }

  @Test func keepsScalarStyleSoNoCanBeToldFromQuotedNo() throws {
    let file = loadYAML("a: no\nb: \"no\"\nc: 'no'\nd: |\n  no\ne: >\n  no\nf: !!str no\n")
    let entries = try #require(file.root?.mapping)
    let scalars = entries.compactMap(\.value.scalar)
    #expect(scalars.map(\.style) == [.plain, .doubleQuoted, .singleQuoted, .literal, .folded, .plain])
    #expect(scalars.map(\.isPlain) == [true, false, false, false, false, false])
    #expect(scalars[5].tag == .str)
    #expect(CoreSchema.value(of: scalars[0]) == .string("no"))
    #expect(CoreSchema.value(of: scalars[1]) == .string("no"))
  }

  @Test(arguments: [
    ("3", CoreSchema.Value.int(3)), ("-17", .int(-17)), ("0x1F", .int(31)), ("0o17", .int(15)),
    ("3.5", .double(3.5)), ("1e3", .double(1000)), (".5", .double(0.5)), ("true", .bool(true)),
    ("False", .bool(false)), ("null", .null), ("~", .null), ("", .null), ("yes", .string("yes")),
    ("on", .string("on")), ("0777", .int(777)), ("1_000", .string("1_000")), ("0x", .string("0x")),
    ("99999999999999999999", .bigInt("99999999999999999999")), ("+5", .int(5)), ("-.5", .double(-0.5)),
    ("NULL", .null), ("TRUE", .bool(true)), ("+.inf", .double(.infinity)), ("-.Inf", .double(-.infinity)),
    ("service1", .string("service1")), (" 3", .string(" 3")), ("_1", .string("_1")), ("é", .string("é")),
  ])
  func typesPlainScalarsByTheCoreSchema(text: String, expected: CoreSchema.Value) {
    #expect(CoreSchema.value(ofPlain: text) == expected)
  }

  @Test func readsScalarsHoldingNulByLength() throws {
    let file = loadYAML("a: \"x\\0y\"\n")
    let value = try #require(file.root?.mapping?.first?.value.scalar)
    #expect(Array(value.text.utf8) == [0x78, 0x00, 0x79])
  }

  @Test func yamlAndEquivalentJSONLoadIntoEqualTrees() throws {
    let yaml = """
      dicfg: 1
      parameters:
        timeout: 30
        ratio: 2.5
        debug: false
        name: "weather"
        nothing: null
      services:
        client: { type: OpenWeatherClient, as: [WeatherClient, "Client"], scope: singleton }
        emoji: "😀 é"
      """
    let json = """
      {"dicfg": 1, "parameters": {"timeout": 30, "ratio": 2.5, "debug": false, "name": "weather",
       "nothing": null},
       "services": {"client": {"type": "OpenWeatherClient", "as": ["WeatherClient", "Client"],
       "scope": "singleton"}, "emoji": "\\ud83d\\ude00 \\u00e9"}}
      """
    let fromYAML = try #require(loadYAML(yaml).root)
    let fromJSON = try #require(ConfigLoader().load(bytes: Array(json.utf8), path: "test.json").root)
    // JSON strings are double-quoted scalars, so the plain YAML names differ only in style.
    func normalized(_ node: ConfigNode) -> ConfigNode {
      switch node.content {
      case .scalar(var scalar):
        if scalar.style != .plain || !CoreSchema.value(ofPlain: scalar.text).isString { return node }
        scalar.style = .doubleQuoted
        return ConfigNode(.scalar(scalar), at: node.location)
      case .sequence(let items):
        return ConfigNode(.sequence(ConfigNode.Items(items.map(normalized))), at: node.location)
      case .mapping(let entries):
        let normalizedEntries = entries.map { ConfigNode.Entry(key: normalized($0.key), value: normalized($0.value)) }
        return ConfigNode(.mapping(ConfigNode.Entries(normalizedEntries)), at: node.location)
      }
    }
    #expect(normalized(fromYAML).hasSameContent(as: normalized(fromJSON)))
    #expect(!fromYAML.hasSameContent(as: fromJSON.mapping?.first?.value ?? fromJSON))
  }

  @Test func emptyFileAndCommentOnlyFileHaveNoDocumentAndNoFindings() {
    for text in ["", "\n\n", "# only a comment\n  # another\n"] {
      let file = loadYAML(text)
      #expect(file.root == nil)
      #expect(file.diagnostics.isEmpty)
    }
  }

  @Test func explicitEmptyDocumentIsANullScalar() throws {
    let file = loadYAML("---\n")
    #expect(file.diagnostics.isEmpty)
    let root = try #require(file.root)
    #expect(root.scalar.map { CoreSchema.value(of: $0) } == .null)
  }

  @Test func anchorsAndAliasesCopyTheAnchoredNode() throws {
    let marked = MarkedText(
      """
      defaults: &base { scope: singleton, tags: [a] }
      one: 1️⃣*base
      two: *base
      """)
    let file = ConfigLoader().load(bytes: marked.bytes, path: marked.file)
    #expect(file.diagnostics.isEmpty)
    let entries = try #require(file.root?.mapping)
    #expect(entries[1].value.hasSameContent(as: entries[0].value))
    #expect(entries[2].value.hasSameContent(as: entries[0].value))
    #expect(entries[1].value.location == marked["1️⃣"])
  }

  @Test func mergeKeysMergeMappingsAndExplicitKeysWin() throws {
    let file = loadYAML(
      """
      base: &base { type: Base, scope: singleton }
      extra: &extra { scope: weak, eager: true }
      service:
        <<: [*base, *extra]
        type: Override
      """)
    #expect(file.diagnostics.isEmpty)
    let service = try #require(file.root?.mapping?[2].value.mapping)
    #expect(service.map(\.key.text) == ["scope", "eager", "type"])
    #expect(service.map(\.value.text) == ["singleton", "true", "Override"])
  }

  @Test func quotedMergeKeyIsAnOrdinaryKey() throws {
    let file = loadYAML("a:\n  \"<<\": { b: 1 }\n")
    #expect(file.diagnostics.isEmpty)
    #expect(file.root?.mapping?.first?.value.mapping?.first?.key.text == "<<")
  }

  @Test func mergeKeyWithAScalarIsInvalidValue() {
    let marked = MarkedText("a:\n  <<: 1️⃣scalar\n  b: 1\n")
    let file = ConfigLoader().load(bytes: marked.bytes, path: marked.file)
    #expect(summaries(file.diagnostics) == ["invalid-value@\(marked["1️⃣"].line):\(marked["1️⃣"].column)"])
  }

  @Test func duplicateKeyPointsAtTheSecondWithANoteAtTheFirst() throws {
    let marked = MarkedText("services:\n  1️⃣api: { type: A }\n  other: { type: B }\n  2️⃣api: { type: C }\n")
    let file = ConfigLoader().load(bytes: marked.bytes, path: marked.file)
    let diagnostic = try #require(file.diagnostics.first)
    #expect(file.diagnostics.count == 1)
    #expect(diagnostic.code == .duplicateKey)
    #expect(diagnostic.severity == .error)
    #expect(diagnostic.location == marked["2️⃣"])
    #expect(diagnostic.message == "duplicate key 'api' in one mapping; remove or rename one of them")
    #expect(diagnostic.notes == [Note(message: "'api' is first defined here", location: marked["1️⃣"])])
  }

  @Test func duplicateKeysAreFoundInLargeMappingsToo() {
    let keys = (0..<100).map { "k\($0): \($0)" }.joined(separator: "\n")
    let marked = MarkedText(keys + "\n1️⃣k42: again\n")
    let file = ConfigLoader().load(bytes: marked.bytes, path: marked.file)
    #expect(summaries(file.diagnostics) == ["duplicate-key@101:1"])
    #expect(file.diagnostics.first?.notes.first?.location?.line == 43)
  }

  @Test func entriesAreFoundByKeyThroughTheIndexOfALargeMappingAndByScanInASmallOne() throws {
    // 300 keys outgrow the index's first table, so it is rebuilt while the mapping is read.
    let keys = (0..<300).map { "k\($0): \"v\($0)\"" }.joined(separator: "\n")
    let large = try #require(loadYAML(keys + "\n<<: { merged: 1, k7: ignored }\n").root?.mapping)
    #expect(large.count == 301)
    for index in [0, 16, 17, 150, 299] {
      #expect(large[key: "k\(index)"]?.scalar?.text == "v\(index)")
    }
    #expect(large[key: "merged"]?.hasText("1") == true)
    #expect(large[key: "k300"] == nil && large[key: "k"] == nil)
    let small = try #require(loadYAML("a: 1\nb: [x]\n").root?.mapping)
    #expect(small[key: "b"]?.sequence?.first?.hasText("x") == true)
    #expect(small[key: "c"] == nil)
    let built = ConfigNode.Entries([ConfigNode.Entry(key: small[0].key, value: small[1].value)])
    #expect(built[key: "a"]?.sequence?.count == 1)
  }

  @Test func keysCompareAsUnicodeScalarsSoNFCAndNFDStayDistinct() throws {
    let file = loadYAML("caf\u{E9}: 1\ncafe\u{301}: 2\n")
    #expect(file.diagnostics.isEmpty)
    #expect(file.root?.mapping?.count == 2)
  }

  @Test func nonScalarKeyIsInvalidValue() {
    let marked = MarkedText("1️⃣? [a, b]\n: c\n")
    let file = ConfigLoader().load(bytes: marked.bytes, path: marked.file)
    #expect(summaries(file.diagnostics) == ["invalid-value@1:3"])
    #expect(file.root == nil)
  }

  @Test func standardTagsAreKeptAndOthersRejected() throws {
    let ok = loadYAML("a: !!str 3\nb: !!int 7\nc: !!float 2\nd: !!map {x: 1}\ne: !!seq [1]\nf: ! 9\n")
    #expect(ok.diagnostics.isEmpty)
    #expect(ok.root?.mapping?.compactMap(\.value.scalar?.tag) == [.str, .int, .float, .str])

    let marked = MarkedText("a: 1️⃣!custom x\nb: 2️⃣!!int abc\nc: 3️⃣!!map x\nd: 4️⃣!!binary aGk=\n")
    let bad = ConfigLoader().load(bytes: marked.bytes, path: marked.file)
    #expect(
      summaries(bad.diagnostics) == [
        "unsupported-tag@1:4", "unsupported-tag@2:4", "unsupported-tag@3:4", "unsupported-tag@4:4",
      ])
    #expect(bad.diagnostics[0].message.hasPrefix("tag '!custom' is not supported"))
    #expect(bad.diagnostics[1].message == "'abc' is not a valid '!!int' value; remove the tag or fix the value")
    #expect(bad.diagnostics[3].message.hasPrefix("tag '!!binary' is not supported"))
  }
}

extension CoreSchema.Value {
  fileprivate var isString: Bool {
    if case .string = self { return true }
    return false
  }
}
