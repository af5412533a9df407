// The graph file beside this file names a type that neither this target's Swift, nor `Shop`'s,
// declares, and that no declared name is close to: it may come from a module the generator does
// not read, so the Swift compiler decides, with one error at the graph file's line.
