package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Files deleted on another machine through a file-transfer client's own commands (decision 257):
 * sftp's and lftp's {@code rm}, {@code mrm}, {@code rmdir}, an FTP server's {@code DELE} and {@code
 * RMD} through {@code curl -Q}, said in the client's {@code -c}/{@code -e} string, a here-document,
 * a here-string or the literal text echoed into it. A partner's drop folder or a shared server's
 * files have no bin to take them back from. Many at once ({@code mrm}, a glob, {@code rm -r}, a
 * folder) is told from one file; a host of this machine or a test server is neither.
 */
final class TransferDeletes {
  private TransferDeletes() {}

  /** The clients whose command language deletes on the server. */
  private static final Set<String> CLIENTS = NameSet.of("sftp", "lftp", "ftp", "ncftp", "psftp");

  /** The most text read of a call's commands. */
  private static final int MAX_TEXT = 8 * 1024;

  /** A delete in a client's commands, with its operand. */
  private static final Pattern DELETE =
      Pattern.compile(
          "(?i)(?:^|[;\\n'\"]|\\s)[-+*]?(rm|mrm|rmdir|rmr|del|mdel|mdelete|delete|dele|rmd|glob\\s+rm)"
              + "((?:\\s+-[a-z]+)*)\\s+(\\S+)");

  /** A host of this machine or of a test, where nothing of anyone's is lost. */
  private static final Pattern LOCAL_OR_TEST =
      Pattern.compile(
          "(?i)(?:@|//|^|\\s)(?:localhost|127\\.0\\.0\\.1|0\\.0\\.0\\.0|host\\.docker\\.internal"
              + "|[\\w-]*(?:test|sandbox|uat|staging|emulator)[\\w.-]*)(?:[:/\\s]|$)");

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("transfer-deletes-many", (scan, step, read) -> deletes(scan, step) == Kind.MANY);
    named.put("transfer-deletes-one", (scan, step, read) -> deletes(scan, step) == Kind.ONE);
  }

  private enum Kind {
    NONE,
    ONE,
    MANY
  }

  private static Kind deletes(Scan scan, Step step) {
    boolean curl = step.program().equals("curl");
    if (!curl && !CLIENTS.contains(step.program())) {
      return Kind.NONE;
    }
    String args = text(step.args());
    if (localOrTestHost(step.args()) || curl && !args.contains("ftp")) {
      return Kind.NONE;
    }
    String commands = curl ? quoted(step.args()) : commands(scan, step, args);
    Kind kind = Kind.NONE;
    Matcher m = DELETE.matcher(commands);
    while (m.find()) {
      String verb = m.group(1).toLowerCase(java.util.Locale.ROOT);
      boolean many =
          verb.startsWith("m")
              || verb.startsWith("glob")
              || verb.equals("rmdir")
              || verb.equals("rmd")
              || verb.equals("rmr")
              || m.group(2).contains("r")
              || m.group(3).contains("*");
      if (many) {
        return Kind.MANY;
      }
      kind = Kind.ONE;
    }
    return kind;
  }

  /**
   * Whether a word that may name the host names this machine or a test's: not a command the client
   * is given ({@code lftp -e 'rm -r test_results; bye' sftp://partner…} deletes on the partner's).
   */
  private static boolean localOrTestHost(List<Word> args) {
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (i > 0 && COMMAND_OPTIONS.contains(args.get(i - 1).text())
          || text.indexOf(' ') >= 0
          || text.indexOf(';') >= 0
          || text.indexOf('\n') >= 0) {
        continue;
      }
      if (PatternLiterals.finds(LOCAL_OR_TEST, text)) {
        return true;
      }
    }
    return false;
  }

  /** The options whose value is commands for the client, or a file of them: no host. */
  private static final Set<String> COMMAND_OPTIONS =
      Set.of("-e", "-c", "-b", "-Q", "--quote", "-f");

  /** The client's commands: its options' strings, its here-documents, what is echoed into it. */
  private static String commands(Scan scan, Step step, String args) {
    StringBuilder text = new StringBuilder(args);
    for (Redirect redirect : step.invocation().redirects()) {
      String body = redirect.body();
      if (body != null && text.length() + body.length() <= MAX_TEXT) {
        text.append('\n').append(body);
      }
    }
    List<Step> steps = scan.steps();
    int at = steps.indexOf(step);
    String source = scan.source();
    if (at > 0 && source != null && source.indexOf('|') >= 0) {
      Step before = steps.get(at - 1);
      if (before.program().equals("echo") || before.program().equals("printf")) {
        text.append('\n').append(text(before.args()).replace("\\n", "\n"));
      }
    }
    return text.toString();
  }

  /** curl's {@code -Q}/{@code --quote} commands, each on its own line. */
  private static String quoted(List<Word> args) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i + 1 < args.size(); i++) {
      String a = args.get(i).text();
      if (a.equals("-Q") || a.equals("--quote")) {
        text.append('\n').append(args.get(i + 1).text());
      }
    }
    return text.toString();
  }

  private static String text(List<Word> words) {
    StringBuilder text = new StringBuilder();
    for (Word word : words) {
      if (text.length() + word.text().length() > MAX_TEXT) {
        break;
      }
      text.append(word.text()).append(' ');
    }
    return text.toString();
  }
}
