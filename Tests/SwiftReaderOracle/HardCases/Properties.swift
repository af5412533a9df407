// swift-format-ignore-file
// Stored, computed, observed, lazy, static and tuple properties, and several bindings at once.
struct Properties {
  var a, b: Int
  var c = 1, d: String = "x", e: Double
  let (f, g) = (1, 2)
  var computed: Int { a + b }
  var getSet: Int {
    get { a }
    set { a = newValue }
  }
  var readOnly: Int { get { a } }
  var observed: Int = 0 {
    willSet { print(newValue) }
    didSet(old) { print(old) }
  }
  var observedNoDefault: Int { didSet {} }
  lazy var lazyValue: [Int] = { [1, 2, 3] }()
  static var shared = Properties(a: 0, b: 0, e: 0, observedNoDefault: 0)
  static let constant = 1
  private(set) var privateSet = 0
  fileprivate var filePrivate = 0
  public internal(set) var internalSet = 0
  var optional: Int?
  let optionalLet: String?
  var optionalType: Optional<Int>
  var closure: (Int) -> Int = { $0 }
  var trailing = [1, 2].map { $0 * 2 }
  weak var delegate: AnyObject?
  unowned let owner: AnyObject
  nonisolated(unsafe) var unsafeValue = 0
  var `default`: Int = 0
  var effectful: Int { get async throws { 0 } }
  subscript(index: Int) -> Int { index }
}
protocol Requirements {
  var readable: Int { get }
  var settable: Int { get set }
  init(requirement: Int) throws
}
