// swift-format-ignore-file
// String literals of every kind, holding braces, quotes, comment markers and declarations.
struct Strings {
  let plain = "a } b { c // not a comment /* nor this"
  let escaped = "quote \" brace } backslash \\"
  let interpolated = "value \(compute("}", ")")) and \(["a": "}"]["a"] ?? "{")"
  let nested = "outer \("inner \("innermost }")")"
  let multiline = """
    struct Hidden {
      init(x: Int) {}
    }
    "quoted" and \(1 + 2) and \"""
    """
  let raw = #"raw \(not interpolated) " } { "#
  let rawInterpolated = #"raw \#(compute("x", "y")) }"#
  let doubleRaw = ##"a "# still inside }"##
  let rawMultiline = #"""
    """ not the end
    init(fake: Int)
    """#
  let unicode = "émoji 🎉 } \u{1F600}"
  init(text: String = "default, with comma", count: Int = "a,b".count, flag: Bool = ")" == "(") {}
  static func compute(_ a: String, _ b: String) -> String { a + b }
  func compute(_ a: String, _ b: String) -> String { a + b }
}
struct AfterStrings { var value = "{" ; var other: Int = 2 }
