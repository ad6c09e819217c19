package io.github.providergateway.app;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;

/**
 * Reads the console's commands, one a line, until {@code quit} or the end of input, and runs each
 * before reading the next, so piped scripts give ordered output. A command that fails prints
 * {@code error: ...} and the loop reads on. Reader thread only.
 */
final class CommandLoop {
  static final String HELP =
      String.join(
          "\n",
          "Commands (the current session is marked * in 'sessions'):",
          "  sessions                      list sessions",
          "  start [label]                 start a session and make it current",
          "  use <session>                 make a session current (an id or its first letters)",
          "  idle                          tell the current session's providers it is idle",
          "  end [session] [deadlineMs]    end a session (default: the current one)",
          "  providers                     list connected providers",
          "  tools                         the current session's tools, as the agent sees them",
          "  call <tool> [json]            call a tool, e.g.  call greet {\"name\":\"Ada\"}",
          "  hook <tool> [json]            what the pre-tool hooks decide (runs nothing)",
          "  prompt                        the system prompt after providers' transforms",
          "  event <name> [json]           send a session event, e.g.  event user.message {\"text\":\"hi\"}",
          "  stream <stream@provider> [n]  a stream's newest n events (default 20)",
          "  watch <stream@provider>       print a stream's new events as they arrive",
          "  unwatch [stream@provider]     stop watching (all, without a name)",
          "  help                          this list",
          "  quit                          end every session and stop (so does end of input)");

  private final BufferedReader in;
  private final ConsoleOut out;
  private final PrintStream err;
  private final ConsoleSessions sessions;
  private final ToolCommands tools;
  private final StreamWatches streams;
  /** The deadline {@code end} gives when the command names none. */
  private final Duration endDeadline;

  CommandLoop(
      BufferedReader in,
      ConsoleOut out,
      PrintStream err,
      ConsoleSessions sessions,
      ToolCommands tools,
      StreamWatches streams,
      Duration endDeadline) {
    this.in = in;
    this.out = out;
    this.err = err;
    this.sessions = sessions;
    this.tools = tools;
    this.streams = streams;
    this.endDeadline = endDeadline;
  }

  /** Reads commands until {@code quit} or the end of input. */
  void serve() {
    while (true) {
      out.prompt();
      String line;
      try {
        out.awaitRoom(); // output nobody reads waits; so does the next command
        line = in.readLine();
      } catch (IOException e) {
        err.println("gateway: cannot read input any more (" + e.getMessage() + "); stopping");
        return;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
      if (line == null) {
        return;
      }
      String trimmed = line.strip();
      if (trimmed.isEmpty() || trimmed.startsWith("#")) {
        continue;
      }
      String[] parts = trimmed.split("\\s+", 2);
      String command = parts[0].toLowerCase(Locale.ROOT);
      String rest = parts.length > 1 ? parts[1].strip() : "";
      if (command.equals("quit") || command.equals("exit")) {
        return;
      }
      try {
        execute(command, rest);
      } catch (CommandFailed e) {
        out.say("error: " + e.getMessage());
      }
    }
  }

  private void execute(String command, String rest) {
    switch (command) {
      case "help", "?" -> out.say(HELP);
      case "sessions" -> sessions.list();
      case "start" -> sessions.start(rest);
      case "use" -> sessions.use(rest);
      case "idle" -> sessions.idle();
      case "end" -> sessions.end(rest, endDeadline);
      case "providers" -> tools.providers();
      case "tools" -> tools.tools();
      case "call" -> tools.call(rest);
      case "hook" -> tools.hook(rest);
      case "prompt" -> tools.prompt(rest);
      case "event" -> tools.event(rest);
      case "stream" -> streams.show(rest);
      case "watch" -> streams.watch(rest);
      case "unwatch" -> streams.unwatch(rest);
      default -> throw new CommandFailed("unknown command '" + command + "'; type 'help'");
    }
  }
}
