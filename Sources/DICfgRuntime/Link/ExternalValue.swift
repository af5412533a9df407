/// An external as the host app supplied it.
enum ExternalValue: Sendable {
  case strong(Constant)
  case weak(WeakReference)
  case absent
}
