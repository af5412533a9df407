import DICfgCore

/// A property of a linked service: its setter and its compiled value.
struct PropertySource: Sendable {
  var label: String
  var source: ValueSource
  var location: SourceLocation
  var setter: Registration.Property?
}
