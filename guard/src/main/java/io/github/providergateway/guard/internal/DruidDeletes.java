package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Apache Druid's data destroyed through its HTTP API (issue 80 round 72, read with {@code
 * databases.lake-table-overwritten}): a {@code kill} task submitted to the Overlord ({@code POST
 * /druid/indexer/v1/task} with {@code "type": "kill"}), which deletes a datasource's segments from
 * deep storage for good, or a datasource or its intervals deleted at the Coordinator ({@code DELETE
 * /druid/coordinator/v1/datasources/…}), which takes them off every query. A read of the same
 * paths, an ingestion task, and this machine's or a test's Druid are not.
 */
final class DruidDeletes {
  private DruidDeletes() {}

  /** The HTTP clients read here. */
  private static final Set<String> CLIENTS = NameSet.of("curl", "http", "https", "xh", "wget");

  /** A kill task sent to the Overlord, its type before or after its path. */
  private static final Pattern KILL_TASK =
      Pattern.compile(
          "(?i)/druid/indexer/v1/task\\b[\\s\\S]{0,2000}?(?:\"type\"\\s*:\\s*\"kill\"|\\btype=kill\\b)"
              + "|(?:\"type\"\\s*:\\s*\"kill\"|\\btype=kill\\b)[\\s\\S]{0,2000}?/druid/indexer/v1/task\\b");

  /** A datasource, or its intervals, at the Coordinator. */
  private static final Pattern DATASOURCE =
      Pattern.compile("(?i)/druid/coordinator/v1/datasources/[^/\\s'\"?]+");

  /** {@return whether a program of this name is an HTTP client read here} */
  static boolean client(String program) {
    return CLIENTS.contains(program);
  }

  /**
   * {@return whether the request kills or deletes a Druid datasource's data on another machine}
   *
   * @param step an HTTP client's request
   */
  static boolean destroysShared(Step step) {
    if (!CLIENTS.contains(step.program())) {
      return false;
    }
    List<Word> args = step.args();
    StringBuilder text = new StringBuilder();
    boolean delete = false;
    for (int i = 0; i < args.size(); i++) {
      String t = args.get(i).text();
      text.append(t).append('\n');
      String next = i + 1 < args.size() ? args.get(i + 1).text() : "";
      delete |=
          t.equalsIgnoreCase("-XDELETE")
              || (t.equals("-X") || t.equals("--request")) && next.equalsIgnoreCase("DELETE")
              || i == 0 && t.toUpperCase(Locale.ROOT).equals("DELETE");
    }
    String all = text.length() > DatabaseWords.MAX_TEXT ? "" : text.toString();
    boolean destroys =
        PatternLiterals.finds(KILL_TASK, all) || delete && PatternLiterals.finds(DATASOURCE, all);
    if (!destroys) {
      return false;
    }
    for (String host : Environments.hosts(step)) {
      if (host.equals("?") || !DatabaseTargets.localOrTest(host)) {
        return true;
      }
    }
    return false;
  }
}
