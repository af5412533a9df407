// The file the graph file imports does not parse; the build must fail once, at its line, whatever
// the environments beside the graph file.
