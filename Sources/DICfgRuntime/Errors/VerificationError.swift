public import DICfgCore

/// The services `Container.verify()` could not build: one failure per root cause.
///
/// A service that fails makes every service depending on it fail too, with the same cause at the
/// end of a longer path. Each cause is reported once, with the shortest path that reached it, and
/// the services it also made fail are listed beside it.
public struct VerificationError: DICfgError {
  /// One failure per root cause (its code, location and message), in the order found.
  public var failures: [ResolutionError]
  /// Per failure, in the same order: the other services whose resolve failed because of it.
  public var alsoFailing: [[String]]

  /// Groups `collected`, one per service verified, by root cause.
  init(collecting collected: [ResolutionError]) {
    struct Cause: Hashable {
      var code: DiagnosticCode
      var location: SourceLocation?
      var message: String
    }
    var order: [Cause] = []
    var byCause: [Cause: (failure: ResolutionError, others: [String])] = [:]
    for failure in collected {
      let cause = Cause(code: failure.code, location: failure.location, message: failure.message)
      let service = failure.path.first ?? ""
      guard var found = byCause[cause] else {
        order.append(cause)
        byCause[cause] = (failure, [])
        continue
      }
      if failure.path.count < found.failure.path.count {
        found.others.append(found.failure.path.first ?? "")
        found.failure = failure
      } else {
        found.others.append(service)
      }
      byCause[cause] = found
    }
    failures = order.compactMap { byCause[$0]?.failure }
    alsoFailing = order.map { byCause[$0]?.others ?? [] }
  }

  /// One finding per root cause, noting the services it also made fail.
  public var diagnostics: [Diagnostic] {
    zip(failures, alsoFailing).flatMap { failure, others in
      failure.diagnostics.map { finding in
        var finding = finding
        if !others.isEmpty {
          finding.notes.append(
            Note(message: "it also fails " + others.map { "'\($0)'" }.joined(separator: ", "), location: nil))
        }
        return finding
      }
    }
  }

  public var description: String {
    zip(failures, alsoFailing).map { failure, others in
      guard !others.isEmpty else { return failure.description }
      return failure.description + "; it also fails " + others.map { "'\($0)'" }.joined(separator: ", ")
    }.joined(separator: "\n")
  }
}
