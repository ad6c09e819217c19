package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Regulated data ({@link RegulatedData}) copied where its approval does not reach (decision 107):
 * to another host, a cloud remote or a bucket ({@code scp}, {@code rsync}, {@code rclone}, {@code
 * aws s3}, {@code gsutil}, an upload by curl or by inline code), streamed by a pipe into {@code
 * ssh} or {@code nc}, uploaded to a data platform, copied or linked into a shared folder, or
 * committed into the project.
 */
final class RegulatedCopies {
  private RegulatedCopies() {}

  /** Inline code that uploads a file: a bucket's client, a drive's, a form's files. */
  private static final Pattern CODE_UPLOADS =
      Pattern.compile(
          "(?i)upload_file|upload_fileobj|put_object|upload_blob|upload_from_filename|blob\\.upload"
              + "|files\\.create|files=\\{|\\.sftp\\(|sftp\\.put|paramiko|ftplib|storbinary"
              + "|dropbox|onedrive|googleapiclient|MediaFileUpload|smbclient|pysftp");

  /** The programs that send what they read on standard input to another host. */
  private static final Set<String> STREAMERS = NameSet.of("ssh", "nc", "ncat", "netcat", "socat");

  /** A data platform's upload, by its program and its command words. */
  private static final Map<String, Set<String>> PUBLISHERS =
      Map.ofEntries(
          Map.entry("huggingface-cli", Set.of("upload")),
          Map.entry("hf", Set.of("upload")),
          Map.entry("kaggle", Set.of("create", "version")),
          Map.entry("osf", Set.of("upload")),
          Map.entry("synapse", Set.of("store", "add")),
          Map.entry("dx", Set.of("upload")),
          Map.entry("zenodo_upload", Set.of()),
          Map.entry("figshare", Set.of("upload")));

  /** The parts of a destination that say others read it. */
  private static final Set<String> SHARED_PARTS =
      NameSet.of(
          "shared",
          "share",
          "public",
          "public_html",
          "www",
          "pub",
          "everyone",
          "world",
          "dropbox",
          "outgoing",
          "outbox",
          "transfer",
          "incoming");

  static boolean copiedOut(Step step) {
    String program = step.program();
    if (step.interpreter()) {
      String code = RegulatedData.code(step);
      if (code == null) {
        return false;
      }
      return PatternLiterals.finds(CODE_UPLOADS, code)
          && !RegulatedData.LOCAL_MODEL.matcher(code).find()
          && RegulatedData.namesRegulated(code);
    }
    Set<String> values = CopierOptions.VALUED.get(program);
    if (values == null) {
      return uploaded(step);
    }
    List<Word> args = step.args();
    int from = 0;
    if (program.equals("gcloud")) {
      if (args.size() < 2
          || !args.get(0).text().equals("storage")
          || !Set.of("cp", "rsync", "mv").contains(args.get(1).text())) {
        return false;
      }
      from = 2;
    } else if (program.equals("aws")) {
      if (args.size() < 2
          || !args.get(0).text().equals("s3")
          || !Set.of("cp", "sync", "mv").contains(args.get(1).text())) {
        return false;
      }
      from = 2;
    } else if (program.equals("rclone")
        || program.equals("azcopy")
        || program.equals("gsutil")
        || program.equals("s3cmd")
        || program.equals("mc")) {
      int verb = -1;
      for (int i = 0; i < args.size(); i++) {
        String text = args.get(i).text();
        if (Set.of(
                "copy",
                "copyto",
                "sync",
                "move",
                "moveto",
                "cp",
                "mv",
                "rsync",
                "put",
                "transfer",
                "bisync",
                "mirror")
            .contains(text)) {
          verb = i;
          break;
        }
      }
      if (verb < 0) {
        return false;
      }
      from = verb + 1;
    }
    List<Word> positionals = new ArrayList<>();
    for (int i = from; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text.equals("--dry-run")
          || text.equals("--dryrun")
          || program.equals("rsync") && text.matches("-[a-zA-Z]{0,12}n[a-zA-Z]{0,12}")) {
        return false; // rclone --dry-run, aws s3 --dryrun, rsync -avn: nothing leaves
      }
      if (values.contains(text)) {
        i++;
      } else if (!text.startsWith("-")) {
        positionals.add(args.get(i));
      }
    }
    if (positionals.size() < 2) {
      return false;
    }
    Word destination = positionals.get(positionals.size() - 1);
    if (!remote(program, destination.text())) {
      return false;
    }
    for (Word source : positionals.subList(0, positionals.size() - 1)) {
      if (RegulatedData.marks(source.text())
          || source.written() != null && RegulatedData.marks(source.written())) {
        return true;
      }
    }
    return false;
  }

  /** Whether a copy's destination is another host, a remote or a bucket. */
  private static boolean remote(String program, String destination) {
    String d = destination.toLowerCase(Locale.ROOT);
    if (d.startsWith("s3://")
        || d.startsWith("gs://")
        || d.startsWith("az://")
        || d.contains(".blob.core.windows.net")
        || d.startsWith("https://")) {
      return true;
    }
    if (d.startsWith("/") || d.startsWith("./") || d.startsWith("../") || d.startsWith("~")) {
      return false;
    }
    if (program.equals("rclone") || program.equals("mc")) {
      return d.indexOf(':') > 0 || program.equals("mc") && d.indexOf('/') > 0;
    }
    String host = Hosts.remote(destination);
    return host != null && !Hosts.loopback(host) && !Environments.localHost(host);
  }

  /** Whether curl or wget uploads a regulated file to a host not this machine's. */
  private static boolean uploaded(Step step) {
    String program = step.program();
    if (!program.equals("curl")
        && !program.equals("wget")
        && !program.equals("http")
        && !program.equals("https")
        && !program.equals("xh")) {
      return false;
    }
    boolean elsewhere = false;
    boolean carries = false;
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      String host = text.contains("://") ? Hosts.of(text) : null;
      if (host != null && !Hosts.loopback(host) && !Environments.localHost(host)) {
        elsewhere = true;
      }
      String file = null;
      if ((text.equals("-T") || text.equals("--upload-file") || text.equals("--post-file"))
          && i + 1 < args.size()) {
        file = args.get(i + 1).text();
      } else if (text.startsWith("--post-file=")) {
        file = text.substring("--post-file=".length());
      } else if (text.contains("@")) {
        int at = text.indexOf('@');
        if (at == 0 || text.charAt(at - 1) == '=') {
          file = text.substring(at + 1);
          int semicolon = file.indexOf(';');
          file = semicolon >= 0 ? file.substring(0, semicolon) : file;
        }
      }
      if (file != null && RegulatedData.marks(file)) {
        carries = true;
      }
    }
    return elsewhere && carries;
  }

  /** Whether a regulated file is copied into the project and committed or pushed in one command. */
  static String committed(Scan scan) {
    String copied = null;
    for (Step step : scan.steps()) {
      String program = step.program();
      if (program.equals("cp")
          || program.equals("mv")
          || program.equals("rsync")
          || program.equals("install")) {
        List<Word> args = step.args();
        for (int i = 0; i + 1 < args.size(); i++) {
          String text = args.get(i).text();
          if (!text.startsWith("-") && RegulatedData.marks(text)) {
            copied = text;
          }
        }
      } else if (program.equals("git")) {
        boolean adds = false;
        for (Word word : step.args()) {
          String text = word.text();
          if (copied != null && (text.equals("push") || text.equals("commit"))) {
            return copied;
          }
          if (adds && !text.startsWith("-") && RegulatedData.marks(text)) {
            copied = text; // git add data/raw_phi, then commit or push
          }
          adds |= text.equals("add");
        }
      }
    }
    return null;
  }

  /** Whether a command reads regulated data and streams it to another host: tar … | ssh, | nc. */
  static String pipedOut(Scan scan) {
    boolean sends = false;
    for (Step step : scan.steps()) { // the cheap test first: most commands send nothing
      String program = step.program();
      sends |=
          STREAMERS.contains(program)
              || REQUEST_PROGRAMS.contains(program)
              || program.equals("globus");
    }
    if (!sends) {
      return null;
    }
    String read = null;
    for (Step step : scan.steps()) {
      String program = step.program();
      if (read == null && STREAMERS.contains(program)) {
        // ssh host 'cat > x' < data: its input file is what it sends
        for (var redirect : step.invocation().redirects()) {
          if (!redirect.writes()
              && redirect.target() != null
              && RegulatedData.marks(redirect.target().text())) {
            read = redirect.target().text();
          }
        }
      }
      if (program.equals("globus") && globusCarries(step)) {
        return "globus transfer of regulated data";
      }
      if (read != null && (STREAMERS.contains(program) || REQUEST_PROGRAMS.contains(program))) {
        boolean stdin = false;
        String host = null;
        for (Word word : step.args()) {
          String text = word.text();
          stdin |=
              text.endsWith("@-")
                  || text.equals("-")
                  || text.equals("STDIN")
                  || text.equals("-u") && program.equals("socat");
          String h = text.contains("://") ? Hosts.of(text) : Hosts.remote(text);
          if (h == null && !text.startsWith("-") && text.indexOf('.') > 0 && !text.contains("/")) {
            h = text.contains("@") ? text.substring(text.indexOf('@') + 1) : text;
          }
          if (h != null && host == null && !Hosts.loopback(h) && !Environments.localHost(h)) {
            host = h;
          }
        }
        if (host != null && (STREAMERS.contains(program) || stdin)) {
          return read + " to " + host;
        }
      }
      if (read == null
          && !RegulatedData.NOT_READERS.contains(program)
          && !STREAMERS.contains(program)) {
        for (Word word : step.args()) {
          if (!word.text().startsWith("-") && RegulatedData.marks(word.text())) {
            read = word.text();
            break;
          }
        }
      }
    }
    return null;
  }

  /**
   * Whether {@code globus transfer} carries regulated data: read here, not in a clause naming
   * globus, so that the acting verbs still read its deletes (a program a family names is read only
   * for a destroy on a shared target).
   */
  private static boolean globusCarries(Step step) {
    boolean transfer = false;
    for (Word word : step.args()) {
      String text = word.text();
      transfer |= text.equals("transfer");
      int colon = text.indexOf(':');
      String path = colon >= 0 ? text.substring(colon + 1) : text;
      if (transfer && !text.startsWith("-") && RegulatedData.marks(path)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a batch scheduler's wrapper runs a copy of regulated data to another host ({@code
   * sbatch --wrap "rsync … host:"}, {@code srun rsync …}, {@code bsub scp …}): the wrapped command
   * read as words, its copy's last word the destination.
   */
  static String wrappedCopy(Scan scan) {
    String source = scan.source();
    if (source == null || source.length() > RegulatedData.MAX_TEXT) {
      return null;
    }
    boolean wrapped = false;
    for (Step step : scan.steps()) {
      wrapped |= WRAPPERS.contains(step.program());
    }
    if (!wrapped) {
      return null;
    }
    Matcher copy = WRAPPED_COPY.matcher(source);
    while (copy.find()) {
      String[] words = copy.group(2).trim().split("[\\s\"']+");
      if (words.length < 2) {
        continue;
      }
      String destination = words[words.length - 1];
      if (!remote(copy.group(1), destination)) {
        continue;
      }
      for (int i = 0; i < words.length - 1; i++) {
        if (!words[i].startsWith("-") && RegulatedData.marks(words[i])) {
          return copy.group(1) + " " + words[i] + " " + destination;
        }
      }
    }
    return null;
  }

  /** The batch schedulers' and launchers' wrappers whose command the parse does not read. */
  private static final Set<String> WRAPPERS =
      NameSet.of("sbatch", "srun", "salloc", "qsub", "bsub", "condor_submit", "flux", "pbsdsh");

  /** A copy inside a wrapped command, up to the end of its words. */
  private static final Pattern WRAPPED_COPY =
      Pattern.compile("\\b(scp|rsync|rclone)\\s([^;|&\"'\\n]{1,1000})");

  /** The HTTP clients that send what they read on standard input ({@code -d @-}, {@code -T -}). */
  private static final Set<String> REQUEST_PROGRAMS =
      NameSet.of("curl", "wget", "http", "https", "xh");

  /** Whether a data platform's upload (Hugging Face, Kaggle, OSF, Synapse, DNAnexus) carries it. */
  static boolean published(Step step) {
    Set<String> verbs = PUBLISHERS.get(step.program());
    if (verbs == null) {
      return false;
    }
    boolean uploads = verbs.isEmpty();
    boolean marked = false;
    for (Word word : step.args()) {
      String text = word.text();
      uploads |= verbs.contains(text);
      marked |= !text.startsWith("-") && RegulatedData.marks(text);
    }
    return uploads && marked;
  }

  /** Whether regulated data is copied or linked into a place others read (shared, public, www). */
  static boolean sharedPlace(Step step) {
    String program = step.program();
    if (!Set.of("cp", "rsync", "ln", "mv", "install").contains(program)) {
      return false;
    }
    List<String> positionals = new ArrayList<>();
    for (Word word : step.args()) {
      if (!word.text().startsWith("-")) {
        positionals.add(word.text());
      }
    }
    if (positionals.size() < 2) {
      return false;
    }
    String destination = positionals.get(positionals.size() - 1);
    if (destination.contains(":") && Hosts.remote(destination) != null) {
      return false; // another host: copied-out's
    }
    boolean shared = false;
    for (String part : destination.toLowerCase(Locale.ROOT).split("[^a-z0-9_]+")) {
      shared |= SHARED_PARTS.contains(part);
    }
    if (!shared) {
      return false;
    }
    for (String source : positionals.subList(0, positionals.size() - 1)) {
      if (RegulatedData.marks(source)) {
        return true;
      }
    }
    return false;
  }
}
