import DICfgCore
import DICfgLoader

/// What a scalar written as a service's value names: the rule the compiler decodes `init:` and
/// `properties:` by, and the language server reads its symbols by.
///
/// `client` and `analytics?` name a service (the second optional), `$apiToken` a parameter or
/// run-time argument, `$container` the container itself.
package enum ValueReference: Equatable, Sendable {
  case service(String, optional: Bool)
  case variable(String)
  case container
  /// Not a string: a number, a boolean or null, which must be written `{ value: … }`.
  case bareLiteral
  /// A `$` not followed by an identifier (`$`, `${HOST}`).
  case invalidVariable
  /// A `?` with no name before it, or two.
  case invalidReference

  package init(_ scalar: ConfigNode.Scalar) {
    guard case .string(let text) = CoreSchema.value(of: scalar), !text.isEmpty else {
      self = .bareLiteral
      return
    }
    if text == "$container" {
      self = .container
    } else if text.hasPrefix("$") {
      let name = String(text.dropFirst())
      self = Identifier.isValid(name) ? .variable(name) : .invalidVariable
    } else if text.hasSuffix("?") {
      let name = String(text.dropLast())
      self = name.isEmpty || name.hasSuffix("?") ? .invalidReference : .service(name, optional: true)
    } else {
      self = .service(text, optional: false)
    }
  }
}
