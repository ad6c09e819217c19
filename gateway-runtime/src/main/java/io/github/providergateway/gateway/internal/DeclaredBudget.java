package io.github.providergateway.gateway.internal;

import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.Limits;
import io.github.providergateway.protocol.TrustLevel;

/**
 * What providers' declarations (tools with their schemas, hook rules, transforms, context, filters)
 * may hold: {@code Limits.maxDeclaredBytesPerProvider} (4 MiB) for one provider in one session and
 * {@code Limits.maxDeclaredBytes} (64 MiB) for all of them, in estimated heap. A {@code hello} or
 * update past either is refused {@code PAYLOAD_TOO_LARGE} and changes nothing; in-process providers
 * are the host's own code and are not bounded. Loop only.
 */
final class DeclaredBudget {

  private final Limits limits;
  private final SessionRegistry sessions;

  DeclaredBudget(Limits limits, SessionRegistry sessions) {
    this.limits = limits;
    this.sessions = sessions;
  }

  /**
   * Refuses {@code candidate} as what {@code conn}'s provider would declare in {@code sessionId},
   * in place of {@code replaced} (its binding there now, or null).
   */
  void check(Conn conn, String sessionId, Declared candidate, Binding replaced) {
    if (conn.trust() == TrustLevel.INTERNAL) {
      return;
    }
    long bytes = candidate.estimatedBytes();
    long perProvider = limits.registration().maxDeclaredBytesPerProvider();
    if (bytes > perProvider) {
      throw new ProtocolViolation(
          ErrorCode.PAYLOAD_TOO_LARGE,
          "These declarations would hold about "
              + bytes
              + " bytes of memory in session "
              + sessionId
              + "; a provider may hold "
              + perProvider,
          sessionId);
    }
    long total = bytes + heldExcept(replaced);
    if (total > limits.registration().maxDeclaredBytes()) {
      throw new ProtocolViolation(
          ErrorCode.PAYLOAD_TOO_LARGE,
          "The gateway holds "
              + limits.registration().maxDeclaredBytes()
              + " bytes of declarations at most, and these would pass it",
          sessionId);
    }
  }

  /** What every binding of a provider that is not in-process holds, but {@code except}. */
  private long heldExcept(Binding except) {
    long held = 0;
    for (SessionState session : sessions.all()) {
      for (Binding binding : session.bindings().values()) {
        if (binding != except && binding.provider.trust != TrustLevel.INTERNAL) {
          held += binding.declaredBytes();
        }
      }
    }
    return held;
  }
}
