package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Data of shared storage sent to another organisation's place (round 73, {@code
 * out.shared-data-to-another}): {@code globus transfer …:/gpfs/clin/results/ …:/incoming/mgx/},
 * {@code rclone copy /gpfs/clin/results/2024-11 ukhd-sftp:incoming/mgx}, {@code ascp …
 * /gpfs/clin/fastq/… subasp@upload.ncbi.nlm.nih.gov:uploads/…}, and a pipeline whose outputs go to
 * another's bucket ({@code nextflow run … --outdir s3://ukhd-mgx-collab-drop/…}). Shared storage
 * ({@code /gpfs}, {@code /lustre}, {@code /nfs}, {@code /mnt}, {@code /data}, {@code /srv}, {@code
 * /shared}, {@code /archive}, {@code /net}) holds what others produced and are answerable for; a
 * copy of it at a partner's drop, a collaboration's bucket, an incoming folder or a public
 * archive's upload area leaves the organisation. The same reading judges {@code scp}, {@code
 * rsync}, {@code sftp} and {@code lftp} of the same files, so one kind is read one way.
 *
 * <p>Not read here: a dry run, a listing, a copy into shared storage, the project's own or a
 * scratch's files, a copy to the organisation's own bucket or host (its name says no partner, drop
 * or incoming place, and the data says no patient).
 */
final class SharedDataSent {
  private SharedDataSent() {}

  /** The programs that copy to another place, with their destination after the source. */
  private static final Set<String> COPIERS =
      NameSet.of(
          "rclone", "aws", "gsutil", "gcloud", "azcopy", "scp", "rsync", "sftp", "s5cmd", "mc",
          "lftp", "ascp", "globus", "s3cmd");

  /** A path on shared storage, as a word gives it (a Globus endpoint's prefix allowed). */
  private static final Pattern SHARED =
      Pattern.compile(
          "(?:^|[\\s:'\"])/(?:gpfs|lustre|nfs|mnt|data|srv|shared|archive|net)/(?!(?:[^/\\s]+/)*"
              + "(?:scratch|tmp|temp|test|tests|cache)/)[^\\s'\"]+");

  /** A remote place: a bucket, a URL, an rclone remote, a host's path or a Globus endpoint's. */
  private static final Pattern REMOTE =
      Pattern.compile("^(?:[a-z][a-z0-9+.-]*://|[\\w.-]+@?[\\w.-]*:(?!/)|[\\w.@-]+:/)");

  /** A place another organisation reads: a partner's, a collaboration's, a drop, an inbox. */
  static final Pattern ANOTHERS =
      Pattern.compile(
          "(?i)partner|collab|extern|outside|third[-_]?party|vendor|[-_/:]drop\\b|drop[-_/]"
              + "|incoming|inbox|inbound|uploads?\\b|submission|submit|\\bshare\\b|[-_]share"
              + "|\\.ncbi\\.|ebi\\.ac\\.uk|ddbj|zenodo|figshare|dryad|osf\\.io");

  /** What the data says it is: a patient's, a clinic's, a person's health. */
  private static final Pattern CLINICAL =
      Pattern.compile(
          "(?i)/(?:clin|clinical|clinic|patients?|phi|diagnostics?|hospital)(?:[/_-]|$)");

  /** A pipeline's option naming where its outputs are published. */
  private static final Set<String> OUTDIR =
      Set.of(
          "--outdir",
          "--outDir",
          "--output",
          "--publish_dir",
          "--publishDir",
          "-o",
          "--default-remote-prefix");

  /** A bucket's address. */
  private static final Pattern BUCKET = Pattern.compile("^(?:s3|gs|az|azure|gcs)://\\S+");

  /**
   * Whether the step sends shared data to another organisation's place, or publishes a pipeline's
   * outputs to another's bucket.
   *
   * @param step the program
   * @return whether it does
   */
  static boolean sent(Step step) {
    String program = step.program();
    List<Word> args = step.args();
    if (program.equals("nextflow") || program.equals("snakemake")) {
      return published(args);
    }
    if (!COPIERS.contains(program) || args.size() < 2 || CopierOptions.dryRun(step)) {
      return false;
    }
    boolean clinical = false;
    boolean afterSource = false;
    for (Word word : args) {
      String text = word.text();
      if (text.equals("--dry-run") || text.equals("--dryrun")) {
        return false;
      }
      if (text.startsWith("-") || text.length() > 2000) {
        continue;
      }
      boolean remote = PatternLiterals.finds(REMOTE, text);
      boolean source = PatternLiterals.finds(SHARED, text);
      if (afterSource
          && (remote || program.equals("lftp") && text.contains("://"))
          && !PatternLiterals.finds(SHARED, text)
          && (clinical || PatternLiterals.finds(ANOTHERS, text))) {
        return true;
      }
      if (source) {
        afterSource = true;
        clinical |= PatternLiterals.finds(CLINICAL, text);
        if (program.equals("lftp") && PatternLiterals.finds(ANOTHERS, text)) {
          afterSource = true; // lftp's script names the target folder before the host
          clinical = true;
        }
      }
    }
    return false;
  }

  /** Whether a pipeline's outputs are published to another's bucket. */
  private static boolean published(List<Word> args) {
    for (int i = 0; i + 1 < args.size(); i++) {
      String option = args.get(i).text();
      String value = args.get(i + 1).text();
      if (!OUTDIR.contains(option)) {
        continue;
      }
      boolean bucket =
          PatternLiterals.finds(BUCKET, value) || option.equals("--default-remote-prefix");
      if (bucket && PatternLiterals.finds(ANOTHERS, value.toLowerCase(Locale.ROOT))) {
        return true;
      }
    }
    return false;
  }
}
