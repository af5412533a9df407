package enum Placeholder {}
