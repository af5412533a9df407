// swift-format-ignore-file
// Initializers: labels, effects, failability, access, variadic and special parameters.
actor Account {
  init(owner: String, _ balance: Double = 0, tags: String..., flags: inout [Bool]) {}
  init(throwing: Int) throws {}
  init(typed: Int) throws(AccountError) {}
  init(asyncThrowing: Int) async throws {}
  init(rethrowing body: () throws -> Void) rethrows {}
  init!(implicitlyFailable: Int) {}
  convenience init(convenience: Int) { self.init(throwing: 1) }
  required init(required: Int) {}
  private init(secret: Int) {}
  fileprivate init(filePrivate: Int) {}
  public init(public: Int) {}
  init(`class`: Int, in place: Int, for each: Int) {}
  init(isolation: isolated Account, sent: sending String, borrowed: borrowing String) {}
  init(some: some Sequence, any: any Sequence) {}
  init(
    multiline: Int,
    lines: String = "x"
  ) async {
  }
  deinit {}
}
enum AccountError: Error { case failed }
enum Direction: String, Codable, CaseIterable { case north, south }
enum Numbered: Int { case one = 1, two }
indirect enum Tree { case leaf(Int), node(Tree, Tree) }
struct Decoded: Decodable { let name: String }
class Parent { init(name: String) {}; init(other: Int) {} }
final class Child: Parent {}
final class GrandChild: Child { init(extra: Int) { super.init(name: "") } }
final class View: UIView {}
