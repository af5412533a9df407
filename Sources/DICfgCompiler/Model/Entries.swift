import DICfgLoader

/// Mapping entries keyed by their key's text, in order, with lookup by key.
struct Entries {
  private(set) var list: [ConfigNode.Entry] = []
  private var index: [String: Int] = [:]

  init() {}

  init(_ entries: some Sequence<ConfigNode.Entry>) {
    for entry in entries { self[entry.key.text] = entry }
  }

  var isEmpty: Bool { list.isEmpty }
  var keys: [String] { list.map(\.key.text) }

  subscript(_ key: String) -> ConfigNode.Entry? {
    get { index[key].map { list[$0] } }
    set {
      if let position = index[key] {
        if let newValue {
          list[position] = newValue
        } else {
          list.remove(at: position)
          index = [:]
          for (offset, entry) in list.enumerated() { index[entry.key.text] = offset }
        }
      } else if let newValue {
        index[key] = list.count
        list.append(newValue)
      }
    }
  }
}
