import DICfgCore

extension ConfigNode {
  /// The node as JSON text, with plain scalars typed by YAML 1.2's core schema (so `3` is a
  /// number and `"3"` a string). Non-finite numbers become the strings `".inf"`, `"-.inf"`,
  /// `".nan"`. Written without recursion.
  ///
  /// Useful to hand a YAML graph file to JSON tools, such as a JSON Schema validator.
  public func jsonText() -> String {
    flowText(scalar: Self.json, key: Self.quoted, open: ("[", "]", "{", "}"), separator: ",", colon: ":")
  }

  /// The node on one line in YAML's flow style, scalars as written (`{ type: Api, as: [A, B] }`),
  /// for showing a value in messages and `dicfg explain`. Written without recursion.
  public func flowText() -> String {
    flowText(
      scalar: { $0.style.isQuoted || $0.text.isEmpty ? Self.quoted($0.text) : $0.text },
      key: { $0 }, open: ("[", "]", "{ ", " }"), separator: ", ", colon: ": ")
  }

  private func flowText(
    scalar: (Scalar) -> String, key: (String) -> String, open: (String, String, String, String), separator: String,
    colon: String
  ) -> String {
    var output = ""
    // Each item is either text to write or a node to expand.
    enum Work {
      case text(String)
      case node(ConfigNode)
    }
    var work: [Work] = [.node(self)]
    while let item = work.popLast() {
      switch item {
      case .text(let text):
        output += text
      case .node(let node):
        switch node.content {
        case .scalar:
          output += scalar(node.scalar ?? Scalar(""))
        case .sequence(let items):
          var pending: [Work] = [.text(open.0)]
          for (index, element) in items.enumerated() {
            if index > 0 { pending.append(.text(separator)) }
            pending.append(.node(element))
          }
          pending.append(.text(open.1))
          work.append(contentsOf: pending.reversed())
        case .mapping(let entries):
          var pending: [Work] = [.text(entries.isEmpty ? "{}" : open.2)]
          for (index, entry) in entries.enumerated() {
            pending.append(.text((index > 0 ? separator : "") + key(entry.key.text) + colon))
            pending.append(.node(entry.value))
          }
          if !entries.isEmpty { pending.append(.text(open.3)) }
          work.append(contentsOf: pending.reversed())
        }
      }
    }
    return output
  }

  private static func json(_ scalar: Scalar) -> String {
    switch CoreSchema.value(of: scalar) {
    case .null: "null"
    case .bool(let value): value ? "true" : "false"
    case .int(let value): String(value)
    case .bigInt(let text): text.hasPrefix("+") ? String(text.dropFirst()) : text
    case .double(let value):
      if value.isNaN {
        quoted(".nan")
      } else if value.isInfinite {
        quoted(value < 0 ? "-.inf" : ".inf")
      } else {
        "\(value)"
      }
    case .string(let text): quoted(text)
    }
  }

  private static func quoted(_ text: String) -> String { QuotedString.quoted(text, in: .json) }
}
