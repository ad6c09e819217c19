package io.github.providergateway.app.agents;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.agent.hook.AgentKind;
import io.github.providergateway.app.home.BoundedCommand;
import io.github.providergateway.app.home.ShellWords;
import io.github.providergateway.loop.base.OwnerOnlyFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Examines an agent's own sandbox for {@code gateway doctor} (issue 64): which file decides
 * whether it is on (agents merge settings across scopes, and a project's file can turn off what
 * setup turned on), the effective lists, whether bubblewrap and socat run, and, for {@code
 * --verbose}, a {@link SandboxCanary} through the agent's own runner: Codex's {@code codex
 * sandbox}, and for Claude Code's settings {@code srt}, the CLI of {@code
 * @anthropic-ai/sandbox-runtime} that Claude's sandbox is built on. Only Claude Code and Codex have
 * an OS sandbox that setup writes.
 */
final class SandboxDoctor {

  /** Claude Code's managed settings on Linux: they bind, and win over every other file. */
  static final Path CLAUDE_MANAGED = Path.of("/etc/claude-code/managed-settings.json");

  private final AgentLayouts layouts;
  private final SandboxCanary canary;

  /**
   * @param layouts where the agents keep their files, and the environment
   * @param canary the canary to run through the agent's runner; null for none (without {@code
   *     --verbose})
   */
  SandboxDoctor(AgentLayouts layouts, SandboxCanary canary) {
    this.layouts = layouts;
    this.canary = canary;
  }

  /**
   * The finding for {@code agent} in {@code project}; empty for an agent with no OS sandbox setup
   * writes.
   *
   * @param setUp whether {@code gateway setup} wrote the agent's sandbox (its ledger says so)
   */
  Optional<SandboxFinding> examine(AgentSettings agent, Path project, boolean setUp) {
    if (agent.kind() == AgentKind.CLAUDE) {
      return Optional.of(claude(project, setUp));
    }
    if (agent.kind() == AgentKind.CODEX) {
      return Optional.of(codex(project, setUp));
    }
    return Optional.empty();
  }

  private SandboxFinding claude(Path project, boolean setUp) {
    List<Path> files =
        List.of(
            CLAUDE_MANAGED,
            project.resolve(".claude/settings.local.json"),
            project.resolve(".claude/settings.json"),
            ClaudeCodeSettings.configDir(layouts).resolve("settings.json"));
    Boolean enabled = null;
    Path source = null;
    boolean strict = false;
    Set<String> write = new LinkedHashSet<>();
    Set<String> denyRead = new LinkedHashSet<>();
    Set<String> domains = new LinkedHashSet<>();
    List<String> lines = new ArrayList<>();
    for (Path file : files) {
      JsonNode sandbox = json(file, lines).path("sandbox");
      if (enabled == null && sandbox.path("enabled").isBoolean()) {
        enabled = sandbox.path("enabled").asBoolean();
        source = file;
      }
      // Claude merges the lists of every scope; a boolean is the highest scope's.
      texts(sandbox.at("/filesystem/allowWrite"), write);
      texts(sandbox.at("/filesystem/denyRead"), denyRead);
      texts(sandbox.at("/network/allowedDomains"), domains);
      strict |= sandbox.at("/network/strictAllowlist").asBoolean(false);
    }
    boolean on = Boolean.TRUE.equals(enabled);
    String decided =
        source == null
            ? "no settings file turns it on"
            : "sandbox.enabled " + enabled + " in " + source;
    lines.add(0, (on ? "on" : "OFF") + ": " + decided);
    lines.add("may write: the project, " + listed(write));
    lines.add("may not read: " + listed(denyRead));
    lines.add("may reach: " + listed(domains) + (strict ? ", and nothing else" : ", others asked"));
    lines.add(programs(AgentKind.CLAUDE));
    DoctorProblem problem = null;
    if (setUp && !on) {
      problem =
          new DoctorProblem(
              "sandbox turned off",
              "its sandbox, which gateway setup turned on, is off: " + decided);
    }
    if (on && canary != null) {
      Optional<Path> srt = BoundedCommand.onPath("srt", layouts.env());
      if (srt.isEmpty()) {
        lines.add(
            "canary: not run: srt is not on the PATH (npm install -g"
                + " @anthropic-ai/sandbox-runtime; it needs rg)");
      } else {
        problem = ran(runThroughSrt(srt.get(), project, write, denyRead, domains), lines, problem);
      }
    }
    return new SandboxFinding(on, decided, lines, problem);
  }

  /** The canary through {@code srt} with the effective lists as its settings. */
  private SandboxCanary.Outcome runThroughSrt(
      Path srt, Path project, Set<String> write, Set<String> denyRead, Set<String> domains) {
    ObjectNode settings = JsonNodeFactory.instance.objectNode();
    ObjectNode filesystem = settings.putObject("filesystem");
    filesystem.putArray("allowWrite").add(project.toString());
    write.forEach(filesystem.withArray("allowWrite")::add);
    denyRead.forEach(filesystem.putArray("denyRead")::add);
    filesystem.putArray("denyWrite");
    ObjectNode network = settings.putObject("network");
    network.putArray("allowedDomains");
    // srt 0.0.83 takes an IPv6 address only in brackets ("[::1]"); Claude's settings say "::1".
    domains.forEach(
        d ->
            network
                .withArray("allowedDomains")
                .add(
                    d.indexOf(':') != d.lastIndexOf(':') && !d.startsWith("[")
                        ? "[" + d + "]"
                        : d));
    network.putArray("deniedDomains");
    Path file = null;
    try {
      file = Files.createTempFile("provider-gateway-srt-", ".json");
      OwnerOnlyFiles.replace(file, settings.toString().getBytes(StandardCharsets.UTF_8));
      return canary.run(List.of(srt.toString(), "--settings", file.toString(), "-c"), true);
    } catch (IOException e) {
      return new SandboxCanary.Outcome(false, false, false, "srt's settings: " + e);
    } finally {
      if (file != null) {
        try {
          Files.deleteIfExists(file);
        } catch (IOException e) {
          // A temporary file of the canary's lists, no secret in it.
        }
      }
    }
  }

  private SandboxFinding codex(Path project, boolean setUp) {
    List<Path> files =
        List.of(
            project.resolve(".codex/config.toml"),
            CodexSettings.codexHome(layouts).resolve("config.toml"));
    String profile = null;
    String mode = null;
    Path source = null;
    String text = "";
    for (Path file : files) {
      String content = toml(file);
      String p = SettingsMerge.rootValue(content, "default_permissions");
      String m = SettingsMerge.rootValue(content, "sandbox_mode");
      if (p != null || m != null) {
        profile = p;
        mode = m;
        source = file;
        text = content;
        break;
      }
    }
    String name = profile == null ? null : profile.replace("\"", "");
    boolean ours = CodexSettings.PROFILE.equals(name);
    String decided =
        source == null
            ? "no config.toml names a sandbox (Codex's default: read-only in exec, asks in the TUI)"
            : profile != null
                ? "the permission profile " + profile + " of " + source
                : "sandbox_mode " + mode + " in " + source;
    boolean on = profile != null || mode != null && !mode.contains("danger-full-access");
    List<String> lines = new ArrayList<>();
    lines.add((on ? "on" : "OFF") + ": " + decided);
    if (name != null) {
      List<String> write = new ArrayList<>();
      List<String> none = new ArrayList<>();
      for (String[] entry : profileEntries(text, name)) {
        (entry[1].equals("write")
                ? write
                : entry[1].equals("none") ? none : new ArrayList<String>())
            .add(entry[0]);
      }
      lines.add("may write: " + listed(write));
      lines.add("may not read: " + listed(none));
    }
    lines.add(
        "command-line flags replace it for one run: --sandbox, -c sandbox_mode=...,"
            + " --dangerously-bypass-approvals-and-sandbox");
    lines.add(programs(AgentKind.CODEX));
    DoctorProblem problem = null;
    if (setUp && !ours) {
      problem =
          new DoctorProblem(
              "sandbox replaced",
              "its sandbox, the profile gateway setup wrote, is not the one Codex runs: "
                  + decided);
    }
    if (on && canary != null) {
      Optional<Path> codex = BoundedCommand.onPath("codex", layouts.env());
      if (codex.isEmpty()) {
        lines.add("canary: not run: codex is not on the PATH");
      } else {
        problem =
            ran(
                canary.run(List.of(codex.get().toString(), "sandbox", "--"), false),
                lines,
                problem);
      }
    }
    return new SandboxFinding(on, decided, lines, problem);
  }

  /** Whether the programs {@code kind}'s sandbox needs are here and bubblewrap starts. */
  private String programs(AgentKind kind) {
    List<String> needs = kind.dialect().sandbox().map(s -> s.needs()).orElse(List.of());
    String whyNot = SandboxProbe.whyNot(needs, layouts.env().get("PATH"));
    return String.join(" and ", needs) + ": " + (whyNot == null ? "here, and it starts" : whyNot);
  }

  /** Adds the canary's line; {@return the problem it found, else {@code problem}} */
  private static DoctorProblem ran(
      SandboxCanary.Outcome outcome, List<String> lines, DoctorProblem problem) {
    lines.add("canary: " + outcome.describe());
    if (outcome.confined()) {
      return problem;
    }
    return new DoctorProblem(
        outcome.ran() ? "sandbox canary NOT confined" : "sandbox canary did not run",
        "the canary through its own sandbox: " + outcome.describe());
  }

  /** The {@code path = access} entries of {@code [permissions.NAME.filesystem]} in {@code toml}. */
  static List<String[]> profileEntries(String toml, String name) {
    List<String[]> entries = new ArrayList<>();
    boolean inside = false;
    for (String line : toml.lines().map(String::strip).toList()) {
      if (line.startsWith("[")) {
        inside = line.equals("[permissions." + name + ".filesystem]");
        continue;
      }
      int eq = line.lastIndexOf('=');
      if (inside && eq > 0) {
        entries.add(
            new String[] {
              line.substring(0, eq).strip().replace("\"", ""),
              line.substring(eq + 1).strip().replace("\"", "")
            });
      }
    }
    return entries;
  }

  private static JsonNode json(Path file, List<String> lines) {
    byte[] content;
    try {
      content = SettingsFiles.read(file);
    } catch (IOException e) {
      lines.add(file + " cannot be read: " + e.getMessage());
      return JsonNodeFactory.instance.objectNode();
    }
    if (content == null) {
      return JsonNodeFactory.instance.objectNode();
    }
    try {
      return SettingsMerge.parseObject(file.toString(), content);
    } catch (SettingsMerge.Refused e) {
      lines.add(e.getMessage());
      return JsonNodeFactory.instance.objectNode();
    }
  }

  private static String toml(Path file) {
    try {
      byte[] content = SettingsFiles.read(file);
      return content == null ? "" : new String(content, StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "";
    }
  }

  private static void texts(JsonNode array, Set<String> into) {
    array.forEach(element -> into.add(element.asText()));
  }

  private static String listed(java.util.Collection<String> entries) {
    return entries.isEmpty() ? "(none listed)" : String.join(", ", entries);
  }

  /** A shell's one string for {@code srt -c}: each word quoted. */
  static String oneString(List<String> words) {
    return String.join(" ", words.stream().map(ShellWords::quote).toList());
  }
}
