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

  /** A name with a dot that ends in letters: {@code db.acme.net}, {@code api.stripe.com:443}. */
  private static final Pattern HOST =
      Pattern.compile("(?:[A-Za-z0-9-]+\\.)+[A-Za-z][A-Za-z0-9-]*(?::\\d+)?(?:/.*)?");

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
    for (String raw : text.split("\n", -1)) {
      String line = raw.strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      if (line.startsWith("export ")) {
        line = line.substring("export ".length()).strip();
      }
      int equals = line.indexOf('=');
      if (equals <= 0 || !KEY.matcher(line.substring(0, equals).strip()).matches()) {
        return false;
      }
      if (!localValue(value(line.substring(equals + 1).strip()), project)) {
        return false;
      }
    }
    return true;
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
      return localHost(Environments.host(value)) && !keyLike(afterHost(value));
    }
    if (value.startsWith("/") || value.startsWith("~")) {
      return inside(value, project);
    }
    if (value.equals("..") || value.startsWith("../") || value.contains("/../")) {
      return false; // a path that climbs out of the project
    }
    String bare = value.substring(value.lastIndexOf('@') + 1);
    if (!value.startsWith(".") && HOST.matcher(bare).matches()) {
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
        || h.endsWith(".local")
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
