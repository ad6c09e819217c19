package io.github.providergateway.agent.hook;

import io.github.providergateway.agent.guard.GuardJudge;
import io.github.providergateway.agent.guard.SessionFlows;
import io.github.providergateway.agent.internal.UserHome;
import io.github.providergateway.agent.mcp.ProjectRoot;
import io.github.providergateway.guard.Guard;
import io.github.providergateway.guard.GuardCall;
import io.github.providergateway.guard.GuardVerdict;
import io.github.providergateway.loop.base.UnsafeFileException;
import io.github.providergateway.protocol.ProjectScope;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * The verdict on a hook call when no gateway answers ({@link HookAdapter}'s offline path, decision
 * 76 amending 61): a gate the home's record holds that concerns the call denies it; the guard's
 * deny or question answers it; a configured provider whose gates the record does not know yet
 * denies it; and what is left, the guard allows.
 */
final class NoGatewayVerdict {

  private final AgentKind agent;
  private final HookAdapter.Settings settings;
  private final Guard guard;

  /**
   * The configuration's entries that start a provider for every session, or null when not known.
   */
  private final Set<String> configured;

  /** The guard's rule that denied, or null. */
  private String rule;

  NoGatewayVerdict(
      AgentKind agent, HookAdapter.Settings settings, Guard guard, Set<String> configured) {
    this.agent = agent;
    this.settings = settings;
    this.guard = guard;
    this.configured = configured;
  }

  /** {@return the guard's rule that denied the call, or null when none did} */
  String rule() {
    return rule;
  }

  /** The command that runs the gateway, as the person would type it. */
  private final String launcher = GatewayDown.launcher();

  /**
   * No gateway answers ({@code cause}). A gate the home's record holds that concerns the call
   * denies it (it cannot be checked); the guard's deny or question answers it; a configured
   * provider whose gates the record does not know yet denies it; and what is left, the guard allows
   * (decision 76, amending 61): the first call of the day is decided by the guard, not by a
   * connection error. The project is the git top level of the call's folder, as a session's would
   * be. Without the configuration's entries ({@link #configured} null) every call is denied, as
   * decision 61 says.
   */
  HookVerdict decide(HookRequest request, String cause) {
    HookGateRecord.Contents record;
    try {
      record = HookGateRecord.read(settings.home());
    } catch (UnsafeFileException e) {
      return HookVerdict.deny(
          cause + "; its record of gates is refused: " + e.getMessage() + "; denied",
          cause + "; record refused, denied (fail closed): " + e.getMessage());
    } catch (IOException e) {
      return HookVerdict.deny(
          cause + "; its record of gates cannot be read (" + e.getMessage() + "); denied",
          cause + "; " + e.getMessage() + "; denied (fail closed)");
    }
    String state = GatewayDown.state(record, settings.home());
    String notRunning = "the provider gateway is not running: " + state + " (" + cause + ")";
    String start = ". " + GatewayDown.howToStart(settings.home(), launcher);
    String held = GatewayDown.heldFor(record, request, UserHome.get());
    if (HookCanary.is(request)) {
      // gateway doctor's canary is the gateway's to deny: with none, it is denied, not by it.
      String reason = notRunning + ", so the doctor's canary is not answered by it; denied" + start;
      return HookVerdict.deny(reason, reason);
    }
    if (!held.isEmpty()) {
      String reason =
          notRunning + ", so the gates it held cannot be checked; denied" + held + start;
      return HookVerdict.deny(reason, reason);
    }
    GuardCall offline = offlineCall(request);
    GuardVerdict guarded =
        GuardJudge.withoutGateway(
            guard,
            offline,
            settings.home(),
            SessionFlows.agentKey(agent.name(), request.agentSession()));
    if (!guarded.allowed()) {
      rule = guarded.ruleId();
      return HookDecisions.guardAnswer(guarded, guarded.message() + " (" + notRunning + ")");
    }
    if (configured == null) {
      String reason =
          notRunning
              + ", so the providers' gates cannot be checked and every call is denied"
              + start;
      return HookVerdict.deny(reason, reason);
    }
    Set<String> unknown = new java.util.TreeSet<>(configured);
    record.configured().forEach(known -> unknown.remove(known.entry()));
    if (!unknown.isEmpty()) {
      String reason =
          notRunning
              + ", and the gates of "
              + String.join(", ", unknown)
              + " (in the home's configuration) are not known until it has run; denied"
              + start;
      return HookVerdict.deny(reason, reason);
    }
    String note =
        notRunning
            + "; no gate the home's record holds concerns this call, and the guard allows it";
    return HookVerdict.allow(List.of(), note);
  }

  /**
   * The call as the guard reads it with no gateway: the project is the git top level of its folder
   * (a session's would be), none when that is {@code /}, the home or above it, or the folder is not
   * absolute.
   */
  private static GuardCall offlineCall(HookRequest request) {
    Path cwd = HookDecisions.cwd(request);
    if (cwd == null) {
      return new GuardCall(request.tool(), request.args(), null, null, null);
    }
    Path userHome = UserHome.get();
    Path project = ProjectRoot.of(cwd, userHome);
    boolean holdsOthers =
        !ProjectScope.holdsOnlyItself(
            project.toString(), userHome == null ? null : userHome.toString());
    return new GuardCall(request.tool(), request.args(), holdsOthers ? project : null, cwd, null);
  }
}
