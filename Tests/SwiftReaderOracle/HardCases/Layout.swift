// swift-format-ignore-file
// Unusual layout: declarations split over lines, semicolons, empty bodies, trailing commas.
public
final
class
  SplitOverLines
  :
  Base2,
  Sendable
{
  init(
    first: Int,
    second: String,
  ) {}
  var a = 1; var b = 2
  init(c: Int) {}; init(d: Int) {}
}
class Base2 {}
struct Empty {}
enum Namespace {}
extension Namespace { struct Inside { var v: Int } }
protocol P {}; protocol Q: AnyObject, P {}
struct Conformer: P, Q {}
