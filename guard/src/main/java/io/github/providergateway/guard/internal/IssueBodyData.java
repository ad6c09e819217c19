package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A file of data posted as an issue's or a comment's body on a repository the call names (decision
 * 206, {@code leak.data-in-issue}): {@code gh issue create -R pydicom/pynetdicom --body-file
 * tmp/assoc_debug_lkr.txt}, {@code gh issue comment 412 --repo … --body-file exports/x.csv}. A
 * debug log, a dump, a capture or an export holds what the system saw (patients' names from a
 * C-FIND, guests' bookings), and an issue is read by everyone the repository lets in, its search
 * and its mirrors. A report written for the issue ({@code .md}) is none of it.
 */
final class IssueBodyData {
  private IssueBodyData() {}

  /** The name of a file of what a system saw: a log, a dump, a trace, a capture, an export. */
  private static final Pattern DATA_NAME =
      Pattern.compile(
          "(?i)(?:^|[^a-z])(?:debug|log|logs|dump|dumps|trace|traces|capture|pcap|export|exports"
              + "|extract|extracts|har)(?:[^a-z]|$)");

  /** A data file's endings. */
  private static final Pattern DATA_END =
      Pattern.compile("(?i)\\.(?:csv|tsv|xlsx?|jsonl?|ndjson|xml|hl7|txt|log|har|pcap|dump)$");

  private static final Set<String> BODY_FILE = Set.of("--body-file", "-F");

  private static final Set<String> REPO = Set.of("-R", "--repo");

  /** Whether {@code gh issue create|comment} or {@code gh pr comment} posts a file of data. */
  static boolean posts(Step step) {
    List<Word> args = step.args();
    if (args.size() < 2
        || !Set.of("issue", "pr").contains(args.get(0).text())
        || !Set.of("create", "comment").contains(args.get(1).text())
        || args.get(0).text().equals("pr") && args.get(1).text().equals("create")) {
      return false;
    }
    boolean repo = false;
    String body = null;
    for (int i = 2; i < args.size(); i++) {
      String text = args.get(i).text();
      repo |= REPO.contains(text) || text.startsWith("--repo=");
      if (BODY_FILE.contains(text) && i + 1 < args.size()) {
        body = args.get(i + 1).text();
      } else if (text.startsWith("--body-file=")) {
        body = text.substring("--body-file=".length());
      }
    }
    if (!repo || body == null || body.equals("-")) {
      return false;
    }
    String lower = body.toLowerCase(Locale.ROOT);
    String name = lower.substring(lower.lastIndexOf('/') + 1);
    if (!PatternLiterals.finds(DATA_END, name)
        || !PatternLiterals.finds(DATA_NAME, lower) && name.endsWith(".txt")) {
      return false;
    }
    for (String part : RegulatedData.NOT_WORD.split(lower)) {
      if (RegulatedData.UNMARKS.contains(part)) {
        return false; // a test's, a fixture's, a synthetic or sample file
      }
    }
    return true;
  }
}
