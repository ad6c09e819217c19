package io.github.providergateway.app.agents;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.agent.hook.AgentDialect;
import io.github.providergateway.agent.hook.AgentKind;
import io.github.providergateway.app.home.SettingsEdit;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * One agent's set-up on the app side (issue 63): where its settings files are and what {@code
 * gateway setup} writes there, the MCP server entry {@code gateway mcp --print-config} prints, and
 * what {@code gateway doctor} checks that is the agent's own. One class per {@link AgentKind},
 * found through {@link AgentSettingsRegistry}; what the agent itself is (its binary, hook events,
 * matchers, tools, answers) is its dialect's, which these classes read.
 *
 * <p>It is also the agent as the command line names it ({@code gateway setup AGENT}, {@code
 * doctor}, {@code uninstall}; {@link AgentNames}): a class rather than an interface so that it
 * prints as the agent's id in every message, as the enum of names it replaces did.
 */
abstract class AgentSettings {

  /** {@return the agent whose set-up this is} */
  abstract AgentKind kind();

  /** {@return the agent's name on the command line and in the ledger: its dialect's id} */
  final String id() {
    return kind().word();
  }

  /** {@return the agent's dialect: what the agent itself is} */
  final AgentDialect dialect() {
    return kind().dialect();
  }

  /** {@return the agent's command-line binary, whose version setup and doctor ask} */
  final String binary() {
    return dialect().binary();
  }

  /** {@return the agent's name on the command line, as messages print it} */
  @Override
  public final String toString() {
    return id();
  }

  /**
   * What setup writes for the agent in one scope.
   *
   * @param layouts the places' environment (the user's home, the agent's variables) and the
   *     launcher's command lines
   * @param project the project's folder for a project set-up; null for the user's
   * @param http Claude Code's HTTP hook when the installed version takes it; null for the command
   *     hook (only an agent that {@link #takesHttpHook} is given one)
   * @param earlier what an earlier setup recorded
   * @param mcp the MCP server over HTTP, for the user's settings; null for the stdio command
   * @return the files and their entries, and the notes for the person
   * @throws IOException when a file the plan depends on cannot be read
   */
  abstract AgentLayouts.Plan plan(
      AgentLayouts layouts,
      Path project,
      AgentLayouts.HttpHook http,
      AgentLayouts.Earlier earlier,
      AgentLayouts.McpHttp mcp)
      throws IOException;

  /**
   * {@code gateway mcp --print-config <agent>}: what a person pastes into the agent's settings.
   *
   * @param config the launcher's command lines
   * @return the MCP server entry and the hooks, with their comments
   */
  abstract String mcpSnippet(AgentConfig config);

  /**
   * {@return what the agent does with several settings files, citing its documentation: which one
   * wins, and whether the hooks of every file run}
   */
  abstract String precedence();

  /**
   * Whether the agent runs {@code hooks} in {@code project}.
   *
   * @param check the trust files' reader
   * @param project the project's folder
   * @param hooks the gateway's hooks found
   * @param reads the agent's settings files as read
   * @return trusted or not, and why
   */
  abstract HookTrustCheck.Trust trust(
      HookTrustCheck check, Path project, List<AgentHooks.Hook> hooks, List<AgentHooks.Read> reads);

  /**
   * {@return whether the agent keeps its trust in a file doctor checks, so that its line says
   * "trusted"}
   */
  boolean trustKeptInFile() {
    return false;
  }

  /**
   * The agent's own hook input for a shell call, as doctor's canary sends it.
   *
   * @param event the hook's event
   * @param command the shell command
   * @param folder the folder the call says it is in
   * @return the input
   */
  abstract ObjectNode canaryInput(String event, String command, String folder);

  /**
   * The hook's JSON answer as the agent reads it.
   *
   * @param answer the answer
   * @param text the answer as printed, for a report
   * @return whether the agent runs the call, and why
   */
  abstract CanaryRun.Result canaryAnswer(JsonNode answer, String text);

  /** {@return whether the agent blocks a call when its hook exits 2 (reason on stderr)} */
  boolean exitTwoDenies() {
    return true;
  }

  /**
   * Settings files the agent reads above the ones setup writes for {@code project}, highest first.
   *
   * @param project the project's folder
   * @return those files (none for most agents)
   */
  List<Path> filesAbove(Path project) {
    return List.of();
  }

  /** {@return whether the agent runs every hooks file of the folder setup writes its hooks to} */
  boolean runsEveryHooksFileOfItsFolder() {
    return false;
  }

  /**
   * {@return whether doctor examines the agent once its settings exist, even with no binary on the
   * PATH (an agent without a command line)}
   */
  boolean examinedByItsFiles() {
    return false;
  }

  /** {@return whether setup can give the agent an HTTP hook, answered by the running gateway} */
  boolean takesHttpHook() {
    return false;
  }

  /**
   * {@code gateway hook --print-config <agent>} for an agent that {@link #takesHttpHook}.
   *
   * @param config the launcher's command lines
   * @param access the hook's URL and the token just issued
   * @return the HTTP hook's settings, and the command hook for where it cannot be used
   */
  String httpHookSnippet(AgentConfig config, AgentConfig.HookAccess access) {
    throw new UnsupportedOperationException(kind().word() + " takes no HTTP hook");
  }

  /**
   * The agent's managed (enterprise) layer with the gateway's command hooks and MCP server, as
   * {@code gateway setup AGENT --managed} prints and writes it; empty for an agent with no managed
   * layer the gateway writes ({@link #noManagedLayer} says why).
   *
   * @param config the system install's launcher, with no home named: each developer's own
   * @param launcher the launcher's path, as the hooks run it
   * @param places where this machine's managed files are
   */
  Optional<ManagedLayer> managedLayer(AgentConfig config, Path launcher, ManagedPlaces places) {
    return Optional.empty();
  }

  /** {@return why {@link #managedLayer} is empty for this agent} */
  String noManagedLayer() {
    return id() + " has no managed settings layer that gateway setup writes";
  }

  /**
   * The problem when the agent's settings turn every hook off.
   *
   * @param reads the agent's settings files, highest precedence first
   * @return the problem, or empty
   */
  /**
   * What {@code gateway doctor} finds of the agent's own sandbox (issue 64): empty for an agent
   * with no OS sandbox setup writes.
   *
   * @param doctor the shared means: the agents' files, the programs' check, the canary
   * @param project the project examined
   * @param setUp whether {@code gateway setup} wrote the agent's sandbox (its ledger says so)
   */
  Optional<SandboxFinding> sandbox(SandboxDoctor doctor, Path project, boolean setUp) {
    return Optional.empty();
  }

  /**
   * Whether {@code addition}, recorded by {@code gateway setup} for {@code file}, is the agent's
   * own sandbox as setup writes it (issue 64); none for an agent setup writes no sandbox for.
   *
   * @param file the settings file it was recorded for
   * @param addition what setup added there
   */
  boolean isSandbox(Path file, SettingsEdit.Addition addition) {
    return false;
  }

  /**
   * The folders {@link #plan} itself may make before setup writes a file (Codex's home, which its
   * sandbox check needs), for the user ({@code project} null) or the project: setup records those
   * that were not there as its own, for {@code gateway uninstall} to take once empty.
   */
  List<Path> foldersPlanMakes(AgentLayouts layouts, Path project) {
    return List.of();
  }

  Optional<DoctorProblem> hooksTurnedOff(List<AgentHooks.Read> reads) {
    return Optional.empty();
  }

  /**
   * The problem with one hook of the gateway for the installed version of the agent.
   *
   * @param hook the hook
   * @param version the installed agent's version
   * @return the problem, or empty
   */
  Optional<DoctorProblem> hookProblem(AgentHooks.Hook hook, AgentVersion version) {
    return Optional.empty();
  }

  /**
   * The timeout of one of the agent's hooks as the agent reads it from the hook's entry: here its
   * {@code timeout} in seconds, as Claude Code, Codex and Cursor take it.
   *
   * @param handler the hook's entry
   * @return the timeout, or empty where the entry has none the agent reads (its default applies)
   */
  Optional<Duration> hookTimeout(JsonNode handler) {
    return seconds(handler.get("timeout"));
  }

  /** {@return {@code value} as a number of seconds, when it is a positive number} */
  static Optional<Duration> seconds(JsonNode value) {
    return value != null && value.isNumber() && value.asDouble() > 0
        ? Optional.of(Duration.ofMillis(Math.round(value.asDouble() * 1000)))
        : Optional.empty();
  }

  /**
   * {@return how long the agent waits for a hook whose entry sets no timeout, as its documentation
   * says}
   */
  abstract Duration defaultHookTimeout();

  /**
   * What the agent does with the call when {@code hook} runs past its timeout, as the doctor says
   * it after the agent's name ({@code Gemini CLI runs the call}).
   *
   * @param hook the hook
   * @return the words
   */
  String onHookTimeout(AgentHooks.Hook hook) {
    return "runs the call";
  }
}
