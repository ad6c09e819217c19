package io.github.providergateway.app.agents;

import io.github.providergateway.agent.hook.HookCanary;
import io.github.providergateway.app.audit.AuditFile;
import io.github.providergateway.app.home.HomeDirectory;
import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.DecisionKind;
import java.nio.file.Path;
import java.time.Clock;

/**
 * Records in the home's audit trail ({@code <home>/logs/audit.jsonl}) a canary the gateway did not
 * deny itself: an agent's hook that times out or crashes leaves no record at the gateway, so the
 * doctor's own run writes one. Provider {@value HookCanary#PROVIDER}, tool {@code shell}, a reason
 * that starts with {@value HookCanary#RULE}; "the guard never answered" is outcome {@code failure}
 * with code {@value #NO_ANSWER}, apart from {@code allow} (the hook let it run) and {@code deny}
 * (denied, but not by the canary). A canary the gateway denied is recorded by the gateway itself.
 */
final class CanaryAudit {

  /** The code of a canary no hook answered. */
  static final String NO_ANSWER = "NO_ANSWER";

  private final Path home;
  private final Clock clock;

  CanaryAudit(Path home, Clock clock) {
    this.home = home;
    this.clock = clock;
  }

  /** Records {@code result} of the canary through {@code agent}'s hook in {@code file}. */
  void record(AgentSettings agent, Path file, String command, CanaryRun.Result result) {
    Decision.Outcome outcome =
        switch (result.outcome()) {
          case DENIED_BY_CANARY -> null;
          case DENIED_OTHERWISE -> Decision.Outcome.DENY;
          case ALLOWED -> Decision.Outcome.ALLOW;
          case NO_ANSWER -> Decision.Outcome.FAILURE;
        };
    if (outcome == null) {
      return;
    }
    Decision.Builder decision =
        Decision.builder(clock.instant(), DecisionKind.PRE_TOOL_USE, outcome)
            .provider(HookCanary.PROVIDER)
            .call("shell", null)
            .reason(
                HookCanary.RULE
                    + ": gateway doctor's canary '"
                    + command
                    + "' through "
                    + agent
                    + "'s hook in "
                    + file
                    + ": "
                    + result.outcome().words
                    + " ("
                    + result.detail()
                    + ")");
    if (outcome == Decision.Outcome.FAILURE) {
      decision.code(NO_ANSWER);
    }
    try {
      // As the gateway keeps it: owner-only, created so when the doctor writes first.
      HomeDirectory.ensure(home);
    } catch (java.io.IOException e) {
      return; // no home to keep a trail in: the report says what happened
    }
    try (AuditFile audit =
        new AuditFile(home.resolve("logs"), AuditFile.DEFAULT_MAX_BYTES, AuditFile.DEFAULT_FILES)) {
      audit.decided(decision.build());
    }
  }
}
