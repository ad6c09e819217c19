package io.github.providergateway.guard.internal;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A {@code .env} file the file tools write whole with this machine's values only (decision 181):
 * {@code DATABASE_URL=postgresql://app:app@localhost:5432/app_test}, {@code PORT=3000}, {@code
 * LOG_LEVEL=debug}, written where no such file is or over one that holds nothing else. Such a write
 * reads no secret and loses none, so {@code secrets.env-file} leaves it: writing a test's settings
 * is ordinary work (rounds 17, 19 and 27 each had one denied).
 *
 * <p>The match stands for an edit that shows the file's old text, a value that is not this
 * machine's (a host with a dot that is not a local or an example one, a secret's literal, a long
 * run of letters and digits a key is made of), a line that is no setting, and a file already on the
 * disk that holds any of these: overwriting it would lose what the person kept there. With no disk
 * ({@link DiskView#none}) the file is taken as not there.
 */
final class LocalEnvWrites {
  private LocalEnvWrites() {}

  /** The most characters of a file on the disk read; a longer one is taken as holding secrets. */
  private static final int MAX_CHARS = 64 * 1024;

  private static final Pattern KEY = Pattern.compile("[A-Za-z_][A-Za-z0-9_.]*");

  /**
   * A name with a dot that ends in letters: {@code db.acme.net}, {@code api.stripe.com:443}, {@code
   * db.acme.net.} fully named.
   */
  private static final Pattern HOST =
      Pattern.compile("(?:[A-Za-z0-9-]+\\.)+[A-Za-z][A-Za-z0-9-]*\\.?(?::\\d+)?(?:/.*)?");

  /** An IPv4 address, with a port or a path or not: {@code 52.14.101.9}, {@code 10.0.0.5:5432}. */
  private static final Pattern ADDRESS =
      Pattern.compile("\\d{1,3}(?:\\.\\d{1,3}){3}(?::\\d+)?(?:/.*)?");

  /**
   * A key that names a host ({@code DB_HOST}, {@code REDIS_ADDR}, {@code SMTP_SERVER}): its value
   * is a host however it is written (an address, a number, a name of one label), and only this
   * machine's is local (decision 185).
   */
  private static final Pattern HOST_KEY =
      Pattern.compile("(?i)(?:^|_)(?:HOST|HOSTNAME|ADDR|SERVER)$");

  /**
   * The keys a loader or a runtime reads to run code before the program's own ({@code
   * LD_PRELOAD=/tmp/libhook.so}, {@code BASH_ENV}, {@code NODE_OPTIONS=--require …}): no setting of
   * this machine's values, wherever the code lies (decision 185).
   */
  private static final Pattern CODE_KEY =
      Pattern.compile(
          "(?i)LD_PRELOAD|LD_AUDIT|LD_LIBRARY_PATH|DYLD_INSERT_LIBRARIES|BASH_ENV|ENV|PYTHONSTARTUP"
              + "|PERL5OPT|RUBYOPT|NODE_OPTIONS|JAVA_TOOL_OPTIONS|_JAVA_OPTIONS|JDK_JAVA_OPTIONS");

  /** A URL in a value: each one's hosts are read ({@code A=x A=postgres://…} in one line). */
  private static final Pattern URL = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*://[^\\s\"']*");

  /** A URL's query parameter that names its host: libpq's {@code ?host=}, {@code hostaddr=}. */
  private static final Pattern HOST_PARAMETER =
      Pattern.compile("(?i)[?&](?:host|hostaddr|server)=([^&#]*)");

  /** A reference to another setting: {@code ${DB_USER}}, {@code $PORT}. */
  private static final Pattern REFERENCE = Pattern.compile("\\$\\{[A-Za-z_][A-Za-z0-9_]*}");

  /**
   * Whether the file tool's write of an env file is a whole file of local values over nothing that
   * is not.
   *
   * @param scan the call
   * @param access the file written, by a file tool
   */
  static boolean harmless(Scan scan, Access access) {
    FileEdit edit = FileEdit.of(scan);
    Path project = scan.places().project();
    if (edit == null
        || edit.old() != null && !edit.old().isEmpty()
        || !localValues(edit.now(), project)) {
      return false;
    }
    Path path = access.target().path();
    if (path == null) {
      return false;
    }
    DiskView disk = scan.places().disk();
    if (disk.none()) {
      return true;
    }
    Optional<String> there = disk.text(path, MAX_CHARS + 1);
    return there.isEmpty()
        || there.get().length() <= MAX_CHARS && localValues(there.get(), project);
  }

  /**
   * Whether every line of an env file's text is a comment, empty, or a setting of a local value.
   *
   * @param text the file's text
   * @param project the session's project, or null: a path outside it and the temp folder is no
   *     local value ({@code UPLOAD_DIR=/home/user/}, that a cleanup script then empties)
   */
  static boolean localValues(String text, Path project) {
    // A lone CR ends a line for dotenv as LF does (decision 185).
    for (String raw : text.split("\r\n|\r|\n", -1)) {
      String line = raw.strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      if (line.startsWith("export ")) {
        line = line.substring("export ".length()).strip();
      }
      int equals = line.indexOf('=');
      if (equals <= 0 || !PatternLiterals.matches(KEY, line.substring(0, equals).strip())) {
        return false;
      }
      String key = line.substring(0, equals).strip();
      String written = line.substring(equals + 1).strip();
      if (PatternLiterals.matches(CODE_KEY, key) && !written.isEmpty() || unclosed(written)) {
        return false; // code run before the program's; a quoted value over several lines
      }
      String value = value(written);
      if (!localValue(value, project)
          || PatternLiterals.finds(HOST_KEY, key) && !value.isEmpty() && !hostValue(value)) {
        return false;
      }
    }
    return true;
  }

  /** Whether a quoted value has no closing quote on its line: dotenv reads on to a later one. */
  private static boolean unclosed(String written) {
    return !written.isEmpty()
        && (written.charAt(0) == '"' || written.charAt(0) == '\'')
        && written.indexOf(written.charAt(0), 1) < 0;
  }

  /** Whether a host key's value is this machine's host, with a port or a scheme or not. */
  private static boolean hostValue(String value) {
    if (value.contains("://") || value.startsWith("/")) {
      return true; // a URL's hosts and a socket's path are read by localValue
    }
    String host = value.startsWith("[") ? Environments.host(value) : value;
    if (!value.startsWith("[") && value.indexOf(':') == value.lastIndexOf(':')) {
      host = Environments.host(value); // host:port; an IPv6 address keeps its colons
    }
    return localHost(host);
  }

  /** The value as dotenv reads it: unquoted, a trailing comment after a space cut. */
  private static String value(String written) {
    if (written.length() >= 2
        && (written.charAt(0) == '"' || written.charAt(0) == '\'')
        && written.indexOf(written.charAt(0), 1) > 0) {
      return written.substring(1, written.indexOf(written.charAt(0), 1));
    }
    int comment = written.indexOf(" #");
    return (comment >= 0 ? written.substring(0, comment) : written).strip();
  }

  private static boolean localValue(String written, Path project) {
    String value = REFERENCE.matcher(written).replaceAll("x");
    if (value.isEmpty()) {
      return true;
    }
    if (value.indexOf('$') >= 0
        || value.indexOf('`') >= 0
        || SecretsCarried.literal(value) != null) {
      return false; // a command's output, or a key's own shape
    }
    if (value.contains("://")) {
      java.util.regex.Matcher url = URL.matcher(value);
      while (url.find()) {
        if (!localUrl(url.group())) {
          return false;
        }
      }
      return true;
    }
    if (value.startsWith("/") || value.startsWith("~")) {
      return inside(value, project);
    }
    if (value.equals("..") || value.startsWith("../") || value.contains("/../")) {
      return false; // a path that climbs out of the project
    }
    String bare = value.substring(value.lastIndexOf('@') + 1);
    if (!value.startsWith(".")
        && (PatternLiterals.matches(HOST, bare) || PatternLiterals.matches(ADDRESS, bare))) {
      return localHost(Environments.host(bare));
    }
    return !keyLike(value);
  }

  /** Whether an absolute path lies in the project or the temp folder. */
  private static boolean inside(String value, Path project) {
    if (value.contains("..") || value.startsWith("~")) {
      return false; // the home, or a path that climbs
    }
    String path = value.endsWith("/") ? value : value + "/";
    return path.startsWith("/tmp/") || project != null && path.startsWith(project + "/");
  }

  /**
   * Whether every host a URL names is this machine's: each of a list ({@code
   * mongodb://localhost,shard0.prod…}), a query's {@code host=}; a backslash before the {@code @}
   * (a web URL's parser reads it as a slash, and the host as the part before it) is none.
   */
  private static boolean localUrl(String url) {
    String rest = url.substring(url.indexOf("://") + 3);
    int end = rest.length();
    for (char stop : new char[] {'/', '?', '#'}) {
      int at = rest.indexOf(stop);
      end = at >= 0 && at < end ? at : end;
    }
    String authority = rest.substring(0, end);
    if (authority.indexOf('\\') >= 0) {
      return false;
    }
    String scheme = url.substring(0, url.indexOf("://") + 3);
    for (String host : authority.substring(authority.lastIndexOf('@') + 1).split(",")) {
      if (!localHost(Environments.host(scheme + host))) {
        return false;
      }
    }
    java.util.regex.Matcher parameter = HOST_PARAMETER.matcher(rest);
    while (parameter.find()) {
      if (!parameter.group(1).startsWith("/") && !localHost(parameter.group(1))) {
        return false; // ?host=/var/run/postgresql is a socket's folder
      }
    }
    return !keyLike(afterHost(url));
  }

  /** The URL's part after its host: a token may ride in its path or query. */
  private static String afterHost(String url) {
    String rest = url.substring(url.indexOf("://") + 3);
    int slash = rest.indexOf('/');
    return slash < 0 ? "" : rest.substring(slash);
  }

  private static boolean localHost(String host) {
    String h = host.toLowerCase(Locale.ROOT);
    return Environments.localHost(h)
        || Environments.composeService(h)
        || h.endsWith(".test")
        || h.endsWith(".invalid")
        || h.equals("example.com")
        || h.endsWith(".example.com")
        || h.equals("example.org");
  }

  /**
   * Whether a value has the look of a key: 20 or more of letters and digits together, with both.
   * {@code dev-secret-change-me} and {@code postgres} have not; {@code 3f9c…e1} and {@code a8Fk2…}
   * have.
   */
  private static boolean keyLike(String value) {
    int run = 0;
    boolean letter = false;
    boolean digit = false;
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (Character.isLetterOrDigit(c) || c == '+' || c == '/' || c == '_') {
        run++;
        letter |= Character.isLetter(c);
        digit |= Character.isDigit(c);
        if (run >= 20 && letter && digit) {
          return true;
        }
      } else {
        run = 0;
        letter = false;
        digit = false;
      }
    }
    return false;
  }
}
