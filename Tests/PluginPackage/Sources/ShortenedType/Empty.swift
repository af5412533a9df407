// The graph file beside this file names a type by a shortened form of the declared name; the build
// must fail once, at its line, with the declared name.
