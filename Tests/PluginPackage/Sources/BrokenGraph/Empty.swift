// The graph file beside this file does not validate; the build must fail with its diagnostic.
