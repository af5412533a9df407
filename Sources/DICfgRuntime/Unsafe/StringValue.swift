/// A `String` value's two words, read as bytes: ``IDTable`` finds an id in the app's code by them
/// before it reads the text.
///
/// Invariants: read only where `MemoryLayout<String>.size == 16` (the caller checks); the words
/// are compared, never turned back into a string. An id of up to 15 UTF-8 bytes is stored inline
/// in those words, so the same id written anywhere has the same words; equal words are always the
/// same string, and different words send the caller to a lookup by text.
@usableFromInline
enum StringValue {
  @inlinable
  static func words(of text: String) -> (UInt64, UInt64) {
    withUnsafeBytes(of: text) { ($0.load(as: UInt64.self), $0.load(fromByteOffset: 8, as: UInt64.self)) }
  }
}
