// swift-format-ignore-file
// Regex literals, bare and extended, beside division.
struct Regexes {
  let digits = /[0-9]+ } {/
  let slash = /a\/b/
  let classBrace = /[{}]x/
  let extended = #/
    (?<name> [a-z]+ ) # a comment with } and "
  /#
  let oneLine = #/ } { " /#
  let ratio = 10 / 2 / 5
  let spaced = 4 / 2
  init(pattern: Regex<Substring> = /x{2}/, scale: Double = 1 / 3) {}
}
struct AfterRegexes { let value: Int; init(value: Int) { self.value = value / 2 } }
