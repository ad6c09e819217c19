package io.github.providergateway.guard.shell;

import io.github.providergateway.guard.shell.internal.NameSet;
import io.github.providergateway.guard.shell.syntax.ShellParseException;
import java.util.List;
import java.util.Set;

/**
 * The commands an administration console reads on its input, one a line, when its words give it
 * none (round 62): {@code scontrol <<< 'update NodeName=gpu[01-16] State=DOWN'} is {@code scontrol
 * update NodeName=gpu[01-16] State=DOWN}, {@code nsupdate <<< 'update delete www.example.com A'},
 * {@code virsh <<EOF destroy db1 EOF}, {@code printf 'delete jdoe\n' | kadmin.local}. Each line is
 * read as the console's command, as GAM's batch is ({@link NestedCommands#gamBatch}); text that is
 * no command makes a command of no meaning, read as such. A console given its command in its words
 * reads none from its input, and an interpreter's or a database client's input is theirs.
 */
final class ConsoleInput {
  private ConsoleInput() {}

  /** The consoles that read their commands on their input, one a line. */
  static final Set<String> CONSOLES =
      NameSet.of(
          "scontrol",
          "sacctmgr",
          "nsupdate",
          "virsh",
          "bconsole",
          "kadmin",
          "kadmin.local",
          "knotc",
          "zkCli.sh",
          "zkcli",
          "crm",
          "smbclient");

  /** The most lines read: a console's script is short, and each line is a command to resolve. */
  private static final int LINES = 64;

  /**
   * Reads the lines of {@code words}' console's input as its commands, when its words name none.
   */
  static void read(Resolver resolver, RawCommand raw, List<Word> words, int depth, List<String> via)
      throws ShellParseException {
    if (commandGiven(words)) {
      return;
    }
    List<String> bodies = ShellInputs.inputTexts(resolver, raw);
    if (bodies.isEmpty()) {
      return;
    }
    String program = words.get(0).text();
    List<String> inner = Resolver.append(via, program + " input");
    int read = 0;
    for (String body : bodies) {
      for (String line : body.split("\n", LINES + 1)) {
        String command = line.strip();
        if (command.isEmpty() || command.startsWith("#") || command.startsWith(";")) {
          continue;
        }
        if (++read > LINES) {
          return;
        }
        resolver.script(program + " " + command, depth, inner, " in the input of " + program);
      }
    }
  }

  /**
   * Whether a word after the program's options is a command of its own: a word that begins with a
   * letter and follows no option ({@code virsh -c qemu:///system list} gives {@code list}; {@code
   * nsupdate -k key.conf} gives none). An option's value is taken to follow it unless written with
   * {@code =}, so a console may be read as given none where it was given one: its input is then
   * read too, which only adds what it could run.
   */
  private static boolean commandGiven(List<Word> words) {
    boolean optionBefore = false;
    for (int i = 1; i < words.size(); i++) {
      String text = words.get(i).text();
      if (text.startsWith("-")) {
        optionBefore = text.indexOf('=') < 0;
        continue;
      }
      if (!optionBefore && !text.isEmpty() && Character.isLetter(text.charAt(0))) {
        return true;
      }
      optionBefore = false;
    }
    return false;
  }
}
