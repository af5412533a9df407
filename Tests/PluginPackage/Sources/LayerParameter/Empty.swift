// The production layer beside this file sets a parameter the initializer cannot take; the build
// must fail once, at the layer's line, naming the environment.
