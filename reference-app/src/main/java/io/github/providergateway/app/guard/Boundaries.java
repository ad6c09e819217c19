package io.github.providergateway.app.guard;

import io.github.providergateway.guard.GuardCall;
import io.github.providergateway.guard.GuardEnvironment;
import io.github.providergateway.guard.GuardVerdict;
import io.github.providergateway.guard.SandboxPolicy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Which boundary holds a call, for {@code gateway guard explain} (issue 64): the guard, which reads
 * the call, and the agent's own sandbox as {@code gateway setup} writes it from the home's policy,
 * which confines what the programs the call starts do. For each path a shell command names
 * literally ({@code /…}, {@code ~/…}, {@code $HOME/…}), whether the sandbox lets a program write
 * there and read it; the agents' own file tools run outside the sandbox, so for them the guard is
 * the only boundary.
 *
 * @param lines what {@code explain} prints under {@code sandbox:}
 * @param heldBy which boundary holds the call, in words
 */
record Boundaries(List<String> lines, String heldBy) {

  /** Where the sandbox is: only where setup wrote the agent's own. */
  static final String WHERE = "in the sandbox gateway setup writes for Claude Code and Codex";

  /**
   * The boundaries of {@code call}.
   *
   * @param call the call
   * @param verdict the guard's decision on it
   * @param policy the home's sandbox policy
   * @param environment the machine's folders
   * @return which holds it
   */
  static Boundaries of(
      GuardCall call, GuardVerdict verdict, SandboxPolicy policy, GuardEnvironment environment) {
    boolean guardHolds = verdict.outcome() != GuardVerdict.Outcome.ALLOW;
    String guard =
        "the guard ("
            + verdict.outcome().name().toLowerCase(java.util.Locale.ROOT)
            + (verdict.ruleId() == null ? "" : ", " + verdict.ruleId())
            + ")";
    List<String> lines = new ArrayList<>();
    if (!call.tool().equals("shell")) {
      lines.add(
          "the agent's own "
              + call.tool()
              + " tool runs in the agent, outside its sandbox: the guard is the only boundary");
      return new Boundaries(lines, guardHolds ? guard + " alone" : "neither: the guard allows it");
    }
    List<Path> writable = policy.writablePaths(call.project(), environment);
    List<Path> unreadable = policy.denyReadPaths(environment);
    List<String> refused = new ArrayList<>();
    for (Path path : named(call.args().path("command").asText(""), environment)) {
      boolean mayWrite = writable.stream().anyMatch(path::startsWith);
      boolean mayRead = unreadable.stream().noneMatch(path::startsWith);
      lines.add(
          path
              + ": "
              + (mayRead ? "readable" : "NOT readable")
              + ", "
              + (mayWrite ? "writable" : "NOT writable")
              + " there");
      if (!mayRead || !mayWrite) {
        refused.add(path.toString());
      }
    }
    lines.add(
        "every program it starts writes only in the project, the temporary folders and the caches,"
            + " reads none of the gateway's home and the credential files, and reaches "
            + (policy.network() == SandboxPolicy.Network.ALLOWLIST
                ? "loopback and the allowed domains only"
                : "loopback and other hosts")
            + ", "
            + WHERE);
    String sandbox = "the sandbox, for " + String.join(", ", refused);
    String heldBy;
    if (guardHolds && !refused.isEmpty()) {
      heldBy = "both: " + guard + ", and " + sandbox;
    } else if (guardHolds) {
      heldBy =
          guard
              + " alone: the sandbox lets through what the command names (inside what programs may"
              + " write, or over the network)";
    } else if (!refused.isEmpty()) {
      heldBy = sandbox + " alone: the guard allows it";
    } else {
      heldBy = "the sandbox, for what the programs it starts do: the guard allows the command";
    }
    return new Boundaries(lines, heldBy);
  }

  /** The absolute paths {@code command} names literally, {@code ~} and {@code $HOME} resolved. */
  static Set<Path> named(String command, GuardEnvironment environment) {
    Set<Path> paths = new LinkedHashSet<>();
    for (String word : command.split("[\\s;|&<>()=]+")) {
      String bare = word.replace("\"", "").replace("'", "");
      String home = environment.userHome().toString();
      if (bare.equals("~") || bare.equals("$HOME") || bare.equals("${HOME}")) {
        bare = home;
      } else if (bare.startsWith("~/")) {
        bare = home + bare.substring(1);
      } else if (bare.startsWith("$HOME/")) {
        bare = home + bare.substring(5);
      } else if (bare.startsWith("${HOME}/")) {
        bare = home + bare.substring(7);
      }
      if (bare.startsWith("/") && !bare.contains("*")) {
        paths.add(Path.of(bare).normalize());
      }
    }
    return paths;
  }
}
