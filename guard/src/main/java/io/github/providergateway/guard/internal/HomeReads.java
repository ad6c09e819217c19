package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Access.Kind;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The gateway's home read as a folder, not by its files' names (issue 75): a read that may reach a
 * token-bearing file without naming one is {@code guard.gateway-token}. A path whose known start is
 * in the home and whose rest the guard cannot read ({@code cat ~/.copilot/extensions/tap/$f}); a
 * reader fed the names a lister prints of the home ({@code find <home> | xargs cat}, {@code | cpio
 * -o}, {@code tar -T -}, {@code zip -@}); inline code that walks the home and reads what it finds
 * ({@code os.walk}, {@code copytree}, {@code fs.readdirSync} with {@code readFileSync}). The home's
 * logs and a plain listing stay readable ({@code ls}, {@code find <home>}, {@code os.listdir}).
 */
final class HomeReads {
  private static final BuiltinRule GATEWAY_TOKEN = RuleBook.rule("guard.gateway-token");

  private HomeReads() {}

  /** Programs that print the names of what a folder holds. */
  private static final Set<String> LISTERS =
      NameSet.of("find", "fd", "fdfind", "ls", "tree", "locate", "plocate");

  /** Programs that read, pack or copy the files whose names they are fed. */
  private static final Set<String> FED_READERS =
      NameSet.of("cpio", "afio", "pax", "tar", "bsdtar", "gtar", "zip", "rsync", "7z");

  /** What walks a folder in inline code. */
  private static final String[] WALKS = {
    "walk(",
    "rglob(",
    "glob(",
    "iterdir(",
    "listdir(",
    "scandir(",
    "readdir",
    "Dir.glob",
    "Dir[",
    "Dir.each",
    "Dir.children",
    "Find.find",
    "File::Find",
    "opendir",
    "find("
  };

  /** What reads a file's contents in inline code. */
  private static final String[] READS = {
    "open(",
    ".read",
    "readFile",
    "read_text",
    "read_bytes",
    "File.read",
    "IO.read",
    "copy",
    "file_get_contents",
    "slurp",
    "<$",
    "cat "
  };

  /** What copies or packs a whole folder in inline code. */
  private static final String[] TAKES_WHOLE = {
    "copytree(", "make_archive(", "cpSync(", "tarfile", "zipfile", "ZipFile", "Archive::", "cp_r("
  };

  /**
   * Scans the call's reads for the home reached without a name.
   *
   * @param scan the call's scan
   */
  static void scan(Scan scan) {
    List<Path> cwd = new ArrayList<>();
    cwd.add(scan.call().cwd());
    for (Access access : scan.accesses()) {
      if (access.kind() == Kind.READ && access.target().path() == null) {
        unknownRest(scan, access, cwd);
      }
    }
    Step lister = null;
    for (Step step : scan.steps()) {
      if (LISTERS.contains(step.program()) && listsTheHome(scan, step)) {
        lister = step;
        break;
      }
    }
    if (lister == null) {
      return;
    }
    for (Step step : scan.steps()) {
      if (step != lister && readsFedNames(step)) {
        scan.hit(GATEWAY_TOKEN, step, null);
        return;
      }
    }
  }

  /**
   * Whether inline code that names {@code target} walks it and reads what it finds, when it is the
   * gateway's home or a folder above it; records the hit.
   *
   * @param scan the call's scan
   * @param step the interpreter
   * @param code its code
   * @param target a path the code names
   */
  static void walked(Scan scan, Step step, String code, Target target) {
    if (target.path() == null || !holdsHome(scan, target.path())) {
      return;
    }
    if (CodeArguments.containsAny(code, TAKES_WHOLE)
        || CodeArguments.containsAny(code, WALKS) && CodeArguments.containsAny(code, READS)) {
      scan.hit(GATEWAY_TOKEN, new Access(Kind.READ, target, step.invocation()));
    }
  }

  /** {@code cat <home>/$f}: the known folder before what the guard cannot read is in the home. */
  private static void unknownRest(Scan scan, Access access, List<Path> cwd) {
    String raw = access.target().raw();
    int unknown = firstExpansion(raw);
    int slash = unknown < 0 ? -1 : raw.lastIndexOf('/', unknown);
    if (slash <= 0) {
      return;
    }
    for (Target folder : scan.places().resolve(Word.literal(raw.substring(0, slash)), cwd)) {
      Target real = folder.path() == null ? null : scan.realPaths().of(folder);
      if (folder.path() != null && reaches(scan, folder.path())
          || real != null && reaches(scan, real.path())) {
        scan.hit(GATEWAY_TOKEN, access);
        return;
      }
    }
  }

  private static int firstExpansion(String raw) {
    int dollar = raw.indexOf('$');
    int tick = raw.indexOf('`');
    return dollar < 0 ? tick : tick < 0 ? dollar : Math.min(dollar, tick);
  }

  /** Whether a folder whose files the guard cannot name may hold a token-bearing file. */
  private static boolean reaches(Scan scan, Path folder) {
    Path home = scan.places().gatewayHome();
    return folder.startsWith(home) && !folder.startsWith(home.resolve("logs"))
        || holdsHome(scan, folder);
  }

  /** The gateway's home, or a folder above it below the user's home ({@code ~/.copilot}). */
  private static boolean holdsHome(Scan scan, Path path) {
    Places places = scan.places();
    return path.equals(places.gatewayHome())
        || places.gatewayHome().startsWith(path)
            && path.startsWith(places.home())
            && !path.equals(places.home());
  }

  private static boolean listsTheHome(Scan scan, Step step) {
    for (Word word : step.args()) {
      if (word.text().startsWith("-")) {
        continue;
      }
      for (Target target : scan.targets(step, word)) {
        Path path = target.path();
        Target real = path == null ? null : scan.realPaths().of(target);
        if (path != null && reaches(scan, path) || real != null && reaches(scan, real.path())) {
          return true;
        }
      }
    }
    return false;
  }

  /** A reader of the names it is fed: through xargs, or told to read them on standard input. */
  private static boolean readsFedNames(Step step) {
    if (step.invocation().via().contains("xargs")) {
      return !LISTERS.contains(step.program()) && !step.program().equals("echo");
    }
    if (!FED_READERS.contains(step.program())) {
      return false;
    }
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String t = args.get(i).text();
      boolean stdin = i + 1 < args.size() && args.get(i + 1).text().equals("-");
      if (step.program().equals("cpio") && (t.startsWith("-o") || t.equals("--create"))
          || step.program().equals("afio") && t.startsWith("-o")
          || step.program().equals("pax") && t.startsWith("-w")
          || t.equals("-@")
          || (t.equals("-T") || t.equals("--files-from")) && stdin
          || t.equals("--files-from=-")
          || t.startsWith("-i@")) {
        return true;
      }
    }
    return false;
  }
}
