package io.github.providergateway.app.agents;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.agent.hook.AgentDialect;
import io.github.providergateway.app.home.BoundedCommand;
import io.github.providergateway.guard.GuardEnvironment;
import io.github.providergateway.guard.SandboxPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
    if (whyNot == null) {
      whyNot = agentsOwnCheck(dialect, sandbox);
    }
    if (whyNot != null) {
      return new Outcome(
          null,
          "its sandbox is not turned on: "
              + whyNot
              + ". Run setup again once that is put right, or pass --no-sandbox to leave the"
              + " sandbox as it is.");
    }
    return new Outcome(sandbox.settings(policy, environment), null);
  }

  /**
   * The sentence that names the policy's writable folders that are not there yet, or empty: inside
   * the sandbox no program can make them (a first Maven build cannot make {@code ~/.m2}), and setup
   * does not make folders in the person's home that their builds may never use.
   */
  String missingWritable() {
    List<String> missing = new ArrayList<>();
    for (String entry : policy.writable()) {
      Path path = SandboxPolicy.resolve(entry, environment);
      if (!Files.isDirectory(path)) {
        missing.add(entry);
      }
    }
    return missing.isEmpty()
        ? ""
        : " Not there yet, so no program in the sandbox can make them: "
            + String.join(", ", missing)
            + " (make the ones your builds use, e.g. mkdir -p "
            + missing.get(0)
            + ").";
  }

  /**
   * The sentences that say what the sandbox cannot keep as it is, or empty (issue 77): the
   * gateway's home or the user's home under one of its writable folders ({@link SandboxWritable}).
   */
  String exposures() {
    StringBuilder said = new StringBuilder();
    for (String sentence :
        SandboxWritable.of(policy, environment)
            .exposures(environment.gatewayHome(), environment.userHome(), "the sandbox lets")) {
      said.append(' ')
          .append(Character.toUpperCase(sentence.charAt(0)))
          .append(sentence, 1, sentence.length());
    }
    return said.toString();
  }

  /**
   * The sentence that says no {@code ssh-agent} runs, or empty: with the private keys unreadable in
   * the sandbox, git and ssh over ssh go through the agent's socket ({@code SSH_AUTH_SOCK}).
   */
  String sshAgent() {
    String socket = env.get("SSH_AUTH_SOCK");
    if (socket != null && !socket.isBlank() && Files.exists(Path.of(socket))) {
      return "";
    }
    return " No ssh-agent runs (SSH_AUTH_SOCK "
        + (socket == null || socket.isBlank() ? "is not set" : "names no socket")
        + "): with the private keys unreadable in the sandbox, git and ssh over ssh need one"
        + " (eval \"$(ssh-agent -s)\"; ssh-add).";
  }

  /**
   * Why the agent's own sandbox cannot take the settings here, by the agent's version and its own
   * check ({@link AgentDialect.SandboxSettings#selfCheck}), or null when it can. An agent not on
   * the {@code PATH} cannot show that its sandbox runs: none is written for it.
   */
  private String agentsOwnCheck(AgentDialect dialect, AgentDialect.SandboxSettings sandbox) {
    if (sandbox.since() == null && sandbox.selfCheck().isEmpty()) {
      return null;
    }
    AgentVersion version = AgentVersion.probe(dialect.binary(), env, AgentVersion.TIMEOUT);
    if (version.path() == null) {
      return version.problem() + ", so setup cannot check that its sandbox runs here";
    }
    if (sandbox.since() != null && !version.atLeast(sandbox.since())) {
      return version.describe() + " is older than " + sandbox.since() + ", the first that takes it";
    }
    if (sandbox.selfCheck().isEmpty()) {
      return null;
    }
    List<String> line = new ArrayList<>();
    line.add(version.path().toString());
    line.addAll(sandbox.selfCheck());
    BoundedCommand.Outcome ran = BoundedCommand.run(line, env, SandboxProbe.TIMEOUT);
    return ran.ok()
        ? null
        : "its own check ("
            + dialect.binary()
            + " "
            + String.join(" ", sandbox.selfCheck())
            + ") failed: "
            + reason(ran.output());
  }

  /**
   * What a failed check printed, its lines joined and cut at 400 characters: Codex says why first
   * (a warning about its helper) and what failed last ({@code bwrap: execvp …}).
   */
  private static String reason(String output) {
    String joined = String.join(" / ", output.strip().lines().toList());
    if (joined.isEmpty()) {
      return "no output";
    }
    return joined.length() <= 400 ? joined : joined.substring(0, 400) + "…";
  }

  /**
   * @param settings the sandbox's settings to write, or null for none
   * @param note what the person is told when none is written, or null
   */
  record Outcome(ObjectNode settings, String note) {}
}
