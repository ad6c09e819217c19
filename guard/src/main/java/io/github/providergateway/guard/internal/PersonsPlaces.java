package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Where the person's own files lie (decision 331): the folders of their documents and media below a
 * home (the XDG user folders, in English and the languages desktops name them in), their mail
 * stores, a photo catalog anywhere in the home, and an application's data store (a database or a
 * library file) below the home's application folders ({@code ~/.local/share}, {@code ~/.config},
 * {@code ~/Library/Application Support}). A cache, thumbnails, the trash and logs are none of them:
 * the application makes them again. {@code privacy.personal-files-out} reads the same folders of
 * documents and media for what leaves the machine.
 */
final class PersonsPlaces {
  private PersonsPlaces() {}

  /** The folders of the person's documents and media, as desktops name them (xdg-user-dirs). */
  private static final Set<String> USER_FOLDERS =
      NameSet.of(
          "documents",
          "pictures",
          "photos",
          "videos",
          "movies",
          "music",
          "desktop",
          "dokumente",
          "bilder",
          "musik",
          "schreibtisch",
          "documentos",
          "imágenes",
          "imagenes",
          "fotos",
          "vídeos",
          "música",
          "musica",
          "escritorio",
          "images",
          "musique",
          "vidéos",
          "bureau",
          "documenti",
          "immagini",
          "video",
          "scrivania",
          "documenten",
          "afbeeldingen",
          "muziek",
          "bureaublad",
          "dokumenty",
          "obrazy",
          "muzyka",
          "wideo",
          "pulpit");

  /** The folders of the home that hold the person's mail. */
  private static final Set<String> MAIL_FOLDERS =
      NameSet.of("mail", "maildir", ".mail", ".thunderbird", ".mozilla-thunderbird");

  /** The home's folders where applications keep their data. */
  private static final Pattern APP_DATA =
      Pattern.compile("^(?:\\.local/share|\\.config|Library/Application Support|\\.var/app)/.");

  /** A file that is an application's store: a database, a catalog, a library, a mailbox. */
  private static final Pattern STORE =
      Pattern.compile(
          "(?i)\\.(?:db|sqlite|sqlite3|db3|lrcat|anki2|gnucash|kexi|mbox|realm)$"
              + "|^library(?:[._-]|$)");

  /** A photo catalog, kept wherever the person chose. */
  private static final Pattern CATALOG =
      Pattern.compile(
          "(?i)\\.(?:lrcat|photoslibrary|aplibrary|photolibrary)(?:/|$)|/digikam4\\.db$");

  /** The folders an application fills again by itself: caches, thumbnails, the trash, logs. */
  private static final Pattern REMADE =
      Pattern.compile(
          "(?i)(?:^|/)(?:\\.?cache|caches|\\.?thumbnails|thumbs|previews|trash|logs?|tmp|temp)/"
              + "|(?i)^\\.local/share/(?:Trash|recently-used)");

  /**
   * A file a program leaves beside the real ones and makes again: an editor's lock, a partial
   * download, a temp, a cache, a desktop's index of a folder, LaTeX's by-products.
   */
  private static final Pattern SCRATCH =
      Pattern.compile(
          "(?i)(?:^\\.~lock\\.|^~\\$|\\.(?:tmp|temp|part|crdownload|swp|lock)$|cache|thumb"
              + "|^(?:\\.DS_Store|Thumbs\\.db|desktop\\.ini|\\.directory)$"
              + "|\\.(?:aux|log|toc|lof|lot|fls|fdb_latexmk|synctex\\.gz|bbl|blg|nav|snm|pyc)$)");

  /**
   * Whether a resolved path is one of the person's own files or folders.
   *
   * @param home the call's home, or {@code null}
   * @param path an absolute path
   * @return whether it is
   */
  static boolean holds(Path home, Path path) {
    String rest = belowHome(home, path);
    return rest != null && holdsBelowHome(rest);
  }

  /**
   * Whether a path as written ({@code ~/Pictures/x.lrcat}, {@code $HOME/…}, {@code /home/ana/…}) is
   * one of the person's own files.
   *
   * @param home the call's home, or {@code null}
   * @param written the path's text
   * @return whether it is
   */
  static boolean holdsWritten(Path home, String written) {
    String text = written;
    for (String prefix : new String[] {"~/", "$HOME/", "${HOME}/"}) {
      if (text.startsWith(prefix)) {
        return holdsBelowHome(text.substring(prefix.length()));
      }
    }
    return text.startsWith("/") && text.length() < 1000 && holds(home, Path.of(text).normalize());
  }

  /**
   * Whether a path as written is an application's database in a folder of the home the person made
   * for it ({@link HomeAppStores}: {@code ~/HerdPro/herd.db}), read apart from {@link
   * #holdsWritten} so that the rules of what leaves the machine keep their folders.
   *
   * @param home the call's home, or {@code null}
   * @param written the path's text
   * @return whether it is
   */
  static boolean appStoreWritten(Path home, String written) {
    for (String prefix : new String[] {"~/", "$HOME/", "${HOME}/"}) {
      if (written.startsWith(prefix)) {
        return HomeAppStores.holds(written.substring(prefix.length()));
      }
    }
    if (!written.startsWith("/") || written.length() >= 1000 || written.contains("..")) {
      return false;
    }
    return appStore(home, Path.of(written).normalize());
  }

  /**
   * Whether a resolved path is an application's database in a folder of the home the person made
   * for it ({@link HomeAppStores}).
   *
   * @param home the call's home, or {@code null}
   * @param path an absolute path
   * @return whether it is
   */
  static boolean appStore(Path home, Path path) {
    String rest = belowHome(home, path);
    return rest != null && HomeAppStores.holds(rest);
  }

  /** The path below its home ({@code Pictures/x.jpg}), or {@code null} when it is in none. */
  private static String belowHome(Path home, Path path) {
    if (path == null || !path.isAbsolute()) {
      return null;
    }
    if (home != null && path.startsWith(home) && !path.equals(home)) {
      return home.relativize(path).toString();
    }
    if (path.getNameCount() > 2) {
      String root = path.getName(0).toString();
      if (root.equals("home") || root.equals("Users")) {
        return path.subpath(2, path.getNameCount()).toString();
      }
    }
    return null;
  }

  private static boolean holdsBelowHome(String rest) {
    if (rest.isEmpty() || PatternLiterals.finds(REMADE, rest)) {
      return false;
    }
    int slash = rest.indexOf('/');
    String first = slash < 0 ? rest : rest.substring(0, slash);
    String name = rest.substring(rest.lastIndexOf('/') + 1);
    if (PatternLiterals.finds(SCRATCH, name)) {
      return false;
    }
    String folder = first.toLowerCase(Locale.ROOT);
    if (slash > 0 && (USER_FOLDERS.contains(folder) || MAIL_FOLDERS.contains(folder))) {
      return true;
    }
    if (PatternLiterals.finds(CATALOG, "/" + rest)) {
      return true;
    }
    return PatternLiterals.finds(APP_DATA, rest) && PatternLiterals.finds(STORE, name)
        || PersonsMadeFolders.holds(rest); // ~/Translation/TM/master.tmx (decision 335)
  }
}
