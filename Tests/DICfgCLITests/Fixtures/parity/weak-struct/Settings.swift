struct Settings {
  init() {}
}
