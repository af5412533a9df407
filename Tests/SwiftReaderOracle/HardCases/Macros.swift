// swift-format-ignore-file
// Freestanding macros and directives among declarations.
#warning("a warning { with a brace")
struct WithMacro {
  #someMacro(name: "value")
  init(a: Int) {}
}
struct WithDirectives {
  #sourceLocation(file: "Other.swift", line: 10)
  init(b: Int) {}
  #sourceLocation()
}
#Preview {
  WithMacro(a: 1)
}
struct AfterMacros { let x: Int }
