/// The builds of shared-scope instances under way in one link: each instance is built exactly
/// once across threads, and no lock is held while a factory runs.
///
/// Bookkeeping only: it never builds and never calls back into a resolve. A resolve that needs an
/// instance no scope keeps yet claims it (``claim(_:in:resolve:thread:)``) under the lock, builds
/// it outside the lock, and keeps it when the resolve ends (after its properties are injected), or
/// drops the claim if the resolve fails, so the next resolve retries. Another thread that needs a
/// claimed instance waits for it. A request that would wait on itself — the same resolve, the same
/// thread, or a thread that (through other waiting threads) waits on this one — is a cycle: it
/// gets the instance if its factory has returned (as a property cycle shares it), or an error.
final class SharedBuilds: Sendable {
  private struct Owner {
    /// The resolve building it; nil for a generated container's accessor, whose build is its own.
    let resolve: ObjectIdentifier?
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

  /// What a resolve that needs a shared instance no scope keeps yet is told to do.
  enum Claim {
    /// Another resolve's build has been kept meanwhile: use it.
    case kept(Instance)
    /// Build it: the build is claimed for the resolve, which reports it with ``built(_:of:)``
    /// or ``release(_:)``, and keeps or abandons it when it ends.
    case build
    /// The build is the asking resolve's own, or one that waits on it: a cycle. `built` is the
    /// instance once its factory has returned (a property cycle shares it); nil while it runs.
    case cycle(built: Instance?)
  }

  private let state: ConditionLocked<State>

  init(serviceCount: Int) {
    state = ConditionLocked(State(claims: Array(repeating: nil, count: serviceCount)))
  }

  /// Claims the build of `service`'s instance in `scope` for the resolve `resolve` on `thread`, or
  /// waits while another thread builds it and answers with that thread's instance.
  func claim(_ service: Int, in scope: some SharedScope, resolve: ObjectIdentifier?, thread: ThreadIdentity) -> Claim {
    var waited = false
    return state.waitUntil { state -> ConditionLocked<State>.Step<Claim> in
      if waited {
        state.waiting[thread] = nil
        waited = false
      }
      if let kept = scope.kept(service) { return .done(.kept(kept)) }
      guard let claim = state.claims[service] else {
        state.claims[service] = Owner(resolve: resolve, thread: thread)
        return .done(.build)
      }
      if (resolve != nil && claim.resolve == resolve) || claim.thread == thread
        || state.waitChainReaches(thread, from: claim.thread)
      {
        return .done(.cycle(built: claim.built))
      }
      state.waiting[thread] = service
      waited = true
      return .wait
    }
  }

  /// Records that the claimed build of `service` returned `instance`, which a property cycle in
  /// the same resolve then shares.
  func built(_ instance: Instance, of service: Int) {
    state.withLock { $0.claims[service]?.built = instance }
  }

  /// Drops the claim of a build that failed, and wakes the threads waiting for it.
  func release(_ service: Int) {
    state.withLock(broadcast: true) { $0.claims[service] = nil }
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
  func keep(_ instance: Instance, of service: Int, in scope: some SharedScope) {
    state.withLock(broadcast: true) { _ in scope.keep(instance, of: service) }
  }

  /// Keeps the instance of a claimed build that ends with itself (a generated accessor's, which
  /// sets no properties), drops the claim and wakes the threads waiting for it: one lock.
  func keep(claimed service: Int, instance: Instance, in scope: some SharedScope) {
    state.withLock(broadcast: true) { state in
      scope.keep(instance, of: service)
      state.claims[service] = nil
    }
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

/// A shared-scope instance a resolve built, to keep (or drop) when the resolve ends.
struct ClaimedBuild {
  let scope: any SharedScope
  let service: Int
}
