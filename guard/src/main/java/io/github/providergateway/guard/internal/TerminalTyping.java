package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Typing into the person's terminal ({@code guard.self}, issue 75): the gateway's console asks the
 * person "allow? y/N" in its terminal, and an agent that types {@code y} into that pane answers for
 * the person. tmux's {@code send-keys} (and {@code send}, its prefixes) and {@code paste-buffer},
 * screen's {@code -X stuff} and {@code paste}, a terminal's own remote control ({@code kitty @
 * send-text}, {@code wezterm cli send-text}, {@code zellij action write-chars}), the keyboards of
 * X, Wayland and macOS ({@code xdotool type|key}, {@code ydotool}, {@code wtype}, {@code xte},
 * {@code dotool}, {@code osascript … keystroke}), and the kernel's {@code TIOCSTI}, which pushes
 * characters into a terminal's input from inline code (python's {@code fcntl.ioctl(…,
 * termios.TIOCSTI, …)}, perl's {@code ioctl} with {@code 0x5412}), and a write to another terminal
 * or another process's open file ({@code echo y > /dev/pts/3}, {@code tee /proc/4242/fd/0}: {@link
 * TerminalDevices}). A project's own tests that drive a console in tmux are the test, not the
 * agent: the guard is not in their path.
 */
final class TerminalTyping {
  private static final BuiltinRule SELF = RuleBook.rule("guard.self");

  private TerminalTyping() {}

  /** xdotool's and ydotool's commands that press keys. */
  private static final Set<String> KEYS = NameSet.of("type", "key", "keydown", "keyup");

  /** The kernel's request that pushes a character into a terminal's input, by name and number. */
  private static final Pattern TIOCSTI =
      Pattern.compile("TIOCSTI|(?i:ioctl)[\\s\\S]{0,200}?(?:0x5412|\\b21522\\b)");

  /**
   * Scans each program for keys typed into a terminal.
   *
   * @param scan the call's scan
   */
  static void scan(Scan scan) {
    for (Access access : scan.accesses()) {
      // echo y > /dev/pts/3, tee /proc/4242/fd/0: written where a person's console reads.
      Path path = access.target().path();
      if (access.kind() == Access.Kind.WRITE
          && (TerminalDevices.isTerminal(path)
              || TerminalDevices.isOthersFile(path)
              || TerminalDevices.reachesTerminal(access.target()))) {
        scan.hit(SELF, access);
      }
    }
    for (Step step : scan.steps()) {
      if (types(step) || step.program().equals("tmux") && TmuxFiles.sourcesTyping(scan, step)) {
        scan.hit(SELF, step, null);
        continue;
      }
      String code = step.interpreter() ? InterpreterCode.of(step) : null;
      String found = code == null ? null : inText(code);
      if (found != null) {
        scan.hitFound(SELF, step, step.shown() + " (" + found + ")");
      }
    }
  }

  /**
   * What in a program's text types into a terminal: {@code TIOCSTI}.
   *
   * @param text inline code or a script
   * @return what was found, or {@code null}
   */
  static String inText(String text) {
    if (!text.contains("TIOCSTI") && !text.contains("5412") && !text.contains("21522")) {
      return null; // the pattern is run only over code that may hold it
    }
    return PatternLiterals.finds(TIOCSTI, text) ? "keys pushed into a terminal with TIOCSTI" : null;
  }

  private static boolean types(Step step) {
    List<Word> args = step.args();
    return switch (step.program()) {
      case "tmux" -> anyWord(tmuxCommands(args), TerminalTyping::tmuxTypes);
      case "screen" -> screenStuffs(args);
      case "xdotool", "ydotool" -> anyWord(args, KEYS::contains);
      // ttyecho pushes keys into a terminal; reptyr takes a process's terminal over; write puts
      // text on the person's terminal as a write to /dev/pts/N does (issue 75).
      case "wtype", "xte", "dotool", "dotoolc", "ttyecho", "reptyr" -> true;
      case "write" -> !args.isEmpty();
      case "osascript" -> anyWord(args, t -> t.contains("keystroke") || t.contains("key code"));
      case "kitty", "kitten" -> anyWord(args, t -> t.equals("send-text") || t.equals("send-key"));
      case "wezterm" -> anyWord(args, t -> t.equals("send-text"));
      case "zellij" -> anyWord(args, t -> t.equals("write-chars") || t.equals("write"));
      default -> false;
    };
  }

  /**
   * tmux's commands that type or paste into a pane: {@code send-keys} and its alias {@code send}
   * and prefixes ({@code send-k}), {@code paste-buffer} and {@code pasteb} and its prefixes; tmux
   * takes a command by the shortest prefix only it has.
   */
  static boolean tmuxTypes(String word) {
    // respawn-pane -k, respawn-window -k: the person's pane runs the agent's command instead.
    return word.equals("send")
        || word.equals("respawnp")
        || word.equals("respawnw")
        || word.length() >= 8 && "respawn-pane".startsWith(word)
        || word.length() >= 9 && "respawn-window".startsWith(word)
        || word.length() >= 6 && "send-keys".startsWith(word)
        || word.equals("pasteb")
        || word.length() >= 5 && "paste-buffer".startsWith(word);
  }

  /** tmux's own options that take the next word as their value. */
  private static final Set<String> TMUX_VALUED = NameSet.of("-L", "-S", "-f", "-T", "-c");

  /**
   * The words of a tmux command line that name its commands: the first word past tmux's own
   * options, and the first after each {@code ;} (what a session is named, {@code new -s send}, is
   * no command).
   *
   * @param args tmux's arguments
   * @return the command words
   */
  static List<Word> tmuxCommands(List<Word> args) {
    List<Word> commands = new java.util.ArrayList<>();
    boolean next = true;
    for (int i = 0; i < args.size(); i++) {
      String t = args.get(i).text();
      if (t.endsWith(";")) {
        next = true; // "\;" between commands, or "-d;" ending one
      } else if (next && commands.isEmpty() && TMUX_VALUED.contains(t)) {
        i++;
      } else if (next && !t.startsWith("-")) {
        commands.add(args.get(i));
        next = false;
      }
    }
    return commands;
  }

  /** {@code screen -S s -p 0 -X stuff 'y\n'}: a command given to a session that types or pastes. */
  private static boolean screenStuffs(List<Word> args) {
    for (int i = 0; i < args.size(); i++) {
      String t = args.get(i).text();
      if (t.equals("-X") && i + 1 < args.size()) {
        String command = args.get(i + 1).text().strip().toLowerCase(Locale.ROOT);
        if (command.startsWith("stuff")
            || command.startsWith("paste")
            || command.startsWith("eval")
            || command.startsWith("readbuf")) {
          return true;
        }
      }
    }
    return false;
  }

  static boolean anyWord(List<Word> args, java.util.function.Predicate<String> test) {
    for (Word word : args) {
      if (test.test(word.text())) {
        return true;
      }
    }
    return false;
  }
}
