/// The values a typed factory is called with, borrowed from the resolve's argument stack (or an
/// awaited build's array) for the duration of the call, so calling a factory copies no array.
///
/// Invariants: a `BorrowedValues` exists only inside ``with(_:_:_:)``, whose array outlives the
/// call and is not mutated during it; a factory reads the values and never keeps the buffer (the
/// registrations that create factories, in `Registry`, read each value once, by position).
@usableFromInline
struct BorrowedValues {
  @usableFromInline let buffer: UnsafeBufferPointer<Instance>

  @usableFromInline
  init(_ buffer: UnsafeBufferPointer<Instance>) { self.buffer = buffer }

  @inlinable var count: Int { buffer.count }

  @inlinable subscript(position: Int) -> Instance { buffer[position] }

  /// Calls `body` with `values[range]` borrowed.
  @inlinable
  static func with<Result>(
    _ values: [Instance], _ range: Range<Int>, _ body: (BorrowedValues) throws -> Result
  ) rethrows -> Result {
    try values.withUnsafeBufferPointer { try body(BorrowedValues(UnsafeBufferPointer(rebasing: $0[range]))) }
  }

  /// Calls `body` with all of `values` borrowed.
  @inlinable
  static func with<Result>(_ values: [Instance], _ body: (BorrowedValues) throws -> Result) rethrows -> Result {
    try values.withUnsafeBufferPointer { try body(BorrowedValues($0)) }
  }
}
