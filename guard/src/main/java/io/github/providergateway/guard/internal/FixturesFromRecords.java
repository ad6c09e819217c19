package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * People's records copied whole into a test's fixtures or a seed folder (decision 259): {@code cp
 * /mnt/hms-extract/tenants_full.csv tests/fixtures/tenants.csv}, {@code aws s3 sync
 * s3://dms-prod-docimages/sealed/2024/ tests/fixtures/docs/}. The source is a production bucket or
 * place, or a file whose name says people's data ({@link PersonalData#names}) kept outside the
 * project; the target a fixtures, seeds or test data folder of the project, which is committed and
 * shared with everyone who clones. A fixture made from another fixture, or from a synthetic or
 * anonymised file, is no such copy.
 */
final class FixturesFromRecords {
  private FixturesFromRecords() {}

  /** The copiers, with the subcommands that copy where they have them. */
  private static final Set<String> COPIERS =
      NameSet.of("cp", "rsync", "scp", "aws", "gsutil", "rclone");

  /** The copiers whose operands follow a copy subcommand. */
  private static final Set<String> SUBCOMMANDED = NameSet.of("aws", "gsutil", "rclone");

  private static final Set<String> COPY_COMMANDS = NameSet.of("cp", "sync", "copy", "copyto");

  /** A folder of fixtures, seeds or test data, where the project keeps what its tests read. */
  private static final Pattern FIXTURES =
      Pattern.compile(
          "(?i)(?:^|/)(?:fixtures?|seeds?|testdata|test-data|test_data|__fixtures__|factories)(?:/|$)");

  /** A source that says it is made up, or made safe. */
  private static final Pattern SAFE =
      Pattern.compile(
          "(?i)synthetic|anonymi[sz]ed|masked|fake|sample|dummy|mock|scrubbed|redacted");

  /** A production bucket or place: {@code s3://dms-prod-…}, {@code gs://acme-production/}. */
  private static final Pattern PRODUCTION_STORE =
      Pattern.compile(
          "(?i)^(?:s3|gs|az|azure)://[^/]*(?:^|[-_.])(?:prod|production|live)(?:[-_.]|/|$)");

  /** {@return the fixture a step copies people's or production's records into, or null} */
  static String copied(Scan scan, Step step) {
    if (!COPIERS.contains(step.program())) {
      return null;
    }
    List<String> operands = operands(step);
    if (operands.size() < 2) {
      return null;
    }
    // The last operand in a fixtures folder: an option's value may follow it (--exclude '*').
    int at = operands.size() - 1;
    while (at > 0 && !PatternLiterals.finds(FIXTURES, operands.get(at))) {
      at--;
    }
    String target = operands.get(at);
    if (at == 0
        || !PatternLiterals.finds(FIXTURES, target)
        || target.startsWith("/") && DataToModel.elsewhere(target, scan.call().project())) {
      return null;
    }
    for (String source : operands.subList(0, at)) {
      if (!PatternLiterals.finds(SAFE, source)
          && !PatternLiterals.finds(FIXTURES, source)
          && (PatternLiterals.finds(PRODUCTION_STORE, source)
              || PersonalData.names(source) && DataToModel.elsewhere(source, null))) {
        return target;
      }
    }
    return null;
  }

  /** The literal operands after the program's copy subcommand, options left out. */
  private static List<String> operands(Step step) {
    List<String> operands = new ArrayList<>();
    boolean commanded = !SUBCOMMANDED.contains(step.program()); // aws s3 cp, rclone copy
    for (Word word : step.args()) {
      String text = word.text();
      if (!commanded) {
        commanded = COPY_COMMANDS.contains(text.toLowerCase(Locale.ROOT));
        continue;
      }
      if (!text.startsWith("-") && word.literal() && !text.isEmpty()) {
        operands.add(text);
      }
      if (operands.size() > 16) {
        break;
      }
    }
    return operands;
  }
}
