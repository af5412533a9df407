// The graph file beside this file names a type by its name before a rename in the Swift (`Checkout`
// was `Purchase`); the build must fail once, at its line, with the type the Swift now declares with
// the initializer the service lists.
