/// The services of one container found by Swift type so far, by the type's identity (the
/// address of its metadata, which lives as long as the process).
///
/// Readers read the newest table in place; a type found for the first time publishes a new table
/// with it added. A container resolves a bounded set of types, each added once.
@usableFromInline
final class TypeIndex: Sendable {
  @usableFromInline let tables = SnapshotReference<TypeTable>()

  /// The service bound to `type`, if a resolve by that type found it before.
  @inlinable
  func service(boundTo type: Any.Type) -> Int? {
    tables.read { $0.service(boundTo: type) } ?? nil
  }

  /// Remembers that `type` resolves to `service`.
  func remember(_ service: Int, boundTo type: Any.Type) {
    tables.update { newest in
      if newest?.service(boundTo: type) != nil { return nil }
      return TypeTable(adding: ObjectIdentifier(type), service, to: newest)
    }
  }
}
