package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Invocation;
import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The person's own files destroyed or changed where they are (decision 331, {@code
 * home.own-files-changed}): a file of their documents, media, mail or an application's data store
 * ({@link PersonsPlaces}) removed, edited in place ({@code sed -i}, {@code perl -pi}, an editor's
 * script, the edit tool), emptied or written over ({@code >}, {@code tee}, {@code dd of=}, {@code
 * truncate}, {@code ffmpeg -y}), or one of their files copied or moved over another of theirs. The
 * photographer's sidecars removed, a catalog deleted, a client's lines taken out of the books, a
 * preview moved over the master: each was the only copy.
 *
 * <p>Not read here: reads, copies out, a file written there whole from elsewhere (the agent's new
 * output: {@code cp build/out.jpg ~/Pictures/Exports/}, the write tool), an append ({@code >>}), a
 * backup beside the file ({@code cp x x.bak}), a move into a folder, the trash's programs, and what
 * an application makes again (caches, thumbnails, locks).
 */
final class PersonsOwnFiles {
  private PersonsOwnFiles() {}

  /** The programs whose write to a file is an edit of it where it is (Accesses reads their -i). */
  private static final Set<String> IN_PLACE =
      NameSet.of(
          "sed",
          "gsed",
          "perl",
          "ruby",
          "sd",
          "ed",
          "ex",
          "vim",
          "vi",
          "nvim",
          "awk",
          "gawk",
          "yq",
          "tee",
          "sponge",
          "truncate",
          "dd");

  /** The programs that move a file: its old name is no loss. */
  private static final Set<String> MOVERS = NameSet.of("mv", "rename");

  /** gio's subcommands that keep what they take away: to the trash, or under a new name. */
  private static final Set<String> GIO_KEEPS = NameSet.of("trash", "move", "mv", "rename");

  /** An in-place editor's option that keeps the file as it was under a suffix. */
  private static final Pattern BACKUP_SUFFIX =
      Pattern.compile("^-[a-zA-Z]*i(?:\\.[\\w.~-]{1,20}|~)$|^--in-place=.");

  /** The programs that copy or move a file over a name. */
  private static final Set<String> OVER = NameSet.of("cp", "mv", "install", "rsync", "ln");

  /** A name that says the copy is a backup of the file it sits beside. */
  private static final Pattern BACKUP =
      Pattern.compile("(?i)(?:\\.(?:bak|orig|backup|old)|~|[._-](?:backup|copy)(?:\\.\\w{1,5})?)$");

  /**
   * Whether a file access changes one of the person's own files for good: the place {@code
   * persons-own-file-changed} of {@link FilePlaces}.
   *
   * @param scan the call
   * @param access the file, and what the call does to it
   * @return whether it does
   */
  static boolean changed(Scan scan, Access access) {
    Path path = access.target().path();
    if (path == null || !access.changes() || access.metadataOnly()) {
      return false;
    }
    Place place = scan.place(access.target());
    if (place == Place.INSIDE || place == Place.TEMP || place == Place.PROJECT) {
      return false;
    }
    Path home = scan.places().home();
    if (!PersonsPlaces.holds(home, path.normalize())
        && !PersonsPlaces.appStore(home, path.normalize())) { // ~/HerdPro/herd.db (round 75)
      return false;
    }
    Invocation invocation = access.invocation();
    if (invocation == null) {
      // The file tools: an edit is a change where the file is; a write may be a new file.
      String old = EditCalls.text(scan.call().args(), "old_string", "old_str");
      return scan.call().tool().equals("edit") && old != null && !old.isEmpty();
    }
    String program = invocation.program();
    if (access.kind() == Access.Kind.DELETE) {
      return !MOVERS.contains(program) && !(program.equals("gio") && keptByGio(invocation));
    }
    if (keepsBackup(invocation)) {
      return false; // sed -i.bak, perl -pi.orig: the file as it was is kept beside it
    }
    if (emptiedBy(invocation, access.target().raw())) {
      return true;
    }
    if (IN_PLACE.contains(program)) {
      return true;
    }
    return OVER.contains(program) && overAnother(home, invocation, access.target());
  }

  private static boolean keptByGio(Invocation invocation) {
    List<String> args = invocation.args();
    return !args.isEmpty() && GIO_KEEPS.contains(args.get(0));
  }

  private static boolean keepsBackup(Invocation invocation) {
    List<String> args = invocation.args();
    for (int i = 0; i < args.size(); i++) {
      if (PatternLiterals.finds(BACKUP_SUFFIX, args.get(i))) {
        return true;
      }
    }
    return false;
  }

  /** Whether a {@code >} (not {@code >>}) of the program writes the file from its start. */
  private static boolean emptiedBy(Invocation invocation, String raw) {
    List<Redirect> redirects = invocation.redirects();
    for (int i = 0; i < redirects.size(); i++) {
      Redirect redirect = redirects.get(i);
      String op = redirect.operator();
      if ((op.equals(">") || op.equals(">|") || op.equals("&>"))
          && redirect.target().text().equals(raw)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a copy or a move puts one of the person's files over a named file of theirs: the name
   * is a file's (it has an ending), not a backup's, and a source is the person's too.
   */
  private static boolean overAnother(Path home, Invocation invocation, Target target) {
    String name = target.name();
    if (target.raw().endsWith("/")
        || name.indexOf('.') <= 0
        || PatternLiterals.finds(BACKUP, name)) {
      return false;
    }
    List<String> args = invocation.args();
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      if (!arg.startsWith("-")
          && !arg.equals(target.raw())
          && PersonsPlaces.holdsWritten(home, arg)) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@code ffmpeg -y} told to write over its output without asking, the output one of the person's
   * files ({@code ffmpeg -y -i preview.mp4 -c copy ~/Videos/Exports/Master.mov}).
   *
   * @param scan the call
   * @param step the program
   * @return whether it does
   */
  static boolean overwrittenByForce(Scan scan, Step step) {
    List<Word> args = step.args();
    boolean forced = false;
    for (int i = 0; i < args.size(); i++) {
      forced |= args.get(i).text().equals("-y");
    }
    if (!forced || args.isEmpty()) {
      return false;
    }
    Word output = args.get(args.size() - 1);
    if (output.text().startsWith("-")) {
      return false;
    }
    for (Target target : scan.targets(step, output)) {
      Place place = scan.place(target);
      if (target.path() != null
          && place != Place.INSIDE
          && place != Place.TEMP
          && PersonsPlaces.holds(scan.places().home(), target.path().normalize())) {
        return true;
      }
    }
    return false;
  }
}
