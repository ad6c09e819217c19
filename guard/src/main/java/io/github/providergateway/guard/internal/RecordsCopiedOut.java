package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Set;

/**
 * A file of records copied to another machine (decision 184, {@code out.file-to-host}): {@code scp
 * exports/donors.csv partner@sftp.vendor.net:/in/}, {@code rclone copy x.xlsx personal-gdrive:},
 * {@code lftp -e 'put exports/x.csv'}, an {@code sftp -b -} here-document's {@code put}. A figure,
 * a configuration, an archive ({@code out.archive-to-host}'s), a folder ({@code
 * out.tree-to-host}'s), a test's or made-up data and a build's output are none; nor is a host of
 * this machine, one named for staging, tests or development, or the documentation's.
 */
final class RecordsCopiedOut {
  private RecordsCopiedOut() {}

  /**
   * The folders of a build's output a single file is deployed from ({@code dist/app.js}, {@code
   * target/app.jar}): {@code OutPredicates.BUILT} but {@code out}, where writers keep the records
   * they export.
   */
  private static final Set<String> DEPLOYED =
      NameSet.of("dist", "build", "public", "target", "site", "_site", "www", "static", "html");

  /** A file of records by its ending: a table, a spreadsheet, an export, a backup. */
  private static final java.util.regex.Pattern RECORDS =
      java.util.regex.Pattern.compile(
          "(?i)\\.(?:csv|tsv|psv|xlsx|xlsm|xls|ods|parquet|feather|avro|orc|jsonl|ndjson|json|xml"
              + "|vcf|fastq|bam|cram|edi|x12|dat|bak|mdb|accdb|sqlite|db|sav|dta|rds)(?:\\.gz)?$");

  /** Data made up or stripped of who it is about: synthetic, random, de-identified, a sample. */
  private static final java.util.regex.Pattern MADE_UP =
      java.util.regex.Pattern.compile(
          "(?i)synthetic|random|de-?ident|deid|anonymi[sz]|pseudonymi[sz]|fake|mock|dummy|sample"
              + "|fixture|example");

  /** The documentation's hosts: {@code example.org}, {@code host.example.com}. */
  private static final java.util.regex.Pattern EXAMPLE_HOST =
      java.util.regex.Pattern.compile("(?i)(?:^|\\.)example\\.(?:com|org|net)$");

  /**
   * Whether an {@code scp}, {@code rsync}, {@code sftp} or {@code rclone} copies a file of this
   * machine (not an archive, which {@code copies-archive-out} reads, nor a build's output) to
   * another machine not named for staging, tests or development (decision 184): the records a file
   * holds leave with it.
   */
  static boolean copies(Step step) {
    if (step.program().equals("lftp") || step.program().equals("sftp")) {
      String script = batch(step);
      if (script != null) {
        return putsRecords(script, batchHost(step));
      }
    }
    List<String> operands = OutPredicates.copied(step);
    if (operands == null) {
      return false;
    }
    String last = operands.get(operands.size() - 1);
    String host =
        step.program().equals("rclone") ? OutPredicates.rcloneRemote(last) : Hosts.remote(last);
    if (!elsewhere(host)) {
      return false;
    }
    for (String source : operands.subList(0, operands.size() - 1)) {
      if (Hosts.remote(source) != null) {
        continue; // from another machine: a download
      }
      if (!OutPredicates.folder(step, source) && records(source)) {
        return true;
      }
    }
    return false;
  }

  /** Whether a host is another machine, none of this one's, a staging, a test or an example one. */
  private static boolean elsewhere(String host) {
    return host != null
        && !Hosts.loopback(host)
        && !Environments.localHost(host)
        && !Environments.stagingHost(host)
        && !Environments.testName(host)
        && !EXAMPLE_HOST.matcher(host).find();
  }

  /**
   * Whether a file of this machine is one of records ({@link #RECORDS}): not an archive, which
   * {@code copies-archive-out} reads, nor a test's or made-up data, nor a build's output.
   */
  private static boolean records(String source) {
    String base = source.substring(source.lastIndexOf('/') + 1);
    if (OutPredicates.ARCHIVE.matcher(base).find() || !RECORDS.matcher(base).find()) {
      return false; // an archive's own rule; a figure, a configuration, a binary
    }
    if (Environments.testFile(source, null) || MADE_UP.matcher(source).find()) {
      return false; // a test's data, made up or de-identified: nobody's records
    }
    for (String part : source.split("/")) {
      if (DEPLOYED.contains(part)) {
        return false;
      }
    }
    return true;
  }

  /** A batch's upload: {@code put FILE}, {@code mput FILE…}, as lftp and sftp read them. */
  private static final java.util.regex.Pattern PUT =
      java.util.regex.Pattern.compile("(?m)(?:^|;)\\s*m?put\\s+((?:-[a-zA-Z]+\\s+)*)([^;\\n]+)");

  /**
   * The commands an lftp or sftp batch runs: lftp's {@code -e} or {@code -c} string, sftp's {@code
   * -b -} fed a here-document; else {@code null} (a batch file the call did not write is unread).
   */
  private static String batch(Step step) {
    List<Word> args = step.args();
    for (int i = 0; i + 1 < args.size(); i++) {
      String text = args.get(i).text();
      if (step.program().equals("lftp") && (text.equals("-e") || text.equals("-c"))) {
        return args.get(i + 1).text();
      }
      if (step.program().equals("sftp")
          && text.equals("-b")
          && args.get(i + 1).text().equals("-")) {
        for (io.github.providergateway.guard.shell.Redirect redirect :
            step.invocation().redirects()) {
          if (redirect.body() != null) {
            return redirect.body();
          }
        }
      }
    }
    return null;
  }

  /** The host a batch connects to: its last word that names one ({@code sftp://h}, {@code u@h}). */
  private static String batchHost(Step step) {
    String host = null;
    for (Word word : step.args()) {
      String text = word.text();
      if (text.startsWith("-")) {
        continue;
      }
      if (text.contains("://")) {
        host = Environments.host(text);
      } else if (text.indexOf('@') > 0 && text.indexOf(' ') < 0) {
        host = text.substring(text.indexOf('@') + 1).replaceAll(":.*", "");
      } else if (text.matches("[A-Za-z0-9.-]+\\.[A-Za-z]{2,}")) {
        host = text;
      }
    }
    return host;
  }

  /** Whether a batch puts a file of records on a host elsewhere. */
  private static boolean putsRecords(String script, String host) {
    if (!elsewhere(host)) {
      return false;
    }
    java.util.regex.Matcher put = PUT.matcher(script);
    while (put.find()) {
      String[] words = put.group(2).strip().split("\\s+");
      for (int i = 0; i < words.length; i++) {
        if (words[i].equals("-o")) {
          break; // lftp's put FILE -o REMOTE: the rest names the remote side
        }
        if (records(words[i])) {
          return true;
        }
      }
    }
    return false;
  }
}
