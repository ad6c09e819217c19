package io.github.providergateway.gateway.internal;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.Decision.Outcome;
import io.github.providergateway.gateway.event.DecisionKind;
import io.github.providergateway.host.api.HookDecision;
import io.github.providergateway.loop.SerialExecutor;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;

/**
 * A federated MCP server's resource read or prompt got (decision 123), checked and recorded as a
 * tool call is (decision 131). The session's {@code onPreToolUse} rules and the gateway's policies
 * (the guard) see it as a call of a pseudo-tool, {@value #READ_TOOL} with {@code {"uri"}} or
 * {@value #PROMPT_TOOL} with {@code {"name", "arguments"}}, whose provider is the server, before
 * the server is asked; the audit trail gets that evaluation's {@code pre_tool_use} record (when the
 * session has rules) and one {@code tool_call} record of the read's outcome, naming the server and
 * what was read. A gate may not rewrite what is read: the URI decides which server answers.
 */
public final class McpReads {

  /** The pseudo-tool a resource read is checked and recorded as. */
  public static final String READ_TOOL = "mcp.resources.read";

  /** The pseudo-tool a prompt got is checked and recorded as. */
  public static final String PROMPT_TOOL = "mcp.prompts.get";

  /**
   * One read under way.
   *
   * @param sessionId the session that reads
   * @param callId its id in the audit trail, shared by its two records
   * @param tool {@link #READ_TOOL} or {@link #PROMPT_TOOL}
   * @param server the MCP server's provider name
   * @param what what it reads, as the record's reason names it ({@code resources/read of
   *     test://static-text})
   * @param args the pseudo-tool's arguments
   * @param started when the agent's request reached the gateway's check
   */
  public record Read(
      String sessionId,
      String callId,
      String tool,
      String server,
      String what,
      JsonNode args,
      Instant started) {
    public Read {
      requireNonNull(sessionId, "sessionId");
      requireNonNull(tool, "tool");
      requireNonNull(server, "server");
      requireNonNull(args, "args");
    }
  }

  private final SerialExecutor loop;
  private final Timers timers;
  private final Secrets secrets;
  private final SessionRegistry sessions;
  private final HookEngine hooks;
  private final Listeners listener;

  McpReads(
      SerialExecutor loop,
      Timers timers,
      Secrets secrets,
      SessionRegistry sessions,
      HookEngine hooks,
      Listeners listener) {
    this.loop = loop;
    this.timers = timers;
    this.secrets = secrets;
    this.sessions = sessions;
    this.hooks = hooks;
    this.listener = listener;
  }

  /**
   * Starts a read of {@code what} from {@code server} and runs the session's checks on it.
   *
   * @return the read, for {@link #ended}, and the checks' decision; an unknown or ended session
   *     throws {@code HostException}. Loop only.
   */
  public Checked check(String sessionId, String tool, String server, String what, JsonNode args) {
    loop.assertInLoop();
    SessionState session = sessions.requireActive(sessionId);
    Read read = new Read(sessionId, secrets.id("read"), tool, server, what, args, timers.now());
    CompletableFuture<HookDecision> decision =
        hooks.evaluate(
            session,
            tool,
            args,
            server,
            read.callId(),
            replacement ->
                replacement.equals(args)
                    ? null
                    : "what an MCP server is asked to read is not rewritten (decision 131)",
            HookEngine.Caller.NONE,
            false);
    return new Checked(read, decision);
  }

  /**
   * A read and its checks' decision.
   *
   * @param read the read
   * @param decision completes on the loop
   */
  public record Checked(Read read, CompletableFuture<HookDecision> decision) {}

  /**
   * Records how {@code read} ended: {@code success}, {@code failure} with why, or {@code denied}
   * with the checks' reason. Loop only.
   */
  public void ended(Read read, Outcome outcome, String why) {
    loop.assertInLoop();
    if (!listener.hearsDecisions()) {
      return;
    }
    Instant now = timers.now();
    listener.decided(
        Decision.builder(now, DecisionKind.TOOL_CALL, outcome)
            .reason(why == null ? read.what() : read.what() + ": " + why)
            .provider(read.server())
            .sessionId(read.sessionId())
            .call(read.tool(), read.callId())
            .latency(Duration.between(read.started(), now))
            .args(Decisions.sha256(read.args()), read.args(), listener.keepsArguments())
            .build());
  }
}
