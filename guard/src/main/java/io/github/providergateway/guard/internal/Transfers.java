package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Access.Kind;
import io.github.providergateway.guard.shell.Word;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The files programs move over the network, a part of {@link Accesses}: what curl and its kind
 * upload or save ({@code -d @f}, {@code -T f}, {@code -o f}, {@code -O}), what a static server
 * serves (its folder, every file below read), and what a downloader saves by the URL's name.
 */
final class Transfers {
  private Transfers() {}

  /** What curl and its kind upload ({@code -d @f}, {@code -F k=@f}, {@code -T f}) or save. */
  static void sent(Scan scan, Step step, List<Word> args, List<Access> out) {
    for (int i = 0; i < args.size(); i++) {
      String t = args.get(i).text();
      boolean literal = args.get(i).literal();
      String next = i + 1 < args.size() ? args.get(i + 1).text() : null;
      if (t.regionMatches(true, 0, "file://", 0, 7)) {
        // A file: URL reads the file as surely as cat does.
        Accesses.add(scan, step, new Word(t.substring(7), literal), Kind.READ, out);
      } else if ((t.equals("-T") || t.equals("--upload-file")) && next != null) {
        Accesses.add(scan, step, new Word(next, args.get(i + 1).literal()), Kind.READ, out);
      } else if ((t.equals("-o")
              || t.equals("--output")
              || t.equals("-O")
              || savesClustered(step.program(), t))
          && next != null) {
        if (!next.startsWith("-") && !next.startsWith("http")) {
          Accesses.add(scan, step, new Word(next, args.get(i + 1).literal()), Kind.WRITE, out);
        }
      } else if (t.startsWith("--post-file=") || t.startsWith("--body-file=")) {
        Accesses.add(
            scan, step, new Word(t.substring(t.indexOf('=') + 1), literal), Kind.READ, out);
      } else if (t.startsWith("--upload-file=")) {
        Accesses.add(
            scan, step, new Word(t.substring(t.indexOf('=') + 1), literal), Kind.READ, out);
      } else if (t.startsWith("-T") && t.length() > 2) {
        Accesses.add(scan, step, new Word(t.substring(2), literal), Kind.READ, out);
      } else {
        int at = t.indexOf('@');
        int lt = t.indexOf("=<");
        if (at == 0 || at > 0 && (t.charAt(at - 1) == '=' || !t.contains("://"))) {
          Accesses.add(scan, step, new Word(t.substring(at + 1), literal), Kind.READ, out);
        } else if (lt > 0) {
          Accesses.add(scan, step, new Word(t.substring(lt + 2), literal), Kind.READ, out);
        }
      }
    }
  }

  /**
   * A web server of a folder ({@code python3 -m http.server -d ~/.ssh}, {@code npx http-server
   * ~/.aws}, {@code php -S 0.0.0.0:8000 -t ~}): whoever reaches the port reads every file in it, so
   * the folder is read, and the home's secret folders with the home or a folder above it. With no
   * folder named, the current one is served.
   */
  static void served(Scan scan, Step step, Word folder, List<Access> out) {
    Word served = folder == null ? new Word(".", true) : folder;
    Accesses.add(scan, step, served, Kind.READ, out);
    Path home = scan.places().home();
    for (Target target : scan.targets(step, served)) {
      if (target.path() != null && home.startsWith(target.path())) {
        for (String secrets : new String[] {".ssh", ".aws", ".config/gcloud", ".kube", ".docker"}) {
          Accesses.add(
              scan, step, new Word(home.resolve(secrets).toString(), true), Kind.READ, out);
        }
        return;
      }
    }
  }

  /** The first argument that is no option and no port: the folder a static server serves. */
  static Word firstFolder(List<Word> args) {
    for (int i = 0; i < args.size(); i++) {
      String t = args.get(i).text();
      if (t.startsWith("-")) {
        if (t.length() == 2 && "paplcP".indexOf(t.charAt(1)) >= 0) {
          i++; // -p 8080, -a host, -l listen
        }
        continue;
      }
      if (!Accesses.digits(t)) {
        return args.get(i);
      }
    }
    return null;
  }

  /**
   * python's {@code -m http.server} ({@code SimpleHTTPServer} in Python 2): the folder it serves.
   */
  static boolean pythonServes(List<Word> args) {
    return args.size() >= 2
        && args.get(0).text().equals("-m")
        && (args.get(1).text().equals("http.server")
            || args.get(1).text().equals("SimpleHTTPServer"));
  }

  static Word pythonFolder(List<Word> args) {
    for (int i = 2; i < args.size(); i++) {
      String t = args.get(i).text();
      if ((t.equals("-d") || t.equals("--directory")) && i + 1 < args.size()) {
        return args.get(i + 1);
      }
      if (t.startsWith("--directory=")) {
        return new Word(t.substring(12), args.get(i).literal());
      }
    }
    return null;
  }

  /**
   * The files curl and wget save under the URL's own name: wget's every download without {@code -O}
   * (into {@code -P}'s folder, or the current one), curl's with {@code -O} or {@code --remote-name}
   * (into {@code --output-dir}'s folder, which also holds its {@code -o} files). A download named
   * {@code git} into {@code ~/.local/bin} is a program on {@code PATH}, whoever named it.
   */
  static void savedByName(Scan scan, Step step, List<Access> out) {
    boolean wget = step.program().equals("wget");
    List<Word> args = step.args();
    String folder = null;
    boolean byName = wget;
    List<Word> urls = new ArrayList<>();
    List<Word> named = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      Word word = args.get(i);
      String t = word.text();
      String next = i + 1 < args.size() ? args.get(i + 1).text() : null;
      if (wget && (t.equals("-P") || t.equals("--directory-prefix")) && next != null) {
        folder = next;
        i++;
      } else if (wget && t.startsWith("--directory-prefix=")) {
        folder = t.substring(t.indexOf('=') + 1);
      } else if (wget && t.startsWith("-P") && t.length() > 2) {
        folder = t.substring(2);
      } else if (!wget && t.equals("--output-dir") && next != null) {
        folder = next;
        i++;
      } else if (!wget && t.startsWith("--output-dir=")) {
        folder = t.substring(t.indexOf('=') + 1);
      } else if (wget
          && (t.startsWith("--output-document")
              || t.equals("--spider")
              || t.startsWith("-") && !t.startsWith("--") && t.indexOf('O') > 0)) {
        byName = false; // saved under the name given (read by sent), or not saved
      } else if (!wget
          && (t.equals("-O")
              || t.equals("--remote-name")
              || t.equals("--remote-name-all")
              || t.startsWith("-") && !t.startsWith("--") && t.indexOf('O') > 0)) {
        byName = true;
      } else if (!wget && (t.equals("-o") || t.equals("--output")) && next != null) {
        named.add(args.get(i + 1));
        i++;
      } else if (t.startsWith("http://") || t.startsWith("https://") || t.startsWith("ftp://")) {
        urls.add(word);
      }
    }
    String prefix = folder == null ? "" : folder.endsWith("/") ? folder : folder + "/";
    if (folder != null) {
      for (Word name : named) {
        if (!name.text().startsWith("/") && !name.text().equals("-")) {
          Accesses.add(scan, step, new Word(prefix + name.text(), name.literal()), Kind.WRITE, out);
        }
      }
    }
    if (!byName) {
      return;
    }
    for (Word url : urls) {
      String name = urlName(url.text());
      if (!name.isEmpty()) {
        Accesses.add(
            scan,
            step,
            new Word(
                prefix + name, url.literal() && (folder == null || literalFolder(args, folder))),
            Kind.WRITE,
            out);
      }
    }
  }

  /** Whether the folder's word was literal ({@code ~/.local/bin} is not: the tilde expands). */
  private static boolean literalFolder(List<Word> args, String folder) {
    for (Word word : args) {
      if (word.text().equals(folder) || word.text().endsWith("=" + folder)) {
        return word.literal();
      }
    }
    return false;
  }

  /** The name a URL's file is saved under: the last part of its path, without a query. */
  private static String urlName(String url) {
    int scheme = url.indexOf("://");
    String rest = url.substring(scheme + 3);
    int cut = rest.length();
    for (char c : new char[] {'?', '#'}) {
      int at = rest.indexOf(c);
      if (at >= 0 && at < cut) {
        cut = at;
      }
    }
    rest = rest.substring(0, cut);
    int slash = rest.indexOf('/');
    if (slash < 0) {
      return ""; // the site's root: index.html
    }
    return rest.substring(rest.lastIndexOf('/') + 1);
  }

  /**
   * Whether a cluster of short options ends with the one that names the file saved, its value the
   * next word: curl's {@code -fsSLo file}, wget's {@code -qO file}. Only flags that take no value
   * may come before it, or the letter would be a value of theirs.
   */
  private static boolean savesClustered(String program, String word) {
    if (word.length() < 3 || word.charAt(0) != '-' || word.charAt(1) == '-') {
      return false;
    }
    char last = word.charAt(word.length() - 1);
    String flags =
        program.equals("wget")
            ? "qvcNSkrnpb46"
            : program.equals("curl") ? "fsSLkvigGNnqZjJlMOR" : "";
    if (last != (program.equals("wget") ? 'O' : 'o') || flags.isEmpty()) {
      return false;
    }
    for (int i = 1; i < word.length() - 1; i++) {
      if (flags.indexOf(word.charAt(i)) < 0) {
        return false;
      }
    }
    return true;
  }
}
