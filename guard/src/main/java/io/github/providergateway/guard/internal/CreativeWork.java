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
 * A person's own creative work destroyed or moved away (session 17, round 74's musician): a
 * conversion written back over the originals it read (a loop over {@code ~/Music/Masters/*.wav}
 * whose temporary output is moved over {@code "$f"}), a project file of a DAW or an editor written
 * whole by the write tool or an edit given its whole content (a Reaper project left with its
 * header), the work's folder moved into a temporary folder by a file tool, and a make target that
 * cleans a folder the call points at the person's own ({@code make clean-cache
 * CACHE_DIR=$HOME/Samples}). Each was the only copy.
 *
 * <p>Not read here: a conversion written beside the original under a new name, a project file in
 * the project or a temporary folder, a move within temporary folders, {@code make clean} of the
 * project's own folders.
 */
final class CreativeWork {
  private CreativeWork() {}

  /** A {@code for} loop over a list, and what its body does, up to its {@code done}. */
  private static final Pattern LOOP =
      Pattern.compile(
          "\\bfor\\s+(\\w{1,30})\\s+in\\s+([^;\\n]{1,500})[;\\n]\\s*do\\b(.{0,2000}?)\\bdone\\b");

  /** The programs that put a file over a name. */
  private static final Set<String> OVER = NameSet.of("mv", "cp", "install", "rsync", "gmv", "gcp");

  /** The endings of the project files of DAWs, video, image, 3D, score and layout editors. */
  private static final Set<String> PROJECTS =
      Set.of(
          "als",
          "alp",
          "rpp",
          "ardour",
          "flp",
          "logicx",
          "band",
          "cpr",
          "npr",
          "ptx",
          "ptf",
          "song",
          "bwproject",
          "dawproject",
          "aup3",
          "aup",
          "mmpz",
          "mscz",
          "sib",
          "musx",
          "dorico",
          "kdenlive",
          "mlt",
          "prproj",
          "drp",
          "veg",
          "aep",
          "fcpbundle",
          "osp",
          "blend",
          "kra",
          "xcf",
          "psd",
          "afphoto",
          "afdesign",
          "clip",
          "ora",
          "sla",
          "indd",
          "rpp-bak");

  /** The make targets that remove what a folder holds. */
  private static final Pattern CLEANS =
      Pattern.compile(
          "(?i)^(?:[\\w.-]*[-_])?(?:clean|distclean|purge|wipe|prune|clear|reset)(?:[-_][\\w.-]*)?$");

  /** The last names of a folder a clean may take: what a build or an application makes again. */
  private static final Set<String> REMADE =
      NameSet.of("build", "dist", "out", "target", "tmp", "cache", "node_modules", "obj", "bin");

  /**
   * Where a loop over the person's files puts another file over each ({@code mv /tmp/conv.wav
   * "$f"}), or a program puts a file over one of theirs another program of the call read: the
   * original converted and written back.
   *
   * @param scan the call
   * @return the file written back, or {@code null}
   */
  static String writtenBack(Scan scan) {
    String source = scan.source();
    Path home = scan.places().home();
    if (source != null && source.length() < 20_000) {
      Matcher loop = LOOP.matcher(source);
      while (loop.find()) {
        if (ownList(home, loop.group(2))
            && Pattern.compile(
                    "\\b(?:mv|cp|install)\\s+(?:-\\w+\\s+)*\\S+\\s+\"?\\$\\{?"
                        + loop.group(1)
                        + "\\}?\"?\\s*(?:;|&&|\\||$)")
                .matcher(loop.group(3))
                .find()) {
          return loop.group(2).strip();
        }
      }
    }
    List<Step> steps = scan.steps();
    for (int i = 1; i < steps.size(); i++) {
      Step step = steps.get(i);
      List<Word> args = step.args();
      if (!OVER.contains(step.program()) || args.size() < 2) {
        continue;
      }
      String over = args.get(args.size() - 1).text();
      if (over.indexOf('.') > 0
          && PersonsPlaces.holdsWritten(home, over)
          && readBefore(steps, i, over)) {
        return over;
      }
    }
    return null;
  }

  private static boolean ownList(Path home, String list) {
    for (String word : list.strip().split("\\s+")) {
      if (PersonsPlaces.holdsWritten(home, word.replace("\"", "").replace("'", ""))) {
        return true;
      }
    }
    return false;
  }

  private static boolean readBefore(List<Step> steps, int at, String file) {
    for (int i = 0; i < at; i++) {
      for (Word word : steps.get(i).args()) {
        if (word.text().equals(file)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * A file tool's write of a whole DAW's or an editor's project file in the person's home, outside
   * the project and temporary folders: what the application saved is replaced by what the call
   * holds.
   *
   * @param scan the call
   * @return the project file, or {@code null}
   */
  static String projectWritten(Scan scan) {
    String tool = scan.call().tool();
    JsonNode args = scan.call().args();
    boolean whole =
        tool.equals("edit")
            && EditCalls.text(args, "content") != null
            && EditCalls.text(args, "old_string", "old_str") == null;
    if (!whole
        && !tool.equals("write")
        && !tool.endsWith("write_file")
        && !tool.endsWith("create_file")) {
      return null;
    }
    String path = EditCalls.text(args, "path", "file_path");
    if (path == null || path.length() > 1000 || !path.startsWith("/")) {
      return null;
    }
    int dot = path.lastIndexOf('.');
    if (dot < 0 || !PROJECTS.contains(path.substring(dot + 1).toLowerCase(Locale.ROOT))) {
      return null;
    }
    return inHomeOutsideWork(scan, Path.of(path).normalize()) ? path : null;
  }

  /**
   * A file tool's move of the person's own files or folders into a temporary folder, cleared at the
   * next boot.
   *
   * @param scan the call
   * @return the files moved, or {@code null}
   */
  static String movedAway(Scan scan) {
    String tool = scan.call().tool();
    if (!tool.endsWith("move_file") && !tool.equals("move") && !tool.endsWith("__move")) {
      return null;
    }
    JsonNode args = scan.call().args();
    String from = EditCalls.text(args, "source", "src", "from", "source_path");
    String to = EditCalls.text(args, "destination", "dest", "to", "target", "destination_path");
    if (from == null || to == null || !to.startsWith("/") || to.length() > 1000) {
      return null;
    }
    Path home = scan.places().home();
    return PersonsPlaces.holdsWritten(home, from)
            && (scan.places().inTempFolder(Path.of(to).normalize())
                || to.matches("/(?:var/tmp|dev/shm|tmp)(?:/.*)?"))
        ? from
        : null;
  }

  /**
   * A make target that cleans ({@code clean-cache}, {@code purge}) given a folder of the person's
   * home as a variable ({@code CACHE_DIR=$HOME/Samples}): the recipe removes what the folder holds.
   *
   * @param scan the call
   * @param step make
   * @return whether it does
   */
  static boolean makeCleansOwnFolder(Scan scan, Step step) {
    boolean cleans = false;
    String folder = null;
    for (Word word : step.args()) {
      String text = word.text();
      int eq = text.indexOf('=');
      if (text.startsWith("-")) {
        continue;
      }
      if (eq > 0 && text.substring(0, eq).matches("\\w+")) {
        String value = text.substring(eq + 1);
        folder = ownFolder(scan, value) ? value : folder;
      } else {
        cleans |= CLEANS.matcher(text).matches();
      }
    }
    return cleans && folder != null;
  }

  private static boolean ownFolder(Scan scan, String value) {
    String text = value.replaceAll("/+$", "");
    String below;
    if (text.startsWith("~/") || text.startsWith("$HOME/") || text.startsWith("${HOME}/")) {
      below = text.substring(text.indexOf('/') + 1);
    } else if (text.startsWith("/") && text.length() < 1000) {
      Path path = Path.of(text).normalize();
      if (!inHomeOutsideWork(scan, path)) {
        return false;
      }
      below = path.subpath(homeOf(scan, path).getNameCount(), path.getNameCount()).toString();
    } else {
      return false;
    }
    String last = below.substring(below.lastIndexOf('/') + 1);
    return !below.isEmpty() && !below.startsWith(".") && !REMADE.contains(last);
  }

  /**
   * Whether a path is below a home (the call's, or another's under /home or /Users), outside the
   * project and temporary folders.
   */
  private static boolean inHomeOutsideWork(Scan scan, Path path) {
    Places places = scan.places();
    Path project = places.project();
    return homeOf(scan, path) != null
        && (project == null || !path.startsWith(project))
        && !places.inTempFolder(path);
  }

  /** The home a path is below, or {@code null}. */
  private static Path homeOf(Scan scan, Path path) {
    Path home = scan.places().home();
    if (home != null && path.startsWith(home) && !path.equals(home)) {
      return home;
    }
    String root = path.getNameCount() > 2 ? path.getName(0).toString() : "";
    return root.equals("home") || root.equals("Users")
        ? path.getRoot().resolve(path.subpath(0, 2))
        : null;
  }
}
