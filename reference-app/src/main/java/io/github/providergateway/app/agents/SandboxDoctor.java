package io.github.providergateway.app.agents;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.github.providergateway.app.home.ShellWords;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
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
    return agent.sandbox(this, project, setUp);
  }

  /** {@return where the agents keep their files, and the environment} */
  AgentLayouts layouts() {
    return layouts;
  }

  /** {@return the canary to run through an agent's runner, or null without {@code --verbose}} */
  SandboxCanary canary() {
    return canary;
  }

  /** Whether the programs {@code agent}'s sandbox needs are here and bubblewrap starts. */
  String programs(AgentSettings agent) {
    List<String> needs = agent.kind().dialect().sandbox().map(s -> s.needs()).orElse(List.of());
    String whyNot = SandboxProbe.whyNot(needs, layouts.env().get("PATH"));
    return String.join(" and ", needs) + ": " + (whyNot == null ? "here, and it starts" : whyNot);
  }

  /**
   * Adds the canary's line; {@return the problem it found, else {@code problem}}
   *
   * @param writable the sandbox's writable folders, which say why a write got through
   */
  static DoctorProblem ran(
      SandboxCanary.Outcome outcome,
      SandboxWritable writable,
      List<String> lines,
      DoctorProblem problem) {
    String said = outcome.describe(writable);
    lines.add("canary: " + said);
    if (outcome.confined()) {
      return problem;
    }
    return new DoctorProblem(
        outcome.ran() ? "sandbox canary NOT confined" : "sandbox canary did not run",
        "the canary through its own sandbox: " + said);
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

  static JsonNode json(Path file, List<String> lines) {
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

  static String toml(Path file) {
    try {
      byte[] content = SettingsFiles.read(file);
      return content == null ? "" : new String(content, StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "";
    }
  }

  static void texts(JsonNode array, Set<String> into) {
    array.forEach(element -> into.add(element.asText()));
  }

  static String listed(java.util.Collection<String> entries) {
    return entries.isEmpty() ? "(none listed)" : String.join(", ", entries);
  }

  /** A shell's one string for {@code srt -c}: each word quoted. */
  static String oneString(List<String> words) {
    return String.join(" ", words.stream().map(ShellWords::quote).toList());
  }
}
