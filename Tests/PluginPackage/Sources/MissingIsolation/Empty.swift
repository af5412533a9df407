// The graph file beside this file holds one mistake; the build must fail at its line.
