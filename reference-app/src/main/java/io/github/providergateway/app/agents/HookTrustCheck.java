package io.github.providergateway.app.agents;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Whether an agent runs the gateway's hook at all, as far as its settings say: Codex runs a hook
 * only with a {@code trusted_hash} matching it in the user's {@code config.toml} ({@link
 * CodexHookTrust}); Gemini CLI only in a folder trusted in its {@code trustedFolders.json}, with
 * hooks enabled; Claude Code and Copilot CLI need nothing in a file (Copilot CLI asks once per
 * folder whether to trust it, which no file records), nor does Cursor by its documentation.
 */
final class HookTrustCheck {

  /**
   * The finding.
   *
   * @param trusted whether the agent runs the hook, as far as the files say
   * @param detail what was checked, for a person
   * @param brief why it is not trusted in a few words, for the doctor's one line; the detail when
   *     trusted
   */
  record Trust(boolean trusted, String detail, String brief) {

    /** A finding whose few words are its whole detail. */
    Trust(boolean trusted, String detail) {
      this(trusted, detail, detail);
    }
  }

  private final Map<String, String> env;
  private final Path codexConfig;
  private final Path geminiTrustedFolders;

  /**
   * @param codexConfig the user's {@code config.toml} of Codex
   * @param geminiTrustedFolders Gemini CLI's {@code trustedFolders.json}
   */
  HookTrustCheck(Map<String, String> env, Path codexConfig, Path geminiTrustedFolders) {
    this.env = env;
    this.codexConfig = codexConfig;
    this.geminiTrustedFolders = geminiTrustedFolders;
  }

  /** Whether {@code agent} runs {@code hooks} in {@code project}; {@code reads} its files. */
  Trust check(
      AgentSettings agent, Path project, List<AgentHooks.Hook> hooks, List<AgentHooks.Read> reads) {
    return agent.trust(this, project, hooks, reads);
  }

  /** Codex: each hook's {@code trusted_hash} in the user's {@code config.toml}. */
  Trust codex(List<AgentHooks.Hook> hooks) {
    String config;
    try {
      byte[] content = SettingsFiles.read(codexConfig);
      config = content == null ? "" : new String(content, StandardCharsets.UTF_8);
    } catch (IOException e) {
      return new Trust(false, codexConfig + " cannot be read: " + e.getMessage());
    }
    StringBuilder untrusted = new StringBuilder();
    for (AgentHooks.Hook hook : hooks) {
      if (hook.command() == null) {
        continue;
      }
      String key = CodexHookTrust.key(hook.file(), hook.event(), hook.group());
      String table = CodexHookTrust.table(hook.file(), hook.event(), hook.group(), hook.handler());
      String header = table.lines().findFirst().orElse("");
      String wanted = table.lines().skip(1).findFirst().orElse("").strip();
      String found = trustedHash(config, header);
      if (hook.matcher() != null
          || !hook.handler().path("type").asText("command").equals("command")) {
        untrusted.append(
            "; the hook in "
                + hook.file()
                + " has a matcher: its hash cannot be checked here, trust it when Codex says 'Hooks"
                + " need review'");
      } else if (found == null) {
        untrusted.append("; no trust for " + key + " in " + codexConfig);
      } else if (!found.equals(wanted)) {
        untrusted.append(
            "; the trust for "
                + key
                + " in "
                + codexConfig
                + " is for another command or place ("
                + found
                + ")");
      }
    }
    if (untrusted.length() > 0) {
      return new Trust(
          false,
          "Codex skips an untrusted hook silently"
              + untrusted
              + ". Run 'gateway setup codex' again, or trust it when Codex says 'Hooks need"
              + " review'",
          "hook not trusted: run 'gateway setup codex'");
    }
    return new Trust(true, "Codex trusts the hook (its trusted_hash in " + codexConfig + ")");
  }

  /** The {@code trusted_hash = …} line under {@code header}, or null. */
  private static String trustedHash(String config, String header) {
    boolean inTable = false;
    for (String line : config.lines().map(String::strip).toList()) {
      if (line.startsWith("[")) {
        inTable = line.equals(header);
      } else if (inTable && line.startsWith("trusted_hash")) {
        return line;
      }
    }
    return null;
  }

  /**
   * Gemini CLI: the project trusted. Hooks turned off ({@code hooksConfig.enabled}) are its
   * settings' own problem ({@code GeminiSettings.hooksTurnedOff}), named once.
   */
  Trust gemini(Path project, List<AgentHooks.Read> reads) {
    if ("true".equals(env.get("GEMINI_CLI_TRUST_WORKSPACE"))) {
      return new Trust(true, "GEMINI_CLI_TRUST_WORKSPACE=true trusts every folder; hooks on");
    }
    JsonNode folders;
    try {
      folders =
          SettingsMerge.parseObject(
              geminiTrustedFolders.toString(), SettingsFiles.read(geminiTrustedFolders));
    } catch (IOException | SettingsMerge.Refused e) {
      return new Trust(false, geminiTrustedFolders + " cannot be read: " + e.getMessage());
    }
    // The most specific entry decides: TRUST_FOLDER trusts the folder and below, TRUST_PARENT the
    // folder's parent and below, DO_NOT_TRUST distrusts.
    Path best = null;
    boolean trusted = false;
    for (var entry : (Iterable<Map.Entry<String, JsonNode>>) folders::fields) {
      String value = entry.getValue().asText();
      Path folder = Path.of(entry.getKey()).toAbsolutePath().normalize();
      if (value.equals("TRUST_PARENT") && folder.getParent() != null) {
        folder = folder.getParent();
      }
      if (project.startsWith(folder) && (best == null || folder.startsWith(best))) {
        best = folder;
        trusted = !value.equals("DO_NOT_TRUST");
      }
    }
    return trusted
        ? new Trust(true, project + " is trusted (" + best + " in " + geminiTrustedFolders + ")")
        : new Trust(
            false,
            "Gemini CLI runs no hook in "
                + project
                + ", which "
                + geminiTrustedFolders
                + " does not trust: trust it when Gemini asks, or run 'gateway setup gemini"
                + " --project' there",
            "folder not trusted: trust it when Gemini asks, or run 'gateway setup gemini"
                + " --project' there");
  }
}
