package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The files a program run by {@code find -exec} is handed as {@code {}}: those find's {@code -name}
 * names under the folder it starts from. {@code find data/exports -name 'advertiser=*.csv.gz' -exec
 * gsutil cp {} gs://other-agency/ \;} copies {@code data/exports/advertiser=*.csv.gz}, which the
 * copy's own words do not show (decision 198).
 */
final class FindExecFiles {
  private FindExecFiles() {}

  /** find's tests that name a file by its base name. */
  private static final Set<String> BY_NAME = Set.of("-name", "-iname");

  /** find's tests that name a file by its whole path. */
  private static final Set<String> BY_PATH = Set.of("-path", "-ipath", "-wholename");

  /**
   * The operand as the files it stands for: a {@code {}} of a program find runs becomes the paths
   * find's name tests describe ({@code data/exports/*.csv}); any other operand is itself.
   */
  static List<String> named(Scan scan, Step step, String operand) {
    List<String> via = step.invocation().via();
    if (!operand.contains("{}") || via.isEmpty() || !via.get(via.size() - 1).startsWith("find")) {
      return List.of(operand);
    }
    for (Step find : scan.steps()) {
      if (find.program().equals("find") && runs(find, step.invocation().words().get(0).text())) {
        List<String> names = names(find.args());
        return names.isEmpty() ? List.of(operand) : names;
      }
    }
    return List.of(operand);
  }

  /** Whether a find runs the program (its word as written) by {@code -exec} or its kin. */
  private static boolean runs(Step find, String program) {
    List<Word> args = find.args();
    for (int i = 0; i + 1 < args.size(); i++) {
      if (args.get(i).text().startsWith("-exec") || args.get(i).text().startsWith("-ok")) {
        if (args.get(i + 1).text().equals(program)) {
          return true;
        }
      }
    }
    return false;
  }

  /** The paths find's name tests describe, under its first starting folder. */
  private static List<String> names(List<Word> args) {
    String start = ".";
    if (!args.isEmpty() && !args.get(0).text().startsWith("-")) {
      start = args.get(0).text().replaceAll("/+$", "");
    }
    List<String> names = new ArrayList<>();
    for (int i = 0; i + 1 < args.size(); i++) {
      String test = args.get(i).text();
      if (BY_NAME.contains(test)) {
        names.add(start + "/" + args.get(i + 1).text());
      } else if (BY_PATH.contains(test)) {
        names.add(args.get(i + 1).text());
      }
    }
    return names;
  }
}
