package io.github.providergateway.app.agents;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.agent.hook.AgentDialect;
import io.github.providergateway.guard.GuardEnvironment;
import io.github.providergateway.guard.SandboxPolicy;
import java.util.Map;

/**
 * Whether {@code gateway setup} writes an agent's own sandbox (issue 64), and from which policy: by
 * default, where the agent has one the gateway sets and {@link SandboxProbe} shows it really runs
 * here; never with {@code --no-sandbox}.
 *
 * @param wanted false for {@code --no-sandbox}
 * @param policy the home's policy (its config's {@code guard.sandbox}, else the defaults)
 * @param environment the machine's folders, the gateway's home among them
 * @param env the environment setup runs in: its {@code PATH} is where the probe looks
 */
record SandboxChoice(
    boolean wanted, SandboxPolicy policy, GuardEnvironment environment, Map<String, String> env) {

  /** No sandbox written (doctor's layouts, which write nothing). */
  static SandboxChoice off() {
    return new SandboxChoice(false, SandboxPolicy.defaults(), null, Map.of());
  }

  /**
   * What setup does about {@code dialect}'s sandbox: the settings to write, or why none.
   *
   * @param dialect the agent's dialect
   * @return the outcome
   */
  Outcome of(AgentDialect dialect) {
    if (dialect.sandbox().isEmpty()) {
      return new Outcome(null, null);
    }
    AgentDialect.SandboxSettings sandbox = dialect.sandbox().get();
    if (!wanted) {
      return new Outcome(null, "its sandbox is left as it is (--no-sandbox)");
    }
    String whyNot = SandboxProbe.whyNot(sandbox.needs(), env.get("PATH"));
    if (whyNot != null) {
      return new Outcome(
          null,
          "its sandbox is not turned on: "
              + whyNot
              + ". Run setup again once it is there, or pass --no-sandbox to leave it.");
    }
    return new Outcome(sandbox.settings(policy, environment), null);
  }

  /**
   * @param settings the sandbox's settings to write, or null for none
   * @param note what the person is told when none is written, or null
   */
  record Outcome(ObjectNode settings, String note) {}
}
