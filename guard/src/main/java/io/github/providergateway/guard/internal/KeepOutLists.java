package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A list that keeps someone or something out, emptied (issue 80 round 72, {@code
 * safeguards.keep-out-list-emptied}): a block list, a ban list, a suppression or do-not-call list,
 * an opt-out list, written whole with no entry left ({@code config/ivt/datacenter_ip_ranges.txt}
 * left with its comment only was round 72's form), or emptied by the shell ({@code : >
 * config/denylist.txt}, {@code truncate -s 0 data/suppression_list.csv}, {@code cp /dev/null …}) or
 * by inline code ({@code open('optout_emails.txt', 'w').close()}). Whatever the list kept out
 * (bots, stolen cards, people who said no) is let in at once, and nothing fails to show it.
 * Removing one entry is ordinary work; a list under a test's place is made-up data.
 */
final class KeepOutLists {
  private KeepOutLists() {}

  /** The parts of a file's name that say it keeps out what it lists. */
  private static final Set<String> KEEPS_OUT =
      NameSet.of(
          "blocklist",
          "blacklist",
          "denylist",
          "blocked",
          "blocklisted",
          "blacklisted",
          "banned",
          "bans",
          "banlist",
          "suppression",
          "suppressions",
          "suppressed",
          "optout",
          "optouts",
          "unsubscribed",
          "unsubscribes",
          "dnc",
          "donotcall",
          "donotcontact",
          "exclusion",
          "exclusions",
          "excluded",
          "sanctioned",
          "sanctions",
          "embargoed",
          "watchlist",
          "revoked",
          "revocations",
          "quarantined");

  /** The parts of a name that say the file tells of a list, not that it is one. */
  private static final Set<String> ABOUT_IT =
      NameSet.of(
          "report", "reports", "log", "logs", "stats", "summary", "metrics", "count", "counts",
          "audit", "history", "test", "tests");

  /** A copy kept beside the list: {@code blocklist.txt.bak}, {@code denylist.orig}. */
  private static boolean copy(String name) {
    return name.endsWith(".bak")
        || name.endsWith(".orig")
        || name.endsWith("~")
        || name.endsWith(".old");
  }

  /** Two-word spellings of the same: {@code do_not_call}, {@code opt-out}, {@code ip_block}. */
  private static final Pattern SPELLED =
      Pattern.compile(
          "do_?not_?(?:call|contact|mail|email|sell|track)|opt_?outs?|(?:ip|bin)_?blocks?");

  /** An interpreter's file opened to be written and closed with nothing in it. */
  private static final Pattern OPENED_EMPTY =
      Pattern.compile(
          "open\\(\\s*['\"]([^'\"]{1,200})['\"]\\s*,\\s*['\"]w['\"]\\s*\\)\\s*\\.close\\(\\)"
              + "|writeFileSync\\(\\s*['\"]([^'\"]{1,200})['\"]\\s*,\\s*['\"]{2}"
              + "|Path\\(\\s*['\"]([^'\"]{1,200})['\"]\\s*\\)\\.write_text\\(\\s*['\"]{2}\\s*\\)");

  /** The programs that print nothing when given nothing: {@code : > f}, {@code echo -n > f}. */
  private static final Set<String> PRINT_NOTHING = NameSet.of(":", "true", "echo", "printf");

  /**
   * {@return whether a file's path names a list that keeps out, not under a test's place}
   *
   * @param path the path as written
   */
  static boolean keepsOut(String path) {
    if (path == null || path.isEmpty() || path.length() > 300 || Environments.testName(path)) {
      return false;
    }
    String name = path.substring(path.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
    int dot = name.indexOf('.');
    String stem = dot > 0 ? name.substring(0, dot) : name;
    boolean keeps = false;
    for (String part : ServiceVerbs.split(stem)) {
      if (ABOUT_IT.contains(part)) {
        return false; // blocked-report.txt, denylist_stats.csv: what the list did, not the list
      }
      keeps |= KEEPS_OUT.contains(part);
    }
    return (keeps || SPELLED.matcher(stem.replace('-', '_')).find()) && !copy(name);
  }

  /**
   * {@return the list an edit tool writes whole with no entry left, or {@code null}}
   *
   * @param call the call
   */
  static String writtenEmpty(CallForRules call) {
    if (!call.tool().equals("write") && !call.tool().equals("edit")) {
      return null;
    }
    String path = EditCalls.text(call.args(), "path", "file_path");
    String content = EditCalls.text(call.args(), "content", "file_text");
    if (path == null || content == null || content.length() > 4096 || Environments.testName(path)) {
      return null;
    }
    String entry = null;
    int entries = 0;
    StringBuilder remarks = new StringBuilder();
    for (String line : content.split("\n", -1)) {
      String kept = line.strip();
      if (kept.startsWith("#") || kept.startsWith("//") || kept.startsWith(";")) {
        remarks.append(kept).append('\n');
      } else if (!kept.isEmpty()) {
        entry = kept;
        entries++;
      }
    }
    boolean empty = entries == 0 || entries == 1 && tabular(path) && header(entry);
    return empty && (keepsOut(path) || saysItKeepsOut(remarks)) ? path + " emptied" : null;
  }

  /** A table's file, whose one line may name its columns: {@code phone}, {@code ip,reason}. */
  private static boolean tabular(String path) {
    String lower = path.toLowerCase(Locale.ROOT);
    return lower.endsWith(".csv") || lower.endsWith(".tsv");
  }

  private static boolean header(String line) {
    return line.matches("[A-Za-z_ ,\t]{1,200}");
  }

  /** The words of a list's own remark that say it keeps out: {@code # ranges blocked pre-bid}. */
  private static final Pattern KEEPS_OUT_SAID =
      Pattern.compile(
          "(?i)\\b(?:block(?:ed|list)?|deny|denied|ban(?:ned)?|suppress(?:ed|ion)?|opt(?:ed)?[- ]?out"
              + "|do[- ]not[- ](?:call|contact|mail)|exclu(?:ded|sion)|embargo(?:ed)?|sanction(?:ed|s)?)\\b");

  private static boolean saysItKeepsOut(CharSequence remarks) {
    return remarks.length() > 0 && PatternLiterals.finds(KEEPS_OUT_SAID, remarks.toString());
  }

  /**
   * {@return whether a program empties a list that keeps out}
   *
   * @param scan the call
   * @param step the program
   */
  static boolean emptiedBy(Scan scan, Step step) {
    String program = step.program();
    List<Word> args = step.args();
    if (program.equals("truncate")) {
      return sizeZero(args) && anyKeepsOut(args);
    }
    if ((program.equals("cp") || program.equals("install"))
        && args.size() >= 2
        && args.get(args.size() - 2).text().equals("/dev/null")) {
      return keepsOut(
          args.get(args.size() - 1).text()); // cp /dev/null f, install -m644 /dev/null f
    }
    if (program.equals("dd")) {
      return args.stream().anyMatch(word -> word.text().equals("if=/dev/null"))
          && args.stream()
              .anyMatch(
                  word -> word.text().startsWith("of=") && keepsOut(word.text().substring(3)));
    }
    if (program.equals("tee") && fedNothing(step)) {
      return anyKeepsOut(args);
    }
    if (printsNothing(step)) {
      for (Redirect redirect : step.invocation().redirects()) {
        if ((redirect.operator().equals(">") || redirect.operator().equals(">|"))
            && keepsOut(redirect.target().text())) {
          return true;
        }
      }
    }
    String code = SharedCodeActs.codeOf(step);
    if (code != null) {
      Matcher opened = OPENED_EMPTY.matcher(code);
      while (opened.find()) {
        for (int group = 1; group <= 3; group++) {
          if (opened.group(group) != null && keepsOut(opened.group(group))) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /** {@code tee f < /dev/null}: its input is nothing. */
  private static boolean fedNothing(Step step) {
    for (Redirect redirect : step.invocation().redirects()) {
      if (redirect.operator().equals("<") && redirect.target().text().equals("/dev/null")) {
        return true;
      }
    }
    return false;
  }

  private static boolean sizeZero(List<Word> args) {
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text.equals("-s0")
          || text.equals("--size=0")
          || (text.equals("-s") || text.equals("--size"))
              && i + 1 < args.size()
              && args.get(i + 1).text().equals("0")) {
        return true;
      }
    }
    return false;
  }

  private static boolean anyKeepsOut(List<Word> args) {
    for (Word word : args) {
      if (!word.text().startsWith("-") && keepsOut(word.text())) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@code :}, {@code true}, {@code echo -n}, {@code printf ''}, {@code cat /dev/null}, or no
   * program at all ({@code > f}, redirections alone).
   */
  private static boolean printsNothing(Step step) {
    String program = step.program();
    List<Word> args = step.args();
    if (program.isEmpty()) {
      return true;
    }
    if (program.equals("cat")) {
      return args.size() == 1 && args.get(0).text().equals("/dev/null");
    }
    if (!PRINT_NOTHING.contains(program)) {
      return false;
    }
    for (Word word : args) {
      String text = word.text();
      if (!text.isEmpty() && !(program.equals("echo") && text.equals("-n"))) {
        return false;
      }
    }
    return true;
  }
}
