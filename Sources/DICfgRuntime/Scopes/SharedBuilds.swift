/// The builds of shared-scope instances under way in one link: each instance is built exactly
/// once across threads, and no lock is held while a factory runs.
///
/// A resolve that needs an instance no scope keeps yet claims it under the lock, builds it
/// outside the lock (this type never builds anything), and keeps it when the resolve ends (after its properties are injected), or
/// drops the claim if the resolve fails, so the next resolve retries. Another thread that needs a
/// claimed instance waits for it. A request that would wait on itself — the same resolve, the same
/// thread, or a thread that (through other waiting threads) waits on this one — is a cycle: it
/// gets the instance if its factory has returned (as a property cycle shares it), or an error.
final class SharedBuilds: Sendable {
  private struct Owner {
    let resolve: ObjectIdentifier
    let thread: ThreadIdentity
    /// The instance, once its factory has returned.
    var built: Instance?
  }

  private struct State {
    /// Per service of the link: its build under way, if any.
    var claims: [Owner?]
    /// Which service each waiting thread waits for.
    var waiting: [ThreadIdentity: Int] = [:]

    /// Whether the thread `start` waits, directly or through other waiting threads, on `target`.
    func waitChainReaches(_ target: ThreadIdentity, from start: ThreadIdentity) -> Bool {
      var thread = start
      var steps = 0
      while let service = waiting[thread], let owner = claims[service]?.thread, steps <= waiting.count {
        if owner == target { return true }
        thread = owner
        steps += 1
      }
      return false
    }
  }

  private let state: ConditionLocked<State>

  init(serviceCount: Int) {
    state = ConditionLocked(State(claims: Array(repeating: nil, count: serviceCount)))
  }

  /// What a claim found.
  enum Claim {
    /// The scope keeps an instance (another thread's build ended while this one waited).
    case kept(Instance)
    /// The claimant builds the instance, then reports it with ``built(_:of:)`` and keeps it with
    /// ``keep(_:)``, or drops the claim with ``abandon(_:)``.
    case build
    /// The claimant (or a thread waiting on it) is building the instance already: its instance
    /// when its factory has returned (as a property cycle shares it), else nil.
    case cycle(built: Instance?)
  }

  /// Claims the build of `service`, kept in `scope`, for the resolve `claimant` on `thread`:
  /// waits while another thread builds it, and never calls a factory.
  func claim(_ service: Int, in scope: ScopeStore, by claimant: ObjectIdentifier, on thread: ThreadIdentity)
    -> Claim
  {
    var waited = false
    return state.waitUntil { state -> ConditionLocked<State>.Step<Claim> in
      if waited {
        state.waiting[thread] = nil
        waited = false
      }
      if let kept = scope.kept(service) { return .done(.kept(kept)) }
      guard let claim = state.claims[service] else {
        state.claims[service] = Owner(resolve: claimant, thread: thread)
        return .done(.build)
      }
      if claim.resolve == claimant || claim.thread == thread || state.waitChainReaches(thread, from: claim.thread) {
        return .done(.cycle(built: claim.built))
      }
      state.waiting[thread] = service
      waited = true
      return .wait
    }
  }

  /// Records that the factory of a claimed service returned `instance`, for a cycle back to it.
  func built(_ instance: Instance, of service: Int) {
    state.withLock { $0.claims[service]?.built = instance }
  }

  /// Keeps what a resolve built, now that it ended, and wakes the threads waiting for it.
  func keep(_ claimed: [ClaimedBuild]) {
    guard !claimed.isEmpty else { return }
    state.withLock(broadcast: true) { state in
      for build in claimed {
        if let instance = state.claims[build.service]?.built { build.scope.keep(instance, of: build.service) }
        state.claims[build.service] = nil
      }
    }
  }

  /// Keeps an instance built outside these claims (by an awaited build), so it never interleaves
  /// with a reset, and wakes the threads waiting for it.
  func keep(_ instance: Instance, of service: Int, in scope: ScopeStore) {
    state.withLock(broadcast: true) { _ in scope.keep(instance, of: service) }
  }

  /// Drops the claims of a resolve that failed, so the next resolve builds them again.
  func abandon(_ claimed: [ClaimedBuild]) {
    guard !claimed.isEmpty else { return }
    state.withLock(broadcast: true) { state in
      for build in claimed { state.claims[build.service] = nil }
    }
  }

  /// Runs `body` with the lock held, so it never interleaves with keeping an instance.
  func whileLocked(_ body: () -> Void) {
    state.withLock { _ in body() }
  }
}

/// A shared-scope instance a resolve claimed, to keep (or drop) when the resolve ends.
struct ClaimedBuild {
  let scope: ScopeStore
  let service: Int
}
