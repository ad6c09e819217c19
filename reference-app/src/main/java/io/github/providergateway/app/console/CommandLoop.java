package io.github.providergateway.app.console;

import io.github.providergateway.app.cli.DidYouMean;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * Reads the console's commands, one a line, until {@code quit} or the end of input, and runs each
 * before reading the next, so piped scripts give ordered output. A command that fails prints {@code
 * error: ...} and the loop reads on; one interrupted by Ctrl-C prints what became of it. Reader
 * thread only.
 */
final class CommandLoop {

  private final CommandInput in;
  private final ConsoleOut out;
  private final PrintStream err;
  private final ConsoleSessions sessions;
  private final ToolCommands tools;
  private final AuditCommands audit;
  private final ReloadCommands reloads;
  private final GateCommands gates;
  private final StreamWatches streams;

  /** Gates' questions to the person, answered with {@code y} and {@code n}. */
  private final ConsoleQuestions questions;

  /** The command running now, for Ctrl-C. */
  private final RunningCommand running;

  /** What {@code help} prints. */
  private final String help;

  /** The deadline {@code end} gives when the command names none. */
  private final Duration endDeadline;

  CommandLoop(
      CommandInput in,
      ConsoleOut out,
      PrintStream err,
      ConsoleSessions sessions,
      ToolCommands tools,
      AuditCommands audit,
      ReloadCommands reloads,
      GateCommands gates,
      StreamWatches streams,
      ConsoleQuestions questions,
      RunningCommand running,
      String help,
      Duration endDeadline) {
    this.in = in;
    this.out = out;
    this.err = err;
    this.sessions = sessions;
    this.tools = tools;
    this.audit = audit;
    this.reloads = reloads;
    this.gates = gates;
    this.streams = streams;
    this.questions = questions;
    this.running = running;
    this.help = help;
    this.endDeadline = endDeadline;
  }

  /** Reads commands until {@code quit} or the end of input. */
  void serve() {
    while (true) {
      String line;
      try {
        out.awaitRoom(); // output nobody reads waits; so does the next command
        line = in.readLine();
      } catch (IOException e) {
        if (!Thread.currentThread().isInterrupted()) {
          // Interrupted: the gateway stops for another reason (gateway stop), and took the input.
          err.println("gateway: cannot read input any more (" + e.getMessage() + "); stopping");
        }
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
      String rest = parts.length > 1 ? parts[1].strip() : "";
      Optional<ConsoleCommand> command = ConsoleCommand.named(parts[0]);
      if (command.isPresent() && command.get() == ConsoleCommand.QUIT) {
        return;
      }
      running.started();
      try {
        execute(command.orElseThrow(() -> unknown(parts[0])), rest);
      } catch (CommandInterrupted e) {
        out.say(e.getMessage());
      } catch (CommandFailed e) {
        out.say("error: " + e.getMessage());
      } finally {
        running.finished();
      }
    }
  }

  private static CommandFailed unknown(String typed) {
    String word = typed.toLowerCase(Locale.ROOT);
    Optional<String> meant = DidYouMean.closest(word, ConsoleCommand.words());
    return new CommandFailed(
        "unknown command '"
            + word
            + "'"
            + meant
                .map(name -> "; did you mean '" + name + "'? ('help' lists them)")
                .orElse("; type 'help'"));
  }

  private void execute(ConsoleCommand command, String rest) {
    switch (command) {
      case HELP -> out.say(help);
      case SESSIONS -> sessions.list();
      case START -> sessions.start(rest);
      case USE -> sessions.use(rest);
      case IDLE -> sessions.idle();
      case END -> sessions.end(rest, endDeadline);
      case INTERRUPT -> tools.interrupt();
      case PROVIDERS -> tools.providers();
      case TOOLS -> tools.tools();
      case CALL -> tools.call(rest);
      case HOOK -> tools.hook(rest);
      case PROMPT -> tools.prompt(rest);
      case EVENT -> tools.event(rest);
      case STREAM -> streams.show(rest);
      case WATCH -> streams.watch(rest);
      case UNWATCH -> streams.unwatch(rest);
      case AUDIT -> audit.audit(rest);
      case WHY -> audit.why(rest);
      case STATUS -> audit.status();
      case RELOAD -> reloads.reload(rest);
      case GATES -> gates.console(rest);
      case YES, NO -> questions.answerLine(command, rest);
      case QUIT -> throw new IllegalStateException("quit ends the loop before it runs");
    }
  }
}
