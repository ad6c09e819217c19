package io.github.providergateway.status.internal;

import io.github.providergateway.protocol.SessionInfo;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Which agent a session belongs to, in the words a person knows it by (issue 62: the page showed
 * sessions with no word of their agent). An agent's session is labelled with the name its MCP
 * client gives in {@code initialize}'s {@code clientInfo} ({@code claude-code}, {@code
 * codex-mcp-client}, {@code gemini-cli-mcp-client}, Copilot CLI's), and one on the MCP front door
 * over HTTP is opened for {@code agent:<name>}, the name of the agent's token ({@code gateway setup
 * claude} names it after the agent): either names the agent.
 */
final class SessionAgent {

  /** A word found in a client's name, and the agent's name for a person. */
  private record Known(String word, String name) {}

  private static final List<Known> KNOWN =
      List.of(
          new Known("claude", "Claude Code"),
          new Known("codex", "Codex"),
          new Known("gemini", "Gemini CLI"),
          new Known("copilot", "Copilot CLI"),
          new Known("cursor", "Cursor"));

  private SessionAgent() {}

  /**
   * {@return the agent of {@code session} for a person: a known agent's name; else what opened it,
   * with its own name ("an agent (my-client)", "the client my-script", "the console or a script")}
   *
   * @param session the session as hosts see it, {@code openedBy} whole
   */
  static String of(SessionInfo session) {
    String opener = session.openedBy() == null ? "" : session.openedBy();
    String label = session.label() == null ? "" : session.label();
    return switch (session.opener()) {
      case AGENT ->
          known(opener)
              .or(() -> known(label))
              .orElse(label.isEmpty() ? "an agent" : "an agent (" + label + ")");
      // A client chose its own label: "claude" there does not make it Claude Code's.
      case CLIENT -> "the client " + clientName(opener, label);
      case HOST -> "the console or a script";
    };
  }

  /**
   * {@return an agent's hook name ({@code claude}, {@code codex}) in a person's words ({@code
   * Claude Code}, {@code Codex}); a name it does not know as it is}
   */
  static String named(String hookName) {
    return known(hookName).orElse(hookName);
  }

  private static Optional<String> known(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    return KNOWN.stream().filter(k -> lower.contains(k.word())).map(Known::name).findFirst();
  }

  /** A client's name: what follows the colon of {@code mcp-http:<client>}, else its label. */
  private static String clientName(String opener, String label) {
    int colon = opener.indexOf(':');
    return colon >= 0 ? opener.substring(colon + 1) : label.isEmpty() ? "(no name)" : label;
  }
}
