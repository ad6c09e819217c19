package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Data piped to a remote shell whose command writes what it reads to a file there ({@code bin/aml
 * export --all | gzip | ssh backup@203.0.113.50 'cat > aml-2024.gz'}, {@code … | ssh host 'tee
 * f.csv'}, {@code dd of=}, {@code tar x}): the data leaves for that machine as by {@code scp}, and
 * is read as {@code out.file-to-host} reads a copy. What is sent is data where the file written
 * there is named for records, an archive or a dump, or where the pipeline before ssh exports a
 * trade's records ({@code export}, {@code dump}, {@code extract} among a tool's first words) or
 * reads a file of records; the host is another machine's, not named for staging, tests or
 * development. A key appended to {@code authorized_keys}, a configuration written by {@code sudo
 * tee}, a patch, stay what they were.
 */
final class PipedIntoRemoteFile {
  private PipedIntoRemoteFile() {}

  /** The remote programs that pass their input on to a file: a redirection of theirs writes it. */
  private static final Set<String> STREAMERS =
      NameSet.of(
          "cat", "pv", "zcat", "gunzip", "gzip", "xz", "zstd", "bzip2", "base64", "gpg", "age",
          "openssl", "mbuffer", "buffer");

  /** A redirection's file in the remote command ({@code > f}, {@code >> f}; not {@code 2>}). */
  private static final Pattern REDIRECT = Pattern.compile("(?<![0-9&>])>>?\\s*([^\\s;|&<>'\"]+)");

  /** {@code tee [-a] FILE}, {@code dd … of=FILE}. */
  private static final Pattern TEE_OR_DD =
      Pattern.compile(
          "\\btee(?:\\s+-[a-z]+)*\\s+([^\\s;|&<>'\"-][^\\s;|&<>'\"]*)|\\bof=([^\\s;|&'\"]+)");

  /** A tar that extracts: {@code tar xzf -}, {@code tar -x}, {@code tar --extract}. */
  private static final Pattern TAR_EXTRACTS =
      Pattern.compile("\\b(?:bsd|g)?tar\\s+(?:-{0,1}[A-Za-z]*x[A-Za-z]*\\b|.*--extract\\b)");

  /** A trade tool's command words that print its records. */
  private static final Set<String> EXPORTS = NameSet.of("export", "exports", "dump", "extract");

  /** A dump by its name. */
  private static final Pattern DUMP =
      Pattern.compile("(?i)\\.(?:sql|dump|bak|pgdump)(?:\\.(?:gz|bz2|xz|zst))?$");

  /**
   * Whether {@code step} is a remote shell fed on a pipe that writes its input to a file on another
   * machine, and what it sends is data.
   */
  static boolean sends(Scan scan, Step step) {
    if (!step.program().equals("ssh")) {
      return false;
    }
    String source = scan.source();
    List<Step> steps = scan.steps();
    int at = steps.indexOf(step);
    if (source == null || source.indexOf('|') < 0 || at <= 0) {
      return false;
    }
    String host = RemoteShellActs.host(step);
    if (host == null || !RecordsCopiedOut.elsewhere(host)) {
      return false;
    }
    List<Word> args = step.args();
    int destination = RemoteShellActs.destination(args);
    StringBuilder remote = new StringBuilder();
    for (int i = destination + 1; i < args.size() && remote.length() < 4096; i++) {
      remote.append(args.get(i).text()).append(' ');
    }
    String written = written(remote.toString());
    if (written == null || nobodysPiped(steps.subList(0, at))) {
      return false;
    }
    return !written.isEmpty() && data(written) || dataPiped(steps.subList(0, at));
  }

  /**
   * {@return the file the remote command writes its input to, {@code ""} where it unpacks it
   * ({@code tar x}), or {@code null} where it writes none}
   */
  private static String written(String remote) {
    for (String segment : remote.split("[;|&]+")) {
      String trimmed = segment.strip();
      String first = trimmed.replaceFirst("^sudo(?:\\s+-[A-Za-z]+)*\\s+", "");
      int space = first.indexOf(' ');
      String program = space < 0 ? first : first.substring(0, space);
      program = program.substring(program.lastIndexOf('/') + 1);
      Matcher redirect = REDIRECT.matcher(trimmed);
      if (STREAMERS.contains(program) && redirect.find() && !nowhere(redirect.group(1))) {
        return redirect.group(1);
      }
      Matcher tee = TEE_OR_DD.matcher(trimmed);
      if ((program.equals("tee") || program.equals("dd")) && tee.find()) {
        String file = tee.group(1) != null ? tee.group(1) : tee.group(2);
        if (!nowhere(file)) {
          return file;
        }
      }
      if (TAR_EXTRACTS.matcher(first).lookingAt()) {
        return "";
      }
    }
    return null;
  }

  private static boolean nowhere(String file) {
    return file.startsWith("/dev/") || file.startsWith("&");
  }

  /** A file of records, an archive or a dump by its name; not a test's data or a build's. */
  private static boolean data(String file) {
    String base = file.substring(file.lastIndexOf('/') + 1);
    return !RecordsCopiedOut.nobodys(file)
        && !RecordsCopiedOut.deployed(file)
        && (RecordsCopiedOut.records(file)
            || OutPredicates.ARCHIVE.matcher(base).find()
            || DUMP.matcher(base).find());
  }

  /** Whether the pipeline before the remote shell reads a test's data or data made up. */
  private static boolean nobodysPiped(List<Step> before) {
    for (Step other : before) {
      for (Word word : other.args()) {
        String text = word.text();
        if (!text.startsWith("-") && text.indexOf('/') > 0 && RecordsCopiedOut.nobodys(text)) {
          return true; // cat tests/fixtures/claims_sample.csv | ssh …: nobody's records
        }
      }
    }
    return false;
  }

  /**
   * Whether the pipeline before the remote shell exports a tool's records or reads a file of them.
   */
  private static boolean dataPiped(List<Step> before) {
    for (Step other : before) {
      String program = other.program();
      if (program == null) {
        continue;
      }
      List<Word> args = other.args();
      boolean known = ActingVerbs.localProgram(program) || ProgramKind.of(program) != 0;
      for (int i = 0; i < args.size() && i < 6; i++) {
        String text = args.get(i).text();
        if (!known && i < 3 && EXPORTS.contains(text)) {
          return true; // bin/aml export --all: the trade's records, printed
        }
        if (!text.startsWith("-") && RecordsCopiedOut.records(text)) {
          return true; // cat exports/members.csv | gzip | ssh …
        }
      }
    }
    return false;
  }
}
