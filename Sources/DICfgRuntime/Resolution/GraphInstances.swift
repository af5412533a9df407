/// The graph-scoped instances of one resolve, by global service number.
///
/// Most resolves build a handful of graph instances, where a linear scan of a small array beats
/// hashing; past 32 entries an index is built.
struct GraphInstances {
  private var keys: [Int] = []
  private var values: [Any] = []
  private var index: [Int: Int]?

  subscript(_ service: Int) -> Any? {
    if let index { return index[service].map { values[$0] } }
    for position in keys.indices where keys[position] == service { return values[position] }
    return nil
  }

  mutating func insert(_ instance: Any, for service: Int) {
    keys.append(service)
    values.append(instance)
    if index != nil {
      index?[service] = keys.count - 1
    } else if keys.count > 32 {
      index = Dictionary(uniqueKeysWithValues: zip(keys, keys.indices))
    }
  }
}
