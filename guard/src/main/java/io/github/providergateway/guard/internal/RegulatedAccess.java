package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Access to regulated data that is not the person's own (decision 107): a linkage key or crosswalk
 * read, a credential read from another person's home, a command run as another user, production's
 * database restored into a lower environment.
 */
final class RegulatedAccess {
  private RegulatedAccess() {}

  /** A linkage key or crosswalk by its name: what maps study IDs back to people. */
  private static final Pattern LINKAGE =
      Pattern.compile(
          "(?i)(?:^|[/_.-])(?:link(?:age)?[_-]?keys?|crosswalks?|honest[_-]?broker|re[_-]?id(?:entif"
              + "\\w{0,10})?[_-]?(?:keys?|maps?|table)|mrn[_-]?(?:maps?|mapping|lookup|keys?|xwalk)"
              + "|(?:study|subject|participant)[_-]?id[_-]?(?:maps?|mapping|keys?|lookup)|xwalk)"
              + "(?:$|[/_.-])");

  /** The words a command may use for a linkage key's file (a cheap test before the scan). */
  private static final List<String> LINKAGE_WORDS =
      List.of("link", "crosswalk", "xwalk", "honest", "reid", "re_id", "re-id", "mrn", "_id_map");

  /** A command run as another user: sudo -u, su -c, runuser. */
  private static final Pattern AS_ANOTHER =
      Pattern.compile(
          "\\b(?:sudo\\s{1,5}(?:-[A-Za-z]{1,4}\\s{1,5}){0,3}-u\\s{0,5}|su\\s{1,5}(?:-l?\\s{1,5})?"
              + "|runuser\\s{1,5}-u\\s{1,5})([a-z_][a-z0-9_.-]{0,31})\\b");

  /** The dump programs and the programs that restore what they dump. */
  private static final Set<String> DUMPS =
      NameSet.of("pg_dump", "pg_dumpall", "mysqldump", "mariadb-dump", "mongodump");

  private static final Set<String> RESTORES =
      NameSet.of("pg_restore", "psql", "mysql", "mariadb", "mongorestore");

  /** A credential's file by its name. */
  private static final Pattern CREDENTIAL_NAME =
      Pattern.compile(
          "(?i)(?:pass(?:wd|word)?|token|cred(?:ential)?s?|secret|netrc|pgpass|apikey|api_key"
              + "|id_rsa|id_ed25519|id_ecdsa|cookies?|\\.my\\.cnf)");

  /** A file below another person's home. */
  private static final Pattern OTHERS_HOME =
      Pattern.compile("(?:/home/|/Users/|~)([a-z_][a-z0-9_.-]{0,31})/([^\\s'\"`;|&)]{1,200})");

  /**
   * A file of another's home read into a password's or a token's option: {@code --password=$(cat
   * …)}.
   */
  private static final Pattern OTHERS_SECRET_HANDED =
      Pattern.compile(
          "(?i)(?:pass\\w{0,6}|token|secret|key|auth\\w{0,10})[\"'=\\s]{1,4}\\$\\(\\s{0,3}(?:cat|head"
              + "|<)\\s{1,3}[\"']?(?:/home/|/Users/|~)([a-z_][a-z0-9_.-]{0,31})/[^\\s'\")]{1,200}");

  /** Whether the call reads a linkage key: a read tool's file, or a file a command names. */
  /** A shell call {@link #linkageRead} may find something in: a linkage's word. */
  static final CallClues LINKAGE_NAMED = CallClues.inAnyCase(LINKAGE_WORDS);

  static String linkageRead(Scan scan) {
    if (scan.source() == null) {
      JsonNode args = scan.call().args();
      String tool = scan.call().tool();
      if (args == null
          || tool == null
          || !Set.of("read", "Read", "view", "read_file").contains(tool)) {
        return null;
      }
      for (String field : List.of("path", "file_path", "filePath")) {
        String path = args.path(field).asText("");
        if (linkageFile(path)) {
          return path;
        }
      }
      return null;
    }
    String source = scan.source();
    if (source.length() > RegulatedData.MAX_TEXT) {
      source = source.substring(0, RegulatedData.MAX_TEXT);
    }
    String lower = source.toLowerCase(Locale.ROOT);
    boolean cheap = false;
    for (String word : LINKAGE_WORDS) {
      cheap |= lower.contains(word);
    }
    if (!cheap) {
      return null;
    }
    for (Step step : scan.steps()) {
      if (RegulatedData.NOT_READERS.contains(step.program())) {
        continue;
      }
      if (step.interpreter()) {
        String code = RegulatedData.code(step);
        if (code != null) {
          Matcher path = RegulatedData.CODE_PATH.matcher(code);
          while (path.find()) {
            if (linkageFile(path.group(1))) {
              return path.group(1);
            }
          }
        }
      }
      for (Word word : step.args()) {
        if (!word.text().startsWith("-") && linkageFile(word.text())) {
          return word.text();
        }
      }
    }
    return null;
  }

  /** Whether a path names a linkage key's file: data, not code, not a test's. */
  private static boolean linkageFile(String path) {
    if (path.isEmpty() || path.length() > 1024 || !PatternLiterals.finds(LINKAGE, path)) {
      return false;
    }
    if (RegulatedData.CODE_END.matcher(path).matches()) {
      return false;
    }
    for (String part : path.toLowerCase(Locale.ROOT).split("[^a-z0-9]+")) {
      if (RegulatedData.UNMARKS.contains(part) || part.startsWith("synth")) {
        return false;
      }
    }
    return path.contains("/")
        || RegulatedData.DATA_END.matcher(path).matches()
        || path.endsWith(".key");
  }

  /**
   * Whether a dump of a database not this machine's nor a lower one is restored into a lower one.
   */
  static String productionDownward(Scan scan) {
    String dumped = null;
    String restored = null;
    for (Step step : scan.steps()) {
      String snapshot = snapshotDownward(step);
      if (snapshot != null) {
        return snapshot;
      }
      if (DUMPS.contains(step.program())) {
        String host = host(step);
        if (host != null
            && !Environments.localHost(host)
            && !Environments.stagingHost(host)
            && !Hosts.loopback(host)) {
          dumped = host;
        } else if (host == null && Environments.production(scan, step)) {
          dumped = "production"; // pg_dump "$PROD_DATABASE_URL"
        }
      } else if (dumped != null && RESTORES.contains(step.program())) {
        for (Word word : step.args()) {
          String text = word.literal() || word.written() == null ? word.text() : word.written();
          String host = text.contains("://") ? Hosts.of(text) : text;
          if (host != null && Environments.stagingHost(host) && !Environments.localHost(host)) {
            restored = text;
          }
        }
        if (restored != null) {
          return dumped + " into " + restored;
        }
      }
    }
    return null;
  }

  /**
   * Whether {@code aws rds restore-db-…-from-…snapshot} restores a snapshot not named for a lower
   * environment into an instance or a cluster that is.
   */
  private static String snapshotDownward(Step step) {
    List<Word> args = step.args();
    if (!step.program().equals("aws")
        || args.size() < 2
        || !args.get(0).text().equals("rds")
        || !args.get(1).text().startsWith("restore-db-")
        || !args.get(1).text().contains("snapshot")) {
      return null;
    }
    String snapshot = null;
    String target = null;
    for (int i = 2; i + 1 < args.size(); i++) {
      String option = args.get(i).text();
      String value = args.get(i + 1).text();
      if (option.equals("--db-snapshot-identifier")
          || option.equals("--snapshot-identifier")
          || option.equals("--db-cluster-snapshot-identifier")) {
        snapshot = value;
      } else if (option.equals("--db-instance-identifier")
          || option.equals("--db-cluster-identifier")) {
        target = value;
      }
    }
    if (snapshot == null
        || target == null
        || Environments.stagingHost(snapshot)
        || !Environments.stagingHost(target)) {
      return null;
    }
    return "snapshot " + snapshot + " into " + target;
  }

  /** The host a database client names: {@code -h}, {@code --host}, a URL, {@code --uri}. */
  private static String host(Step step) {
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if ((text.equals("-h") || text.equals("--host")) && i + 1 < args.size()) {
        return args.get(i + 1).text().toLowerCase(Locale.ROOT);
      }
      if (text.startsWith("--host=")) {
        return text.substring(7).toLowerCase(Locale.ROOT);
      }
      if (text.startsWith("-h") && text.length() > 2 && step.program().startsWith("mysql")) {
        return text.substring(2).toLowerCase(Locale.ROOT);
      }
      int uri = text.indexOf("://");
      if (uri > 0) {
        return Hosts.of(
            text.substring(
                text.indexOf("=") > 0 && text.indexOf('=') < uri ? text.indexOf('=') + 1 : 0));
      }
    }
    return null;
  }

  /** Whether a command reads a credential's file from another person's home. */
  /** A shell call {@link #othersCredential} may find something in: a secret handed, a name's. */
  static final CallClues OTHERS_CREDENTIAL = CallClues.any(OTHERS_SECRET_HANDED, CREDENTIAL_NAME);

  static String othersCredential(Scan scan) {
    String source = scan.source();
    if (source == null || source.length() > RegulatedData.MAX_TEXT || source.indexOf('/') < 0) {
      return null;
    }
    if (!source.contains("/home/") && !source.contains("/Users/") && !source.contains("~")) {
      return null;
    }
    Path home = scan.places().home();
    String own = home == null || home.getFileName() == null ? "" : home.getFileName().toString();
    Matcher handed = PatternLiterals.matcher(OTHERS_SECRET_HANDED, source);
    while (handed.find()) {
      if (!handed.group(1).equals(own)) {
        return handed.group();
      }
    }
    if (!PatternLiterals.mayFind(CREDENTIAL_NAME, source)) {
      return null; // no file's name in it can be a credential's: no need to find them
    }
    Matcher file = OTHERS_HOME.matcher(source);
    while (file.find()) {
      String user = file.group(1);
      String rest = file.group(2);
      int slash = rest.lastIndexOf('/');
      String name = slash >= 0 ? rest.substring(slash + 1) : rest;
      if (!user.equals(own)
          && PatternLiterals.finds(CREDENTIAL_NAME, name)
          && !name.endsWith(".pub")) {
        return file.group();
      }
    }
    return null;
  }

  /** Whether a command run as another user reads regulated data: their access borrowed. */
  static String asAnother(Scan scan) {
    String source = scan.source();
    if (source == null
        || source.length() > RegulatedData.MAX_TEXT
        || !source.contains("sudo") && !source.contains("su ") && !source.contains("runuser")) {
      return null;
    }
    Matcher user = AS_ANOTHER.matcher(source);
    if (!user.find() || user.group(1).equals("root")) {
      return null;
    }
    for (Step step : scan.steps()) {
      for (Word word : step.args()) {
        if (!word.text().startsWith("-") && RegulatedData.marks(word.text())) {
          return "as " + user.group(1) + ": " + word.text();
        }
      }
    }
    return null;
  }
}
