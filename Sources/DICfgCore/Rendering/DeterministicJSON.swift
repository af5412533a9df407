import Foundation

/// The JSON encoding of everything dicfg writes (diagnostics, SARIF, plans, manifests): indented,
/// keys sorted, slashes unescaped — the same bytes for the same value.
package enum DeterministicJSON {
  package static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// `value` as JSON text ending in a line break.
  package static func text(_ value: some Encodable, encoder: JSONEncoder = encoder()) throws -> String {
    String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
  }
}
