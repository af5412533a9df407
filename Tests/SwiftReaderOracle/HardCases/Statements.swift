// swift-format-ignore-file
// Top-level code, as in main.swift: statements, functions and closures that hold declarations.
import Foundation

let value = 1
func helper() -> Int {
  struct LocalType { init(local: Int) {} }
  return 1
}
if value > 0 {
  struct InIf {}
}
let closure = {
  class InClosure {}
}
print("struct Hidden {}")
var actor = 3
actor = 4
switch value {
case 1: print("one")
default: break
}
guard value > 0 else { fatalError() }
actor Worker { init(id: Int) {} }
struct Visible { init(a: Int) {} }; struct AlsoVisible { init(b: Int) {} }
