package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The options some tools take their command in (decision 263): {@code irt-admin --cmd=UNBLIND
 * --args=…}, {@code opsctl --action close --id 7}. The value is a command word, read as one. Since
 * decision 307 a tool's own language given in an option ({@code gsh.sh -runarg
 * 'delMember("app:vpn", "ref:all")'}) is read by the call it makes: its name is the command word
 * ({@code delMember}, read as {@code del} and {@code member}).
 */
final class CommandOptions {
  private CommandOptions() {}

  /** The options whose value is the command. */
  private static final Set<String> NAMES =
      NameSet.of("--cmd", "--command", "--action", "--op", "--operation", "-cmd", "-action");

  /**
   * {@return the command an option gives with {@code =} ({@code --cmd=UNBLIND}: {@code UNBLIND}),
   * or null}
   */
  static String value(String text) {
    int eq = text.indexOf('=');
    if (eq < 2 || eq + 1 >= text.length() || !NAMES.contains(text.substring(0, eq))) {
      return null;
    }
    String value = text.substring(eq + 1);
    return Character.isLetter(value.charAt(0)) && value.length() <= 64 ? value : null;
  }

  /** Whether the option takes the command as the next word: {@code --action close}. */
  static boolean named(String text) {
    return NAMES.contains(text);
  }

  /** The options whose value is code in the tool's own language. */
  private static final Set<String> CODE =
      NameSet.of(
          "-runarg",
          "--runarg",
          "-eval",
          "--eval",
          "-exec",
          "--exec",
          "-run",
          "--run",
          "-script",
          "--script",
          "-expr",
          "--expr",
          "-e");

  /** A call, first in its code: {@code delMember("a", "b");}, {@code grp.deleteAll()}. */
  private static final Pattern CALL =
      Pattern.compile("^\\s*(?:[A-Za-z_][A-Za-z0-9_]*\\.)*([A-Za-z_][A-Za-z0-9_]{2,63})\\s*\\(");

  /** Whether the option's value is code in the tool's own language: {@code -runarg}. */
  static boolean code(String text) {
    return CODE.contains(text);
  }

  /**
   * The options whose value may be statements in the tool's own language (decision 325: {@code
   * rancli -c 'cell lock --cell NR-4411'}, {@code hlrctl --cmd 'delete subscriber …'}).
   */
  private static final Set<String> STATEMENT_OPTIONS =
      NameSet.of("-c", "--exec", "--execute-command", "--batch", "--commands");

  /** Whether the option's value may be statements in the tool's own language. */
  static boolean statements(String option) {
    return NAMES.contains(option) || CODE.contains(option) || STATEMENT_OPTIONS.contains(option);
  }

  /** A statement's words: a command word first, then words and options. */
  private static final Pattern STATEMENT =
      Pattern.compile("[A-Za-z][A-Za-z0-9_-]{0,40}(?:\\s+\\S{1,80}){0,30}");

  /**
   * {@return the statements of a word in the tool's own language ({@code close draw; publish
   * results}: {@code [close, draw]}, {@code [publish, results]}), each as the words a command line
   * would give, or null where the word is no statement: a call ({@code delMember(…)}, read by
   * {@link #called}), a sentence's capital, a path}
   */
  static List<List<Word>> statementsOf(String text) {
    if (text.length() > 400 || text.indexOf(' ') < 0 || text.indexOf('(') >= 0) {
      return null;
    }
    List<List<Word>> out = new ArrayList<>();
    for (String statement : text.split("[;\\n]")) {
      String trimmed = statement.strip();
      if (trimmed.isEmpty()) {
        continue;
      }
      if (!STATEMENT.matcher(trimmed).matches()
          || Character.isUpperCase(trimmed.charAt(0))
          || trimmed.indexOf(',') >= 0 // 'ops checked good, no fault found': a remark
          || trimmed.endsWith(".")) {
        return null;
      }
      List<Word> words = new ArrayList<>();
      for (String token : trimmed.split("\\s+")) {
        words.add(Word.literal(token));
      }
      String first = words.get(0).text();
      boolean ownWord = ShapeWords.READS.contains(first) || TradeVerbs.verb(first);
      if (!ownWord && (ShapeWords.LOCAL.contains(first) || PublicPrograms.known(first))) {
        return null; // vng --exec "ip link set …": a shell command, the shell's reading
      }
      out.add(words);
    }
    return out.isEmpty() ? null : out;
  }

  /**
   * {@return the name of the call a piece of code begins with ({@code delMember("a")}: {@code
   * delMember}), or null}
   */
  static String called(String code) {
    Matcher m = CALL.matcher(code);
    return m.find() ? m.group(1) : null;
  }
}
