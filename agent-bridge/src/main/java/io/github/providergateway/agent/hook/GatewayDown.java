package io.github.providergateway.agent.hook;

import io.github.providergateway.gateway.event.SessionHookRule;
import io.github.providergateway.host.client.HomeGatewayProcess;
import io.github.providergateway.protocol.ProjectScope;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What a hook (and {@code gateway status}) says when no gateway answers for its home: in which
 * state the home's record leaves the gateway (never started, stopped, crashed), which of the gates
 * in force then concern the call, and how to start it again (docs/agents.md, "When the gateway is
 * not running"). Every call is denied then (architecture, decision 61); these words make the denial
 * one a person can act on.
 */
public final class GatewayDown {

  private GatewayDown() {}

  /**
   * What the home's record says of its gateway, for a person: {@code the gateway of H was stopped
   * at T}, {@code … crashed or was killed}, {@code no gateway has run for H yet}.
   *
   * @param record the home's record ({@link HookGateRecord#read})
   * @param home the home
   * @return one clause, no full stop
   */
  public static String state(HookGateRecord.Contents record, Path home) {
    HookGateRecord.GatewayState gateway = record.gateway();
    if (gateway == null) {
      return record == HookGateRecord.Contents.NONE
          ? "no gateway has run for " + home + " yet"
          : "the gateway of " + home + " did not stop normally";
    }
    return switch (gateway.phase()) {
      case STOPPED -> "the gateway of " + home + " was stopped at " + seconds(gateway.since());
      case STARTING ->
          HomeGatewayProcess.isGatewayOf(home, gateway.pid())
              ? "the gateway of " + home + " (pid " + gateway.pid() + ") is starting"
              : "the gateway of " + home + " (pid " + gateway.pid() + ") ended while it started";
      case RUNNING ->
          HomeGatewayProcess.isGatewayOf(home, gateway.pid())
              ? "the gateway of " + home + " (pid " + gateway.pid() + ") does not listen"
              : "the gateway of "
                  + home
                  + " (pid "
                  + gateway.pid()
                  + ", running since "
                  + gateway.since()
                  + ") crashed or was killed";
    };
  }

  /**
   * Whether the home's record says a live gateway is starting: worth a short wait.
   *
   * @param home the home
   * @return whether a gateway that is alive holds the home and does not listen yet
   */
  public static boolean starting(Path home) {
    try {
      HookGateRecord.GatewayState gateway = HookGateRecord.read(home).gateway();
      return gateway != null
          && gateway.phase() == HookGateRecord.Phase.STARTING
          && HomeGatewayProcess.isGatewayOf(home, gateway.pid());
    } catch (java.io.IOException unreadable) {
      return false;
    }
  }

  /**
   * {@code ; it would meet ci-guard's gate 'ci-green'}: the rules of the record that concern the
   * call (its session's, held ones, configured ones), or nothing when none does.
   */
  static String heldFor(HookGateRecord.Contents record, HookRequest request, Path userHome) {
    String home = userHome == null ? null : userHome.toString();
    List<SessionHookRule> rules = new ArrayList<>();
    for (HookGateRecord.Entry session : record.sessions()) {
      if (ProjectScope.holds(session.cwd(), request.cwd(), home)) {
        rules.addAll(session.rules());
      }
    }
    for (HookGateRecord.Held held : record.held()) {
      if (ProjectScope.holds(held.project(), request.cwd(), home)) {
        rules.addAll(held.rules());
      }
    }
    for (HookGateRecord.Configured configured : record.configured()) {
      rules.addAll(configured.rules());
    }
    Set<String> named = new LinkedHashSet<>();
    for (SessionHookRule rule : rules) {
      RecordedRules.firstBlocking(List.of(rule), request)
          .ifPresent(blocking -> named.add(blocking.describe()));
    }
    return named.isEmpty() ? "" : " (this one would meet " + String.join(", ", named) + ")";
  }

  /**
   * The command that runs the gateway, as the person runs it: the launcher script that started this
   * process ({@code GATEWAY_HOOK_LAUNCHER} in a hook, {@code GATEWAY_LAUNCHER} otherwise), else
   * {@code gateway}.
   *
   * @return the command, for messages
   */
  public static String launcher() {
    for (String variable : List.of("GATEWAY_HOOK_LAUNCHER", "GATEWAY_LAUNCHER")) {
      String script = System.getenv(variable);
      if (script != null && !script.isBlank()) {
        return script;
      }
    }
    return "gateway";
  }

  /**
   * How to start the home's gateway, with the launcher a person runs.
   *
   * @param home the home
   * @param launcher the command that runs the gateway ({@code /abs/path/gateway})
   * @return one sentence, no full stop
   */
  public static String howToStart(Path home, String launcher) {
    String command = launcher + " --home " + home;
    return "Start it with '"
        + command
        + " --detached', or have it from login with '"
        + launcher
        + " service install --home "
        + home
        + "'; after a crash, an agent whose MCP server is '"
        + launcher
        + " mcp' starts it again";
  }

  /** An instant as a person reads it: to the second. */
  static String seconds(java.time.Instant instant) {
    return instant.truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString();
  }
}
