package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Access.Kind;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Set;

/**
 * A file of the gateway's home named to any program is a read of it (issue 75): a program need not
 * be a reader the guard knows to print what it is given ({@code date -f}, {@code gcc -E}, {@code
 * python3}, {@code node --check}, {@code javac @file}, {@code wget -i}, {@code ssh -F}, {@code
 * shellcheck} each show a token in their errors or output). So a word that names a file the home
 * holds its secrets in ({@link SelfRules#readsGatewaySecret}), alone, after {@code @} or as an
 * option's {@code =value}, is {@code guard.gateway-token}, whatever the program, but for the few
 * that look at a file's name, never at what it holds.
 */
final class TokenArguments {
  private static final BuiltinRule GATEWAY_TOKEN = RuleBook.rule("guard.gateway-token");

  private TokenArguments() {}

  /**
   * The programs that take a file's name and never print what it holds: they list, test, name or
   * measure it. Small on purpose: a program not here is read as reading what it is given.
   */
  private static final Set<String> NAME_ONLY =
      NameSet.of(
          "ls",
          "stat",
          "test",
          "[",
          "[[",
          "realpath",
          "readlink",
          "dirname",
          "basename",
          "du",
          "find",
          "file",
          "namei",
          "lsattr",
          "getfacl",
          "echo",
          "printf",
          "cd",
          "pushd",
          "mkdir");

  /**
   * Scans each program's words for a file of the gateway's home.
   *
   * @param scan the call's scan
   */
  static void scan(Scan scan) {
    for (Step step : scan.steps()) {
      if (NAME_ONLY.contains(step.program())) {
        continue;
      }
      for (Word word : step.args()) {
        String file = named(word.text());
        if (file != null && readsSecret(scan, step, new Word(file, word.literal()))) {
          return;
        }
      }
    }
  }

  /**
   * The file a word names, or {@code null} when it names none the home could hold: the word, what
   * follows an {@code @} ({@code javac @f}, {@code curl -d @f}), or an option's value ({@code
   * --config=f}).
   */
  private static String named(String text) {
    String file = text;
    if (file.startsWith("@")) {
      file = file.substring(1);
    } else if (file.startsWith("-")) {
      int equals = file.indexOf('=');
      if (equals < 0) {
        return null;
      }
      file = file.substring(equals + 1);
    }
    // A word with no folder is a name in the folder the program runs in, read when that is the
    // home (cd <home> && python3 .provider-token).
    return file.isEmpty() ? null : file;
  }

  private static boolean readsSecret(Scan scan, Step step, Word word) {
    for (Target target : scan.targets(step, word)) {
      if (target.path() == null) {
        continue;
      }
      Target real = word.text().indexOf('/') >= 0 ? scan.realPaths().of(target) : null;
      for (Target t : real == null ? new Target[] {target} : new Target[] {target, real}) {
        if (GuardPaths.readsGatewaySecret(scan.places(), t)) {
          scan.hit(GATEWAY_TOKEN, new Access(Kind.READ, t, step.invocation()));
          return true;
        }
      }
    }
    return false;
  }
}
