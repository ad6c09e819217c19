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
   * target/app.jar}): {@link OutPredicates#BUILT} but {@code out}, where writers keep the records
   * they export.
   */
  private static final Set<String> DEPLOYED =
      NameSet.of(
          OutPredicates.BUILT.stream()
              .filter(folder -> !folder.equals("out"))
              .toArray(String[]::new));

  /**
   * A file of records by its ending: a table, a spreadsheet, an export, a backup; and (decision
   * 206) a trade's own files of people: a Metro 2 furnishing file, SWIFT messages, HL7 messages, a
   * NACHA batch.
   */
  private static final java.util.regex.Pattern RECORDS =
      java.util.regex.Pattern.compile(
          "(?i)\\.(?:csv|tsv|psv|xlsx|xlsm|xls|ods|parquet|feather|avro|orc|jsonl|ndjson|json|xml"
              + "|vcf|fastq|bam|cram|edi|x12|dat|bak|mdb|accdb|sqlite|db|sav|dta|rds|m2|fin|hl7"
              + "|ach)(?:\\.gz)?$");

  /**
   * Data made up or stripped of who it is about: synthetic, random, de-identified, a sample; as a
   * word of its own, not a piece of another ({@code randomized_participants.csv}, a lab's {@code
   * samples_2026_patients.csv} are people's: decision 185).
   */
  private static final java.util.regex.Pattern MADE_UP =
      java.util.regex.Pattern.compile(
          "(?i)(?<![a-z])(?:synthetic|random|de-?identi[a-z]*|deid|anonymi[sz][a-z]*"
              + "|pseudonymi[sz][a-z]*|fake|mock|dummy|sample|fixtures?|examples?)(?![a-z])");

  /** The folders of a project's tests and their data. */
  private static final Set<String> TEST_FOLDERS =
      NameSet.of(
          "test",
          "tests",
          "testing",
          "testdata",
          "test_data",
          "fixtures",
          "fixture",
          "spec",
          "specs",
          "e2e",
          "__tests__",
          "__fixtures__");

  /** rsync's and rclone's options that name the files copied from a folder. */
  private static final Set<String> NAMING = Set.of("--include", "--files-from", "--filter");

  /**
   * The documentation's hosts: {@code example.org}, {@code host.example.com}, {@code
   * sftp.example.com}; at most one name before the domain. A host that names an organisation
   * beneath it ({@code sftp.printpost.example.com}, {@code h2h.bank.example.com}) stands for that
   * organisation's machine, as a writer of a partner's address means it: a drop there is elsewhere.
   */
  private static final java.util.regex.Pattern EXAMPLE_HOST =
      java.util.regex.Pattern.compile("(?i)^(?:[a-z0-9-]+\\.)?example\\.(?:com|org|net)$");

  /**
   * Whether an {@code scp}, {@code rsync}, {@code sftp} or {@code rclone} copies a file of this
   * machine (not an archive, which {@code copies-archive-out} reads, nor a build's output) to
   * another machine not named for staging, tests or development (decision 184): the records a file
   * holds leave with it.
   */
  static boolean copies(Scan scan, Step step) {
    if (TransferUploads.CLIENTS.contains(step.program()) && !step.program().equals("lftp")) {
      // ncftpput, smbclient -c 'put …', gio copy … sftp://: as scp's copy (session 16)
      if (!elsewhere(TransferUploads.host(step))) {
        return false;
      }
      for (String file : TransferUploads.files(step)) {
        if (records(file) || recordsRenamed(scan, file)) {
          return true;
        }
      }
      return false;
    }
    if (step.program().equals("lftp") || step.program().equals("sftp")) {
      String script = batch(scan, step);
      if (script != null) {
        return putsRecords(script, batchHost(step));
      }
    }
    if (step.program().equals("curl")) {
      return uploads(scan, step);
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
    for (String operand : operands.subList(0, operands.size() - 1)) {
      if (Hosts.remote(operand) != null) {
        continue; // from another machine: a download
      }
      for (String source : FindExecFiles.named(scan, step, operand)) {
        if (OutPredicates.folder(step, source)
            ? namesRecords(scan, step) || !step.program().equals("rclone") && dataFolder(source)
            : records(source) || recordsRenamed(scan, source)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Whether curl uploads a file of records as it is ({@code -T FILE}, {@code --upload-file FILE})
   * to a URL of a host elsewhere: {@code curl -T out/claims_20241118.txt ftp://ftp.partner.com/in/}
   * (decision 198); or as a form's file or a request's body (decision 245: {@code curl -F
   * file=@exports/suspicious_bettors.csv https://partner.example/upload}, {@code --data-binary
   * @out/batch.csv}), where a JSON or XML body is a request's, not records. A URL in a variable
   * names no host the guard can judge, but one named for a hook ({@code "$SLACK_WEBHOOK_TAS"},
   * decision 307) is a chat's or a partner's endpoint, none of the project's own.
   */
  private static boolean uploads(Scan scan, Step step) {
    List<Word> args = step.args();
    boolean records = false;
    boolean elsewhere = false;
    boolean piped = false; // records piped in (decision 310), read only when sent to a hook
    boolean hook = false;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if ((text.equals("-T") || text.equals("--upload-file")) && i + 1 < args.size()) {
        String file = args.get(++i).text();
        records |=
            records(file) || recordsRenamed(scan, file) || HomeCredentialFiles.toolData(file);
      } else if (CurlBodies.FORMS.contains(text) && i + 1 < args.size()) {
        String file = CurlBodies.formFile(args.get(++i).text());
        records |=
            file != null
                && (records(file)
                    || recordsRenamed(scan, file)
                    || HomeCredentialFiles.toolData(file));
      } else if (CurlBodies.DATA.contains(text) && i + 1 < args.size()) {
        String raw = args.get(i + 1).text();
        if (raw.equals("@-") || raw.equals("@/dev/stdin")) {
          piped |= RecordsHandedOn.readsRecords(scan, step); // a tool's answer piped (d. 310)
        }
        String file = CurlBodies.dataFile(args.get(++i).text());
        records |=
            file != null
                && (!CurlBodies.requestBody(file) && records(file)
                    || HomeCredentialFiles.toolData(file)); // a tool's session, not a body
      } else if (text.contains("://") && args.get(i).literal()) {
        elsewhere |= elsewhere(Environments.host(text));
      } else if (!args.get(i).literal() && PatternLiterals.finds(HOOK_WORD, text)) {
        elsewhere = true; // "$SLACK_WEBHOOK_TAS": a channel's hook (decision 307)
        hook = true;
      }
    }
    return records && elsewhere || piped && hook;
  }

  /**
   * Whether a folder copied lies where a deployed system keeps its data ({@code
   * /data/fastq/240612_…/}, {@code /mnt/asrun/}: decision 248), not a test's; read of a copy to a
   * host, not to an rclone remote, which may be the company's bucket (decision 249).
   */
  private static boolean dataFolder(String source) {
    return source.startsWith("/")
        && !nobodys(source)
        && DeployedFolders.holds(java.nio.file.Path.of(source.replaceAll("/+$", "") + "/x"));
  }

  /**
   * Whether a folder's copy is narrowed to files of records: {@code --include '*.csv'}, a {@code
   * --files-from} list the call writes with names of records (decision 185).
   */
  private static boolean namesRecords(Scan scan, Step step) {
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      int eq = text.indexOf('=');
      String option = eq > 0 ? text.substring(0, eq) : text;
      if (!NAMING.contains(option)) {
        continue;
      }
      String value =
          eq > 0 ? text.substring(eq + 1) : i + 1 < args.size() ? args.get(i + 1).text() : "";
      String names = option.equals("--files-from") ? CallWrittenText.writtenTo(scan, value) : value;
      for (String name : names == null ? new String[0] : names.split("[\\s,]+")) {
        if (records(name.replaceAll("^[+]\\s*", ""))) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Whether a file was made in the call by copying or moving a file of records under another name
   * ({@code cp exports/customers.csv /tmp/c.bin && scp /tmp/c.bin …}: decision 185).
   */
  private static boolean recordsRenamed(Scan scan, String file) {
    for (Step step : scan.steps()) {
      List<Word> args = step.args();
      if ((step.program().equals("cp") || step.program().equals("mv"))
          && args.size() >= 2
          && args.get(args.size() - 1).text().equals(file)) {
        for (Word source : args.subList(0, args.size() - 1)) {
          if (!source.text().startsWith("-") && records(source.text())) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /** Whether a host is another machine, none of this one's, a staging, a test or an example one. */
  /** A word that is a variable named for a hook, or begins with one: {@code $SLACK_WEBHOOK}. */
  private static final java.util.regex.Pattern HOOK_WORD =
      java.util.regex.Pattern.compile(
          "^\\$\\{?[A-Za-z0-9_]*HOOK", java.util.regex.Pattern.CASE_INSENSITIVE);

  static boolean elsewhere(String host) {
    return host != null
        && !Hosts.loopback(host)
        && !Environments.localHost(host)
        && !Environments.stagingHost(withoutDevDomain(host))
        && !Environments.testName(withoutDevDomain(host))
        && !PatternLiterals.finds(EXAMPLE_HOST, host);
  }

  /**
   * A host's name without the public {@code .dev} top-level domain, which anyone may register and
   * says nothing of a development place (round 67: a git hook posting a CLI's session to {@code
   * commit-stats.dev}); {@code dev.acme.com} and {@code acme.dev.internal} keep their word.
   */
  private static String withoutDevDomain(String host) {
    String lower = host.toLowerCase(java.util.Locale.ROOT);
    return lower.endsWith(".dev") && lower.length() > 4
        ? host.substring(0, host.length() - 4)
        : host;
  }

  /**
   * Whether a file of this machine is one of records ({@link #RECORDS}): not an archive, which
   * {@code copies-archive-out} reads, nor a test's or made-up data, nor a build's output.
   */
  static boolean records(String source) {
    String base = source.substring(source.lastIndexOf('/') + 1);
    if (OutPredicates.ARCHIVE.matcher(base).find()
        || !PatternLiterals.finds(RECORDS, base) && !exportedText(source)) {
      return false; // an archive's own rule; a figure, a configuration, a binary
    }
    if (nobodys(source)) {
      return false; // a test's data, made up or de-identified: nobody's records
    }
    return !deployed(source);
  }

  /**
   * Whether a path lies in a build's output folder a file is deployed from ({@link #DEPLOYED}): not
   * {@code out}, where writers keep what they export.
   */
  static boolean deployed(String path) {
    for (String part : path.split("/")) {
      if (DEPLOYED.contains(part)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether what a copy takes from this machine is data: a folder, a file of records or an archive;
   * not a build's output, nor a test's or made-up data (decision 198).
   */
  static boolean data(Step step, String source) {
    String name = source.replaceAll("/+$", "");
    String base = name.substring(name.lastIndexOf('/') + 1);
    if (deployed(source) || nobodys(source)) {
      return false;
    }
    return OutPredicates.folder(step, source)
        || records(source)
        || OutPredicates.ARCHIVE.matcher(base).find();
  }

  /**
   * Whether a file or folder holds a test's data, or data made up or stripped of who it is about.
   */
  static boolean nobodys(String source) {
    return testData(source) || PatternLiterals.finds(MADE_UP, source);
  }

  /**
   * Whether a file is a text file kept in a folder of exports ({@code out/837I_MCR_20241118.txt},
   * {@code exports/statements/2024-11.txt}): a claim batch, a fixed-width statement or a mailing
   * list written as text is records as a CSV is (decision 198); a {@code notes.txt} elsewhere is
   * none.
   */
  private static boolean exportedText(String source) {
    if (!source.toLowerCase(java.util.Locale.ROOT).endsWith(".txt")) {
      return false;
    }
    String[] parts = source.split("/");
    for (int i = 0; i < parts.length - 1; i++) {
      if (EXPORT_FOLDERS.contains(parts[i])
          || parts[i].equals("out") && PatternLiterals.finds(BATCH, parts[parts.length - 1])) {
        return true;
      }
    }
    return false;
  }

  /**
   * A batch's name, dated or numbered ({@code 837I_MCR_20241118.txt}): in {@code out}, which is a
   * build's folder too, what tells an export from a site's {@code robots.txt}.
   */
  private static final java.util.regex.Pattern BATCH = java.util.regex.Pattern.compile("\\d{4}");

  /** The folders a project writes what it sends out to; {@code out} is read by {@link #BATCH}. */
  private static final Set<String> EXPORT_FOLDERS =
      NameSet.of("export", "exports", "outbound", "outgoing", "outbox", "extracts");

  /**
   * Whether a file is a test's data: in a test's folder ({@code tests/fixtures/orders.csv}) or
   * named for a test first ({@code test_orders.csv}, {@code dev_seed.csv}); a test word later in
   * the name is what the records are of ({@code covid_test_results.csv}: decision 185).
   */
  private static boolean testData(String source) {
    String[] parts = source.split("/");
    for (int i = 0; i < parts.length - 1; i++) {
      if (TEST_FOLDERS.contains(parts[i])) {
        return true;
      }
    }
    String[] words = parts[parts.length - 1].split("[^A-Za-z0-9]+");
    return words.length > 0 && Environments.testName(words[0]);
  }

  /** A batch's upload: {@code put FILE}, {@code mput FILE…}, as lftp and sftp read them. */
  private static final java.util.regex.Pattern PUT =
      java.util.regex.Pattern.compile("(?m)(?:^|;|&&)\\s*m?put\\s+((?:-[a-zA-Z]+\\s+)*)([^;\\n]+)");

  /**
   * The commands an lftp or sftp batch runs: lftp's {@code -e} or {@code -c} string, sftp's {@code
   * -b -} fed a here-document; else {@code null} (a batch file the call did not write is unread).
   */
  private static String batch(Scan scan, Step step) {
    List<Word> args = step.args();
    for (int i = 0; i + 1 < args.size(); i++) {
      String text = args.get(i).text();
      if (step.program().equals("lftp") && (text.equals("-e") || text.equals("-c"))) {
        return args.get(i + 1).text();
      }
      if (step.program().equals("sftp") && text.equals("-b")) {
        String file = args.get(i + 1).text();
        if (!file.equals("-")) {
          return CallWrittenText.writtenTo(scan, file); // a batch the call writes (decision 185)
        }
        for (io.github.providergateway.guard.shell.Redirect redirect :
            step.invocation().redirects()) {
          if (redirect.body() != null) {
            return redirect.body();
          }
        }
        return CallWrittenText.piped(scan, step);
      }
    }
    if (step.program().equals("sftp")) {
      // With no -b, sftp reads its commands from a standard input that is no terminal too.
      for (io.github.providergateway.guard.shell.Redirect redirect :
          step.invocation().redirects()) {
        if (redirect.body() != null) {
          return redirect.body();
        }
      }
    }
    return null;
  }

  /**
   * Whether an sftp or lftp batch puts a file, of whatever kind, on another machine not named for
   * staging, tests or development (decision 239, {@code out.file-dropped}): a file handed to a
   * partner's, a bank's or a regulator's inbound drop is a submission, which nobody takes back.
   */
  static boolean dropsFile(Scan scan, Step step) {
    if (!step.program().equals("lftp") && !step.program().equals("sftp")) {
      return false;
    }
    String script = batch(scan, step);
    return script != null && elsewhere(batchHost(step)) && PatternLiterals.finds(PUT, script);
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
      } else if (text.matches("[A-Za-z0-9.-]+\\.[A-Za-z]{2,}")
          || text.matches("\\d{1,3}(?:\\.\\d{1,3}){3}")) {
        host = text; // a name, or an address (an RTU's 10.44.31.17)
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
