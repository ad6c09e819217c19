package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The options whose value says who asks, why, under which ticket or with which tag, or how the tool
 * shows what it does (decision 168, the red team of decision 162): {@code --ticket DEV-2231},
 * {@code --requested-by qa-lead}, {@code --ab-arm test}, {@code --tag conformance}, {@code
 * --render-mode preview}. A test or staging word there names no test data: the tool acts as it
 * would without it, and an agent can write any of them.
 */
final class RemarkOptions {
  private RemarkOptions() {}

  /** The parts of an option's name that say its value is a remark. */
  private static final Set<String> PARTS =
      NameSet.of(
          "note",
          "notes",
          "reason",
          "comment",
          "comments",
          "message",
          "msg",
          "memo",
          "description",
          "ticket",
          "jira",
          "issue",
          "ref",
          "reference",
          "requested",
          "requester",
          "by",
          "operator",
          "approver",
          "arm",
          "variant",
          "cohort",
          "tag",
          "tags",
          "label",
          "labels",
          "mode",
          "format",
          "style",
          "layout");

  /** {@return the words without the remark options and their values} */
  static List<Word> without(List<Word> args) {
    List<Word> kept = null;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      int eq = text.indexOf('=');
      boolean remark =
          text.startsWith("--") && remark(eq > 0 ? text.substring(2, eq) : text.substring(2));
      if (!remark) {
        if (kept != null) {
          kept.add(args.get(i));
        }
        continue;
      }
      if (kept == null) {
        kept = new ArrayList<>(args.subList(0, i));
      }
      if (eq < 0 && i + 1 < args.size() && !args.get(i + 1).text().startsWith("-")) {
        i++; // --ticket DEV-2231: its value too
      }
    }
    return kept == null ? args : kept;
  }

  private static boolean remark(String name) {
    if (name.length() > 40) {
      return false;
    }
    List<String> parts = ServiceVerbs.split(name);
    for (String part : parts) {
      if (PARTS.contains(part)) {
        return true;
      }
    }
    return kindOfTest(parts);
  }

  /**
   * An option named for a kind of test whose result it records ({@code --tb-test current}, {@code
   * --drug-test passed}, {@code --ab-test checkout-v2}: decision 252): its value is what the test
   * found or which one, not a test place; {@code --test-db}, {@code --use-test} and {@code
   * --dry-test} are left to name one.
   */
  private static boolean kindOfTest(List<String> parts) {
    return parts.size() == 2
        && (parts.get(1).equals("test") || parts.get(1).equals("tests"))
        && parts.get(0).length() >= 2
        && !PLACE_BEFORE_TEST.contains(parts.get(0));
  }

  /** Words before {@code test} that make an option choose a test run or place. */
  private static final Set<String> PLACE_BEFORE_TEST =
      NameSet.of(
          "use",
          "run",
          "is",
          "as",
          "in",
          "on",
          "to",
          "for",
          "with",
          "only",
          "dry",
          "my",
          "self",
          "unit",
          "integration",
          "e2e",
          "smoke",
          "load",
          "stress",
          "sandbox",
          "staging",
          "qa",
          "uat",
          "dev",
          "local");
}
