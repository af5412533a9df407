// swift-format-ignore-file
// Comments that hold what looks like code: braces, quotes, declarations.
/* struct NotAType { init(a: Int) {} } */
/* nested /* block { comments */ still a comment: class Hidden {} */
/// A doc comment with `init(x:)` and a stray } brace.
final class Commented /* : NotInherited */: Base /* { */ {
  // init(hidden: Int) {}
  init(a: Int /* , b: Int */, c: String) {} // } trailing
  /* var hidden = 1 */ var shown: Int = 0
  /**
   * init(alsoHidden: Int) {}
   */
  var after: String { "}" }
}
class Base {}
//struct Commented2 {}
/*
 struct Commented3 {}
 */
struct AfterComments { let value: Int }
