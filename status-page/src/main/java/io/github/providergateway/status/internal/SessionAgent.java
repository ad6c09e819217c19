package io.github.providergateway.status.internal;

import io.github.providergateway.protocol.SessionInfo;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Which agent a session belongs to, in the words a person knows it by (issue 62: the page showed
 * sessions with no word of their agent). An agent's session is labelled with the name its MCP
 * client gives in {@code initialize}'s {@code clientInfo} ({@code claude-code}, {@code
 * codex-mcp-client}, {@code gemini-cli-mcp-client}, Copilot CLI's), and one on the MCP front door
 * over HTTP is opened for {@code agent:<name>}, the name of the agent's token ({@code gateway setup
 * claude} names it after the agent): either names the agent. The agents' words and names are handed
 * in (the app gives the guard's agents.json rows, through {@code StatusPage.Builder.agentNames};
 * decision 88): the page keeps no list of agents of its own.
 */
final class SessionAgent {

  /** A word found in a client's name, and the agent's name for a person. */
  private record Known(String word, String name) {}

  /** The agents known, in the order tried. */
  private final List<Known> known;

  /**
   * Knows the agents {@code names} lists.
   *
   * @param names each agent's word ({@code claude}) and its name for a person ({@code Claude
   *     Code}), in the order tried
   */
  SessionAgent(Map<String, String> names) {
    this.known =
        names.entrySet().stream()
            .map(e -> new Known(e.getKey().toLowerCase(Locale.ROOT), e.getValue()))
            .toList();
  }

  /**
   * {@return the agent of {@code session} for a person: a known agent's name; else what opened it,
   * with its own name ("an agent (my-client)", "the client my-script", "the console or a script")}
   *
   * @param session the session as hosts see it, {@code openedBy} whole
   */
  String of(SessionInfo session) {
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
  String named(String hookName) {
    return known(hookName).orElse(hookName);
  }

  private Optional<String> known(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    return known.stream().filter(k -> lower.contains(k.word())).map(Known::name).findFirst();
  }

  /** A client's name: what follows the colon of {@code mcp-http:<client>}, else its label. */
  private static String clientName(String opener, String label) {
    int colon = opener.indexOf(':');
    return colon >= 0 ? opener.substring(colon + 1) : label.isEmpty() ? "(no name)" : label;
  }
}
