import Foundation

// The production layer sets a property of Foundation's NumberFormatter to a number the link would
// pass as an Int where the property takes an NSNumber: Swift's literal would fit, the link would
// not, so the build must fail at the layer's line instead of the app when it runs.
final class PriceLabel {
  init(formatter: NumberFormatter) {}
}
