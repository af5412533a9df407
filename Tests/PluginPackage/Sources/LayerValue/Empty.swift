// The production layer beside this file sets a value the initializer cannot take; the build must
// fail at the layer's line.
