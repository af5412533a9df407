/// The names a Swift type is registered and looked up under.
///
/// A type is registered under its name without the module: `Payments.Gateway` for a type
/// `Gateway` nested in `Payments`, so two `Gateway`s in different namespaces do not collide. The
/// full name with the module (`ShopKit.Cache`) finds it too. Generic types keep the name Swift
/// prints for them (`Box<Int>`).
///
/// Names are read from the type's metadata (`_typeName`), which is what `String(describing:)` and
/// `String(reflecting:)` print for a metatype, without their casts of the value to the printing
/// protocols: each such cast of a type seen for the first time scans every protocol conformance of
/// the process (BENCHMARKS.md has the start-up cost before and after).
enum TypeName {
  /// The name Swift prints for `type`: `Gateway`, `Box<Int>`.
  static func described(_ type: Any.Type) -> String { _typeName(type, qualified: false) }

  /// The name `type` is registered under by default.
  static func of(_ type: Any.Type) -> String {
    let described = described(type)
    let reflected = full(type)
    guard !described.contains("<"), !reflected.contains("("), let dot = reflected.firstIndex(of: ".") else {
      return described
    }
    return String(reflected[reflected.index(after: dot)...])
  }

  /// The full name, with the module: `ShopKit.Cache`.
  static func full(_ type: Any.Type) -> String { _typeName(type, qualified: true) }

  /// The names a graph file may give `type` under, most specific first: its registered name, its
  /// full name, and the name Swift prints for it.
  static func candidates(_ type: Any.Type) -> [String] {
    var names: [String] = []
    for name in [of(type), full(type), described(type)] where !names.contains(name) { names.append(name) }
    return names
  }

  /// The key of a registration: the type's name, followed by its initializer's labels when the
  /// registration names them (`Engine(power:name:)`), so one type can have a factory per
  /// initializer.
  static func key(_ name: String, labels: [String]?) -> String {
    guard let labels else { return name }
    return name + "(" + labels.map { $0 + ":" }.joined() + ")"
  }
}
