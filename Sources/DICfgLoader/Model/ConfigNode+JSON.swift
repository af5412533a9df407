import DICfgCore

extension ConfigNode {
  /// The node as JSON text, with plain scalars typed by YAML 1.2's core schema (so `3` is a
  /// number and `"3"` a string). Non-finite numbers become the strings `".inf"`, `"-.inf"`,
  /// `".nan"`. Written without recursion.
  ///
  /// Useful to hand a YAML graph file to JSON tools, such as a JSON Schema validator.
  public func jsonText() -> String {
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
        case .scalar(let scalar):
          output += Self.json(scalar)
        case .sequence(let items):
          var pending: [Work] = [.text("[")]
          for (index, element) in items.enumerated() {
            if index > 0 { pending.append(.text(",")) }
            pending.append(.node(element))
          }
          pending.append(.text("]"))
          work.append(contentsOf: pending.reversed())
        case .mapping(let entries):
          var pending: [Work] = [.text("{")]
          for (index, entry) in entries.enumerated() {
            pending.append(.text((index > 0 ? "," : "") + Self.quoted(entry.key.text) + ":"))
            pending.append(.node(entry.value))
          }
          pending.append(.text("}"))
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

  private static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
