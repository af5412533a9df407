struct Half {
  func unfinished(
