// A Swift value of a module the target does not depend on: one error at the graph file's value,
// naming the module to depend on, as `dicfg validate --package` says it.
struct Banner {
  let text: String
}
