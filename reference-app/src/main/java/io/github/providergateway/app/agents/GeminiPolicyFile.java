package io.github.providergateway.app.agents;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.app.home.SettingsEdit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Gemini CLI's policy file from the gateway's sandbox policy (issue 64): Gemini has no OS sandbox
 * on Linux (its sandbox is a container the person turns on), so setup writes only what its policy
 * engine enforces, rules that deny its own file tools the policy's unreadable paths. A program its
 * shell runs is not stopped by them; this is why it is no {@code AgentDialect.sandbox()}, whose
 * agents all have an OS boundary.
 */
final class GeminiPolicyFile {

  /** Gemini CLI 0.61.0's tools that take a path ({@code file_path}, {@code dir_path}, ...). */
  static final List<String> FILE_TOOLS =
      List.of(
          "read_file",
          "read_many_files",
          "write_file",
          "replace",
          "glob",
          "grep_search",
          "list_directory");

  /** The file's name in the user's policies folder, which the whole file is setup's. */
  static final String NAME = "provider-gateway.toml";

  private GeminiPolicyFile() {}

  /**
   * {@return Gemini's user policies folder: {@code ~/.gemini/policies} (0.61.0 reads it unless
   * settings' {@code policyPaths} names others)}
   *
   * @param geminiDir Gemini's {@code .gemini} folder in the user's home
   */
  static Path file(Path geminiDir) {
    return geminiDir.resolve("policies").resolve(NAME);
  }

  /**
   * The edit that writes the policy file, or none with the note that says why.
   *
   * @param layouts where the agents' files are, and the home's sandbox choice
   * @param geminiDir Gemini's {@code .gemini} folder
   * @param earlier what earlier setups recorded
   * @param notes where the notes for the person go
   * @return the edit, or null
   * @throws IOException when Gemini's settings cannot be read
   */
  static SettingsEdit edit(
      AgentLayouts layouts, Path geminiDir, AgentLayouts.Earlier earlier, List<String> notes)
      throws IOException {
    String boundary =
        "Gemini CLI: no OS boundary on Linux. A program or script Gemini's shell runs is confined"
            + " by nothing but the guard's reading of the command; Gemini's own sandbox is a"
            + " container (--sandbox, with docker, podman or gVisor's runsc) and yours to turn on,"
            + " or use Claude Code or Codex, whose sandboxes setup writes.";
    SandboxChoice choice = layouts.sandbox();
    if (!choice.wanted()) {
      notes.add(boundary + " Its policy file is left as it is (--no-sandbox).");
      return null;
    }
    Path file = file(geminiDir);
    if (Files.exists(file) && earlier.in(file).isEmpty()) {
      notes.add(
          boundary
              + " "
              + file
              + " is there and not setup's: left as it is, and no policy file written. Rename it"
              + " and run setup again, or pass --no-sandbox.");
      return null;
    }
    String elsewhere = policyPaths(geminiDir.resolve("settings.json"));
    if (elsewhere != null) {
      // A file Gemini never reads would look like a boundary that is not there.
      notes.add(
          boundary
              + " Your Gemini settings set policyPaths ("
              + elsewhere
              + "), so Gemini reads no policy from "
              + file.getParent()
              + ": setup wrote no policy file. Leave policyPaths out and run setup again.");
      return null;
    }
    List<Path> denied = choice.policy().denyReadPaths(choice.environment());
    notes.add(
        boundary
            + " Setup wrote "
            + file
            + ": Gemini's policy engine keeps its own file tools ("
            + String.join(", ", FILE_TOOLS)
            + ") out of the gateway's home and the policy's unreadable paths; a program its shell"
            + " runs can still read them.");
    return new SettingsEdit(
        file, SettingsEdit.Format.toml, List.of(new SettingsEdit.Block(text(denied))), false);
  }

  /**
   * {@return the folders {@code policyPaths} in Gemini's user settings names instead of its
   * policies folder, or null when it names none (or the file cannot be read: setup refuses such a
   * file anyway)}
   */
  private static String policyPaths(Path settings) throws IOException {
    byte[] content = SettingsFiles.read(settings);
    if (content == null) {
      return null;
    }
    try {
      JsonNode paths = new ObjectMapper().readTree(content).path("policyPaths");
      return paths.isArray() && !paths.isEmpty() ? paths.toString() : null;
    } catch (JsonProcessingException e) {
      return null;
    }
  }

  /** The policy file: one deny rule for Gemini's file tools per path. */
  static String text(List<Path> denied) {
    StringBuilder toml =
        new StringBuilder(
            "# Gemini CLI's policy, from the provider gateway's sandbox policy: written by 'gateway"
                + " setup gemini'; 'gateway setup gemini --remove' deletes it.\n");
    StringBuilder tools = new StringBuilder();
    FILE_TOOLS.forEach(
        t -> tools.append(tools.length() == 0 ? "" : ", ").append(AgentLayouts.tomlString(t)));
    for (Path path : denied) {
      toml.append("\n[[rule]]\ntoolName = [")
          .append(tools)
          .append("]\nargsPattern = ")
          .append(AgentLayouts.tomlString(argsPattern(path)))
          .append("\ndecision = \"deny\"\npriority = 999\ndenyMessage = ")
          .append(
              AgentLayouts.tomlString(
                  "The provider gateway's sandbox policy keeps " + path + " unreadable."))
          .append('\n');
    }
    return toml.toString();
  }

  /**
   * The regular expression Gemini matches against a call's arguments as JSON: a string that is
   * {@code path} itself or begins with it and a slash, wherever in the arguments it stands. No
   * group with a quantifier: Gemini 0.61.0 refuses the whole rule as a possible ReDoS ("Unsafe
   * regex pattern"). A relative spelling escapes it.
   */
  static String argsPattern(Path path) {
    return "\"" + escape(path.toString()) + "[/\"]";
  }

  /** {@code text} with every character a JavaScript regular expression reads as syntax escaped. */
  private static String escape(String text) {
    return text.replaceAll("[\\\\^$.*+?()\\[\\]{}|]", "\\\\$0");
  }
}
