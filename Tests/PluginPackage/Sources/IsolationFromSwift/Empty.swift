// The graph file beside this file does not say that CheckoutViewModel is main-actor isolated; its
// Swift declaration does, and the build succeeds.
