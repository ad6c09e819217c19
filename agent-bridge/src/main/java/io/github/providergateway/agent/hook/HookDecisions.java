package io.github.providergateway.agent.hook;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.host.api.HookDecision;
import io.github.providergateway.host.api.HostApi;
import io.github.providergateway.protocol.SessionInfo;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * What the gateway's providers decide about one agent hook call, whichever way the gateway is
 * reached: from the command hook's own process over the host protocol ({@link HookAdapter}), or in
 * the gateway's process, where the HTTP hooks are served ({@link HookEndpoint}). The session is the
 * agent's ({@link SessionChoice}); the agent asks its person itself, so a gate's question comes
 * back as the agent's "ask".
 */
final class HookDecisions {

  private HookDecisions() {}

  /**
   * Decides {@code request} of {@code agent} through {@code gateway}: the gateway of this process,
   * or a client of a shared one; the two things a hook needs of it are its sessions and {@code
   * preToolUse}.
   */
  static CompletableFuture<HookVerdict> decide(
      HostApi gateway, HookRequest request, AgentKind agent) {
    return gateway
        .sessions()
        .thenCompose(
            sessions -> {
              Optional<SessionInfo> session = SessionChoice.pick(sessions, request.cwd(), agent);
              if (session.isEmpty()) {
                return CompletableFuture.completedFuture(
                    HookVerdict.allow(
                        List.of(),
                        "no gateway session has cwd "
                            + request.cwd()
                            + ", so no provider rule applies; allowed"));
              }
              String id = session.get().id();
              String about =
                  "gateway session "
                      + id
                      + " ("
                      + session.get().label()
                      + "), tool "
                      + request.tool();
              // The agent asks its person itself (Claude Code's and Copilot CLI's "ask"): a gate's
              // question comes back in the decision rather than going to the console or status
              // page.
              return gateway
                  .preToolUse(id, request.tool(), request.args(), true)
                  .thenApply(decision -> verdict(decision, request, about));
            });
  }

  private static HookVerdict verdict(HookDecision decision, HookRequest request, String about) {
    JsonNode updated =
        decision.updatedArgs() == null
            ? null
            : ToolMapping.toAgent(request, decision.updatedArgs());
    if (decision.ask()) {
      return HookVerdict.ask(
          decision.reason(),
          decision.context(),
          about + ": a gate asks the person, so the agent asks them: " + decision.reason(),
          updated);
    }
    if (!decision.allowed()) {
      return new HookVerdict(
          false, decision.reason(), decision.context(), about + ": " + decision.reason(), null);
    }
    if (updated != null) {
      return new HookVerdict(
          true,
          null,
          decision.context(),
          about
              + ": the providers allow it with the arguments their gates rewrote; the agent asks the person",
          updated);
    }
    return HookVerdict.allow(decision.context(), about + ": the providers allow it");
  }
}
