package io.github.providergateway.app.console;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The console's commands: the one list that {@code help}, tab completion and "did you mean" read,
 * so a new command cannot be missing from any of them.
 */
enum ConsoleCommand {
  SESSIONS("sessions", "", "list sessions"),
  START("start", "[label]", "start a session and make it current"),
  USE("use", "<session>", "make a session current (an id or its first letters)"),
  IDLE("idle", "", "tell the current session's providers it is idle"),
  END("end", "[session] [deadlineMs]", "end a session (default: the current one)"),
  INTERRUPT("interrupt", "", "cancel the current session's calls in flight (tool.cancel)"),
  PROVIDERS("providers", "", "list connected providers"),
  TOOLS("tools", "", "the current session's tools, as the agent sees them"),
  CALL("call", "<tool> [json]", "call a tool, e.g.  call greet {\"name\":\"Ada\"}"),
  HOOK(
      "hook",
      "[agent] <tool> [json]",
      "what the pre-tool hooks decide (runs nothing); an agent's own tool names too, e.g.  hook"
          + " claude Bash {\"command\":\"ls\"}"),
  PROMPT("prompt", "", "the system prompt after providers' transforms"),
  EVENT(
      "event", "<name> [json]", "send a session event, e.g.  event user.message {\"text\":\"hi\"}"),
  STREAM("stream", "<stream@provider> [n]", "a stream's newest n events (default 20)"),
  WATCH("watch", "<stream@provider>", "print a stream's new events as they arrive"),
  UNWATCH("unwatch", "[stream@provider]", "stop watching (all, without a name)"),
  AUDIT(
      "audit",
      "[kind] [provider=P] [tool=T] [last=N]",
      "the gateway's latest decisions and why (kinds: auth, hello, tool_call, pre_tool_use, ...)"),
  WHY("why", "<callId>", "why a call ended as it did: the gates asked, their answers, its outcome"),
  STATUS("status", "", "a one-time link to the live status page (open it in a browser)"),
  RELOAD("reload", "[entry]", "re-read --config and restart its providers (one entry, or all)"),
  GATES(
      "gates",
      "[" + GateCommands.RELEASE_USAGE + "]",
      "gates held while their provider is away; release those of a provider gone for good"),
  YES(
      "y",
      "[n]",
      "yes to a gate's question: the oldest, or number n (a single key while a call waits)",
      "yes"),
  NO(
      "n",
      "[n]",
      "no to a gate's question: the oldest, or number n (a single key while a call waits)",
      "no"),
  HELP("help", "", "this list", "?"),
  QUIT("quit", "", "end every session and stop (so does end of input)", "exit");

  /** Where the descriptions start in {@code help}. */
  private static final int USAGE_WIDTH = 30;

  private final String word;
  private final String arguments;
  private final String summary;

  /** Another word for it, or null. */
  private final String alias;

  ConsoleCommand(String word, String arguments, String summary) {
    this(word, arguments, summary, null);
  }

  ConsoleCommand(String word, String arguments, String summary, String alias) {
    this.word = word;
    this.arguments = arguments;
    this.summary = summary;
    this.alias = alias;
  }

  /** What a person types. */
  String word() {
    return word;
  }

  /** The command {@code typed} names (any case, or its alias), if any. */
  static Optional<ConsoleCommand> named(String typed) {
    String lower = typed.toLowerCase(Locale.ROOT);
    for (ConsoleCommand command : values()) {
      if (command.word.equals(lower) || lower.equals(command.alias)) {
        return Optional.of(command);
      }
    }
    return Optional.empty();
  }

  /** Every command's word, in {@code help}'s order. */
  static List<String> words() {
    List<String> words = new ArrayList<>();
    for (ConsoleCommand command : values()) {
      words.add(command.word);
    }
    return words;
  }

  /** The text of {@code help}. */
  static String help() {
    List<String> lines = new ArrayList<>();
    lines.add("Commands (the current session is marked * in 'sessions'):");
    for (ConsoleCommand command : values()) {
      String usage =
          command.arguments.isEmpty() ? command.word : command.word + " " + command.arguments;
      if (usage.length() >= USAGE_WIDTH) {
        // Too long for its column: its summary goes on the next line, not glued to it.
        lines.add("  " + usage);
        lines.add("  " + " ".repeat(USAGE_WIDTH) + command.summary);
      } else {
        lines.add("  " + ConsoleText.pad(usage, USAGE_WIDTH) + command.summary);
      }
    }
    return String.join("\n", lines);
  }
}
