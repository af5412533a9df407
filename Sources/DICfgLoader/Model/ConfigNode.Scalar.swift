extension ConfigNode {
  /// A scalar as written: its text, how it was quoted, and its standard tag if it had one.
  ///
  /// The compiler types a scalar by what the field needs, and uses `isPlain` to tell `no` (a
  /// plain scalar, which YAML 1.2's core schema reads as the string "no") from `"no"`, and `3`
  /// from `"3"`.
  public struct Scalar: Sendable, Hashable {
    private enum Text: Sendable {
      case owned(String)
      /// A loaded scalar's record: its text is made into a string when asked for.
      case tree(ConfigTree, UInt32)
    }

    private var storage: Text
    /// How it was written.
    public var style: Style
    /// The standard tag written on it, if any.
    public var tag: StandardTag?

    /// Creates a scalar.
    public init(_ text: String, style: Style = .plain, tag: StandardTag? = nil) {
      self.storage = .owned(text)
      self.style = style
      self.tag = tag
    }

    init(tree: ConfigTree, index: UInt32, flags: ConfigTree.Flags) {
      self.storage = .tree(tree, index)
      self.style = flags.style
      self.tag = flags.tag
    }

    /// The scalar's text after escapes and folding; it may hold any Unicode scalar, NUL included.
    public var text: String {
      get {
        switch storage {
        case .owned(let text): text
        case .tree(let tree, let index): tree.string(index)
        }
      }
      set { storage = .owned(newValue) }
    }

    /// Whether the text is `expected`, byte for byte, without making a string.
    public func hasText(_ expected: String) -> Bool {
      switch storage {
      case .owned(let text): ScalarKey.sameBytes(text, expected)
      case .tree(let tree, let index): tree.textEquals(index, expected)
      }
    }

    public static func == (lhs: Scalar, rhs: Scalar) -> Bool {
      lhs.style == rhs.style && lhs.tag == rhs.tag && lhs.text == rhs.text
    }

    public func hash(into hasher: inout Hasher) {
      hasher.combine(text)
      hasher.combine(style)
      hasher.combine(tag)
    }

    /// Whether the scalar was plain and untagged, so its type comes from its text.
    public var isPlain: Bool { style == .plain && tag == nil }

    /// How a scalar was written.
    public enum Style: String, Sendable, Hashable, Codable {
      /// No quotes: `name`, `3`, `true` (and JSON numbers, `true`, `false`, `null`).
      case plain
      /// `'single quoted'`.
      case singleQuoted
      /// `"double quoted"` (and every JSON string).
      case doubleQuoted
      /// A `|` block.
      case literal
      /// A `>` block.
      case folded

      /// Whether this is any quoted or block style, which always gives a string.
      public var isQuoted: Bool { self != .plain }
    }
  }

  /// The tags of YAML's core schema (`!!str`, `!!int`, …); other tags are rejected by the loader.
  public enum StandardTag: String, Sendable, Hashable, Codable, CaseIterable {
    /// `!!str` (and the non-specific `!`).
    case str
    /// `!!int`.
    case int
    /// `!!float`.
    case float
    /// `!!bool`.
    case bool
    /// `!!null`.
    case null
    /// `!!map`.
    case map
    /// `!!seq`.
    case seq

    /// The short form, `!!str`.
    public var shorthand: String { "!!" + rawValue }
  }
}
