package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Records copied into a web server's public folder ({@code out.records-to-web-root}; round 67's
 * booking exports rsynced into a WordPress site's {@code wp-content/uploads}): whatever lies below
 * a web root ({@code /var/www}, {@code /srv/www}, nginx's {@code html}, {@code public_html}, {@code
 * htdocs}, {@code wp-content/uploads}, a site's {@code public/} on a server) is served to anyone
 * who guesses or finds its address, so what is copied there has left as surely as by an upload.
 * Read by what is copied, as the {@code out.*} rules read sources: a file of records (not the
 * site's own JSON or XML), a dump or a backup, or a folder named for exports, dumps, backups or
 * records; the project's own build, its assets and a dry run are a deploy and stay ordinary.
 */
final class WebRootCopies {
  private WebRootCopies() {}

  /** A place a web server serves, on this machine or another's ({@code host:/var/www/…}). */
  private static final Pattern WEB_ROOT =
      Pattern.compile(
          "^(?:[^/\\s:]+:)?(?:/var/www(?:/|$)|/srv/www(?:/|$)|/usr/share/nginx/html(?:/|$)"
              + "|.*/public_html(?:/|$)|.*/htdocs(?:/|$)|.*/wp-content/uploads(?:/|$)"
              + "|/srv/[^/]+/(?:.*/)?public(?:/|$))"
              + "|^[^/\\s:]+:.*/public(?:/|$)");

  /** Folders whose whole content is records, dumps or backups. */
  private static final Set<String> RECORD_FOLDERS =
      NameSet.of(
          "export",
          "exports",
          "extracts",
          "outbound",
          "outbox",
          "dump",
          "dumps",
          "backup",
          "backups",
          "records",
          "bookings",
          "customers",
          "patients",
          "clients",
          "members");

  /** A dump or a backup by its name. */
  private static final Pattern DUMP =
      Pattern.compile(
          "(?i)\\.(?:sql|dump|bak|sqlite3?|db|mdb|accdb)(?:\\.(?:gz|bz2|xz|zst|zip))?$"
              + "|(?i)(?:^|[/_.-])(?:backup|dump|export)s?[^/]*\\.(?:zip|tar|tgz|tar\\.gz|7z)$");

  /** A site's own data files, served as part of it. */
  private static final Pattern SITE_DATA = Pattern.compile("(?i)\\.(?:json|xml)$");

  /**
   * Whether the step copies records into a web root, or writes a file of records there.
   *
   * @param step the program
   * @return whether it does
   */
  static boolean copiesRecords(Step step) {
    for (Redirect redirect : step.invocation().redirects()) {
      String target = redirect.target().text();
      if (redirect.writes() && at(target) && recordsFile(target)) {
        return true;
      }
    }
    return switch (step.program()) {
      case "cp", "mv", "rsync", "scp", "install" -> copier(step);
      case "tee" -> teed(step.args());
      default -> false;
    };
  }

  private static boolean copier(Step step) {
    List<String> operands = new ArrayList<>();
    for (Word word : CopierOptions.operands(step)) {
      operands.add(word.text());
    }
    if (operands.size() < 2 || dryRun(step) || !at(operands.get(operands.size() - 1))) {
      return false;
    }
    for (String source : operands.subList(0, operands.size() - 1)) {
      String path =
          Hosts.remote(source) == null ? source : source.substring(source.indexOf(':') + 1);
      if (!at(source) && records(path)) {
        return true;
      }
    }
    return false;
  }

  private static boolean teed(List<Word> args) {
    for (Word word : args) {
      String text = word.text();
      if (!text.startsWith("-") && at(text) && recordsFile(text)) {
        return true;
      }
    }
    return false;
  }

  /** Whether what is copied is records: a file of them, a dump, or a folder named for them. */
  private static boolean records(String source) {
    if (RecordsCopiedOut.deployed(source) || RecordsCopiedOut.nobodys(source)) {
      return false;
    }
    if (recordsFile(source)) {
      return true;
    }
    String[] parts = source.replaceAll("/+$", "").split("/");
    for (String part : parts) {
      if (RECORD_FOLDERS.contains(part.toLowerCase(Locale.ROOT))) {
        return true;
      }
    }
    return false;
  }

  private static boolean recordsFile(String file) {
    return !RecordsCopiedOut.nobodys(file)
        && (RecordsCopiedOut.records(file) && !PatternLiterals.finds(SITE_DATA, file)
            || PatternLiterals.finds(DUMP, file));
  }

  private static boolean at(String path) {
    return path.length() < 4096 && PatternLiterals.finds(WEB_ROOT, path); // no regex for most
  }

  /** {@code --dry-run}, rsync's {@code -n} alone or in a cluster: nothing is copied. */
  private static boolean dryRun(Step step) {
    for (Word word : step.args()) {
      String text = word.text();
      if (text.equals("--dry-run")
          || step.program().equals("rsync") && text.matches("-[a-zA-Z]*n[a-zA-Z]*")) {
        return true;
      }
    }
    return false;
  }
}
