import DICfgCompiler
import DICfgCore
import DICfgSwiftModel
import DICfgSwiftReader
import DICfgTestSupport
import Testing

@Suite struct SwiftDeclarationReaderTests {
  private func read(_ files: MarkedFiles) -> SwiftDeclarations {
    SwiftDeclarationReader().read(files: files.texts.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
  }

  @Test func initializersKeepTheirLabelsTypesEffectsAndIsolation() throws {
    let files = MarkedFiles([
      "Client.swift": """
      import Foundation

      1️⃣final class OpenWeatherClient: WeatherClient, Sendable {
        2️⃣init(baseURL: URL, apiKey: String, retries: Int = 3) throws {}
        init(_ session: Session) async {}
        @MainActor init?(preview: Bool) {}
        private init() {}
      }
      """
    ])
    let type = try #require(read(files).type(named: "OpenWeatherClient"))
    #expect(type.kind == .class && type.location == files["Client.swift", "1️⃣"])
    #expect(type.inherited == ["WeatherClient", "Sendable"])
    #expect(
      type.initializers.map(\.signature) == ["init(baseURL:apiKey:retries:)", "init(_:)", "init(preview:)", "init()"])
    let first = type.initializers[0]
    #expect(first.location == files["Client.swift", "2️⃣"])
    #expect(first.parameters.map(\.type) == ["URL", "String", "Int"])
    #expect(first.parameters.map(\.hasDefault) == [false, false, true])
    #expect(first.isThrowing && !first.isAsync)
    #expect(type.initializers[1].isAsync && !type.initializers[1].isThrowing)
    #expect(type.initializers[2].isFailable && type.initializers[2].globalActor == "MainActor")
    #expect(type.initializers[3].isPrivate)
    #expect(type.initializersComplete)
  }

  /// A type's and an initializer's generic parameters, by name, whatever constrains them.
  @Test func genericParametersAreReadByName() throws {
    let declarations = read(
      MarkedFiles([
        "Repository.swift": """
        final class Repository<S: Store<Int>, each T>: Sendable where S: Sendable {
          init<Cache: Caching & Sendable, U>(store: S, cache: Cache, extra: U) {}
          init?<V>(value: V) {}
          init(plain: Int) {}
        }
        protocol Storing<Element> { associatedtype Element }
        """
      ]))
    let type = try #require(declarations.type(named: "Repository"))
    #expect(type.genericParameters == ["S", "T"])
    #expect(type.initializers.map(\.genericParameters) == [["Cache", "U"], ["V"], []])
    // A protocol's primary associated types are not generic parameters.
    #expect(declarations.type(named: "Storing")?.genericParameters == [])
  }

  // Shapes of real view models and stores, which swift-syntax reads whole: a comma inside the
  // generic arguments of an initializer expression or a default is not the end of the value.
  @Test func genericArgumentsInAnInitialValueOrADefaultDoNotEndIt() throws {
    let declarations = read(
      MarkedFiles([
        "Store.swift": """
        final class EventStore {
          private let events = PassthroughSubject<Event, Never>()
          let table = Dictionary<String, Array<Int>>()
          var comparison = 1 < 2, other = 3 > 2
          init(subject: PassthroughSubject<Event, Never> = PassthroughSubject<Event, Never>(), retries: Int = 3) {}
          init(when: Bool = 1 < 2, limit: Int = 2 > 1 ? 1 : 0) {}
        }
        struct Quotes { let quote = #\"""#; init(mark: String = #\"""#, after: Int) {} }
        struct Reader { var value: Int { read { $0 } } }
        struct FormView { @FocusState<Field?>.Binding var focus: Field? }
        """
      ]))
    #expect(declarations.unreadable.isEmpty)
    let store = try #require(declarations.type(named: "EventStore"))
    #expect(store.properties.map(\.name) == ["events", "table", "comparison", "other"])
    #expect(store.initializers.map(\.signature) == ["init(subject:retries:)", "init(when:limit:)"])
    #expect(store.initializers[0].parameters.map(\.type) == ["PassthroughSubject<Event, Never>", "Int"])
    #expect(store.initializers[0].parameters.map(\.hasDefault) == [true, true])
    // The default as written: what a migration reads, and what says whether it looks up a container.
    #expect(
      store.initializers.flatMap { $0.parameters.map(\.defaultValue) } == [
        "PassthroughSubject<Event, Never>()", "3", "1 < 2", "2 > 1 ? 1 : 0",
      ])
    let quotes = try #require(declarations.type(named: "Quotes"))
    #expect(quotes.initializers.map(\.signature) == ["init(mark:after:)"])
    let reader = try #require(declarations.type(named: "Reader"))
    #expect(reader.properties.map(\.isSettable) == [false])
    #expect(try #require(declarations.type(named: "FormView")).properties.map(\.name) == ["focus"])
  }

  @Test func aStructWithoutInitializersHasTheMemberwiseOneAndAMainActorTypeIsolatesItsInitializers() throws {
    let declarations = read(
      MarkedFiles([
        "Config.swift": """
        struct Config {
          let baseURL: String
          var retries: Int = 3
          var label: String?
          let name = "fixed"
          var computed: Int { 1 }
          static var shared = 0
        }
        struct Defaults { var a = 1; var b: Bool = false }
        @MainActor final class View { var delegate: AnyObject? }
        """
      ]))
    let config = try #require(declarations.type(named: "Config"))
    #expect(config.initializers.map(\.signature) == ["init(baseURL:retries:label:)"])
    #expect(config.initializers[0].parameters.map(\.hasDefault) == [false, true, true])
    let defaults = try #require(declarations.type(named: "Defaults"))
    #expect(defaults.initializers.map(\.signature) == ["init(a:b:)", "init()"])
    let view = try #require(declarations.type(named: "View"))
    #expect(view.globalActor == "MainActor")
    #expect(view.initializers.map(\.signature) == ["init()"])
    #expect(view.initializers[0].globalActor == "MainActor")
  }

  /// A property wrapper built by `init()` gives the property it wraps a value, as Swift decides it:
  /// a class of only such properties gets Swift's `init()`, one whose wrapper needs its value does
  /// not; a struct of private stored properties with values keeps an internal `init()`.
  @Test func wrappersBuiltByInitAndPrivatePropertiesWithValuesLeaveInitCallable() throws {
    let declarations = read(
      MarkedFiles([
        "Preferences.swift": """
        @propertyWrapper struct Preference<Value: ExpressibleByIntegerLiteral> {
          var wrappedValue: Value = 12
          init() {}
        }
        @propertyWrapper struct Clamped {
          var wrappedValue: Int
          init(wrappedValue: Int) { self.wrappedValue = wrappedValue }
        }
        final class Preferences { @Preference private var fontSize: Int }
        final class Limits { @Clamped var count: Int }
        struct Loader { private let cache: [String: Int] = [:] }
        """
      ]))
    let preferences = try #require(declarations.type(named: "Preferences"))
    #expect(preferences.initializers.map(\.signature) == ["init()"])
    #expect(preferences.initializers.first?.isPrivate == false)
    #expect(try #require(declarations.type(named: "Limits")).initializers.isEmpty)
    let loader = try #require(declarations.type(named: "Loader"))
    #expect(loader.initializers.map(\.signature) == ["init()"])
    #expect(loader.initializers.first?.isPrivate == false)
  }

  /// A property written with a literal alone has the type Swift infers for it; any other
  /// expression leaves the type to the compiler.
  @Test func aLiteralAloneTypesAProperty() throws {
    let declarations = read(
      MarkedFiles([
        "Settings.swift": """
        final class Settings {
          var digits = 2
          var ratio = 0.5
          var mask = 0x1F
          var title = "Notes"
          var isOn = true
          var offset = -1
          var sum = 1 + 2
          var limit = 10 { didSet {} }
        }
        """
      ]))
    let settings = try #require(declarations.type(named: "Settings"))
    #expect(
      settings.properties.map { "\($0.name): \($0.type ?? "_")" } == [
        "digits: Int", "ratio: Double", "mask: Int", "title: String", "isOn: Bool", "offset: _", "sum: _",
        "limit: Int",
      ])
  }

  @Test func nestedTypesAndExtensionsAreOneTypeByQualifiedName() throws {
    let declarations = read(
      MarkedFiles([
        "Payments.swift": """
        enum Payments {
          struct Gateway { init(key: String) {} }
        }
        """,
        "Payments+More.swift": """
        extension Payments.Gateway: Sendable {
          init(other: Int) {}
          var region: String { get { "" } set {} }
        }
        extension Payments { final class Ledger {} }
        """,
      ]))
    let gateway = try #require(declarations.type(named: "Payments.Gateway"))
    #expect(gateway.initializers.map(\.signature) == ["init(key:)", "init(other:)"])
    #expect(gateway.inherited == ["Sendable"])
    #expect(gateway.properties.map(\.name) == ["region"] && gateway.properties[0].isSettable)
    #expect(declarations.type(named: "Payments.Ledger")?.initializers.map(\.signature) == ["init()"])
    #expect(declarations.type(named: "ShopKit.Payments.Gateway")?.name == "Payments.Gateway")
    #expect(declarations.type(named: "Box<Int>") == nil)
  }

  @Test func propertiesAreSettableOnlyWhereCodeOutsideTheTypeCanSetThem() throws {
    let declarations = read(
      MarkedFiles([
        "Car.swift": """
        final class Car {
          var plugins: [String] = []
          let wheels = 4
          private(set) var speed = 0
          private var secret = 0
          var observed = 0 { didSet {} }
          var derived: Int { speed * 2 }
          var both: Int { get { 0 } set {} }
        }
        """
      ]))
    let car = try #require(declarations.type(named: "Car"))
    let settable = Dictionary(uniqueKeysWithValues: car.properties.map { ($0.name, $0.isSettable) })
    #expect(
      settable == [
        "plugins": true, "wheels": false, "speed": false, "secret": false, "observed": true, "derived": false,
        "both": true,
      ])
  }

  @Test func aSubclassInheritsItsDeclaredSuperclassInitializersAndNotAnUnknownOnes() throws {
    let declarations = read(
      MarkedFiles([
        "Views.swift": """
        class Base { init(title: String) {} }
        final class Detail: Base {}
        final class Screen: UIViewController {}
        final class Own: UIViewController { init(model: Int) { super.init(nibName: nil, bundle: nil) } }
        @MemberwiseInit struct Generated { let a: Int }
        """
      ]))
    #expect(declarations.type(named: "Detail")?.initializers.map(\.signature) == ["init(title:)"])
    #expect(declarations.type(named: "Detail")?.initializersComplete == true)
    #expect(declarations.type(named: "Screen")?.initializersComplete == false)
    #expect(declarations.type(named: "Own")?.initializersComplete == true)
    #expect(declarations.type(named: "Own")?.propertiesComplete == false)
    #expect(declarations.type(named: "Generated")?.initializersComplete == false)
  }

  /// Windscribe's tvOS screens: a subclass of a subclass that declares no initializer inherits what
  /// its superclass inherits, whatever order the files are read in; a class that overrides another
  /// module's initializers (`override init(frame:)`) may inherit that class's convenience ones.
  @Test func inheritedInitializersFollowTheChainAndOverridesLeaveThemOpen() throws {
    let declarations = read(
      MarkedFiles([
        "A.swift": "final class NewsFeed: Focused { init(model: Int) { super.init(nibName: nil, bundle: nil) } }\n"
          + "final class Popup: Focused {}\n",
        "B.swift": """
        class Focused: UIViewController { var preferred: UIView? }
        final class NameView: UIView {
          override init(frame: CGRect) { super.init(frame: frame) }
          required init?(coder: NSCoder) { fatalError() }
        }
        final class Plain: UIView { init(model: Int) { super.init(frame: .zero) } }
        """,
      ]))
    #expect(declarations.type(named: "Focused")?.initializersComplete == false)
    #expect(declarations.type(named: "Popup")?.initializersComplete == false)
    #expect(declarations.type(named: "NewsFeed")?.initializersComplete == true)
    #expect(declarations.type(named: "NameView")?.initializersComplete == false)
    #expect(declarations.type(named: "Plain")?.initializersComplete == true)
  }

  @Test func aFileThatDoesNotParseIsNamedAndItsTypesAreLeftToTheCompiler() throws {
    let files = MarkedFiles([
      "Broken.swift": """
      struct Half {
        init(a: Int) {}
        func f( 1️⃣
      """
    ])
    let declarations = read(files)
    #expect(declarations.unreadable.count == 1)
    let finding = try #require(declarations.unreadable.first)
    #expect(finding.code == .unreadableSwift && finding.severity == .warning)
    #expect(finding.location.file == "Broken.swift" && finding.location.line == 3)
    #expect(
      finding.message == "'Broken.swift' does not parse as Swift; the types it declares are left to the Swift compiler")
    #expect(declarations.type(named: "Half")?.initializersComplete == false)
  }
}
