package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Access.Kind;
import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;

/**
 * Reading the person's terminal ({@code guard.gateway-token}, issue 75): what it shows holds the
 * status page's link that {@code gateway status} gave the person, and the answers the person typed.
 * tmux's {@code capture-pane} and its buffers ({@code save-buffer}, {@code show-buffer}, {@code
 * pipe-pane}, with their aliases and prefixes), screen's {@code hardcopy}, {@code log} and {@code
 * writebuf}, a terminal's own remote control ({@code kitty @ get-text}, {@code wezterm cli
 * get-text}, {@code zellij action dump-screen}), and a read of another terminal or a console's
 * screen as a file ({@link TerminalDevices}: {@code cat /dev/pts/3}, {@code /dev/vcs*}), inline
 * code's literal path among them ({@code open('/dev/pts/3')}, read or written).
 */
final class TerminalReads {
  private static final BuiltinRule GATEWAY_TOKEN = RuleBook.rule("guard.gateway-token");

  private TerminalReads() {}

  /**
   * Scans each program for a read of a terminal.
   *
   * @param scan the call's scan
   */
  static void scan(Scan scan) {
    for (Step step : scan.steps()) {
      if (reads(step) || step.interpreter() && namedInCode(step)) {
        scan.hit(GATEWAY_TOKEN, step, null);
      }
    }
    for (Access access : scan.accesses()) {
      if (access.kind() == Kind.READ && TerminalDevices.isTerminal(access.target().path())) {
        scan.hit(GATEWAY_TOKEN, access);
      }
    }
  }

  /** Inline code that opens another terminal or another process's file by its literal path. */
  private static boolean namedInCode(Step step) {
    String code = InterpreterCode.of(step);
    if (code == null || !code.contains("/dev/") && !code.contains("/proc/")) {
      return false;
    }
    for (String literal : CodeArguments.literals(code)) {
      if (literal.startsWith("/dev/") || literal.startsWith("/proc/")) {
        java.nio.file.Path path = java.nio.file.Path.of(literal).normalize();
        if (TerminalDevices.isTerminal(path) || TerminalDevices.isOthersFile(path)) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean reads(Step step) {
    List<Word> args = step.args();
    return switch (step.program()) {
      case "tmux" ->
          TerminalTyping.anyWord(TerminalTyping.tmuxCommands(args), TerminalReads::tmuxReads);
      case "screen" -> screenReads(args);
      case "kitty", "kitten" -> TerminalTyping.anyWord(args, t -> t.equals("get-text"));
      case "wezterm" -> TerminalTyping.anyWord(args, t -> t.equals("get-text"));
      case "zellij" ->
          TerminalTyping.anyWord(args, t -> t.equals("dump-screen") || t.equals("dump-layout"));
      default -> false;
    };
  }

  /**
   * tmux's commands that read a pane or a paste buffer: {@code capture-pane} ({@code capturep}),
   * {@code save-buffer} ({@code saveb}), {@code show-buffer} ({@code showb}), {@code pipe-pane}
   * ({@code pipep}), and their unique prefixes, as tmux takes them.
   */
  private static boolean tmuxReads(String word) {
    return word.equals("capturep")
        || word.length() >= 3 && "capture-pane".startsWith(word)
        || word.equals("saveb")
        || word.length() >= 3 && "save-buffer".startsWith(word)
        || word.equals("showb")
        || word.length() >= 5 && "show-buffer".startsWith(word)
        || word.equals("pipep")
        || word.length() >= 3 && "pipe-pane".startsWith(word);
  }

  /** {@code screen -X hardcopy /tmp/x}: a command to a session that writes its screen out. */
  private static boolean screenReads(List<Word> args) {
    for (int i = 0; i + 1 < args.size(); i++) {
      if (args.get(i).text().equals("-X")) {
        String command = args.get(i + 1).text().strip().toLowerCase(Locale.ROOT);
        if (command.startsWith("hardcopy")
            || command.startsWith("log")
            || command.startsWith("writebuf")) {
          return true;
        }
      }
    }
    return false;
  }
}
