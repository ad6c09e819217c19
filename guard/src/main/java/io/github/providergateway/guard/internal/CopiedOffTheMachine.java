package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Data copied where it leaves the machine by itself: onto a removable drive, or into a folder a
 * sync client uploads.
 *
 * <p>A removable drive (decision 198, {@code out.records-to-removable-drive}): {@code rsync -av
 * host:/outbound/daily/ /media/user/KINGSTON/exports/}, {@code cp exports/*.csv
 * /run/media/me/USB/}, {@code tar -czf /media/me/USB/x.tgz records/}, {@code dd if=/dev/sda
 * of=/Volumes/T7/disk.img}. A stick leaves the building in a pocket and is lost unencrypted: what
 * is copied onto it has left the machine as surely as by {@code scp}. What is copied is data where
 * it is a folder, a file of records or an archive, or a whole disk; a build's output (firmware for
 * a board that mounts as a drive, an installer), a test's or made-up data, a file already on a
 * drive and a dry run are none.
 *
 * <p>A synced folder (decision 267, {@code out.records-to-synced-folder}): {@code pg_dump "$DB_URL"
 * > ~/OneDrive/backup.sql}, {@code cp exports/claims.csv ~/Dropbox/}, {@code vrctl export … | gzip
 * > ~/Dropbox/voters.csv.gz}. Dropbox, OneDrive, Google Drive, iCloud Drive, Box, MEGA, pCloud,
 * Nextcloud, ownCloud, Seafile and Syncthing's or Resilio's {@code ~/Sync} upload what lands in
 * their folder to the person's account, most often a personal one, within seconds: the data has
 * left as surely as by an upload. The same copies and archives count, and a redirection's file of
 * records, dump or archive.
 */
final class CopiedOffTheMachine {
  private CopiedOffTheMachine() {}

  /**
   * A removable drive's mount: {@code /media/USER/LABEL} (udisks on Debian and Ubuntu), {@code
   * /run/media/USER/LABEL} (Fedora, Arch), {@code /Volumes/LABEL} (macOS) but the system disk.
   */
  private static final Place DRIVE =
      new Place(
          Pattern.compile(
              "^(?:/media/[^/]+/[^/]+|/run/media/[^/]+/[^/]+|/Volumes/(?!Macintosh HD)[^/]+)"),
          new String[] {"/media/", "/run/media/", "/Volumes/"},
          false);

  /**
   * A folder a sync client uploads, in the home: its default name for each client ({@code Dropbox},
   * {@code Dropbox (Company)}, {@code OneDrive - Company}, {@code Google Drive}, macOS's {@code
   * Library/CloudStorage/…} and {@code Library/Mobile Documents}); and since decision 307 an rclone
   * remote named for such a drive or for the person ({@code gdrive:}, {@code dropbox:}, {@code
   * personal-gdrive:}), which is the same account reached without the client.
   */
  private static final Place SYNCED =
      new Place(
          Pattern.compile(
              "^(?:~|\\$HOME|\\$\\{HOME\\}|/home/[^/]+|/Users/[^/]+)/(?:Dropbox(?: \\([^)/]*\\))?"
                  + "|OneDrive(?: - [^/]+)?|Google Drive|GoogleDrive|My Drive|iCloud Drive|iCloudDrive"
                  + "|Library/Mobile Documents|Library/CloudStorage/[^/]+|Box|Box Sync|MEGA|MEGAsync"
                  + "|pCloudDrive|pCloud Drive|Nextcloud|ownCloud|Seafile|Sync|Yandex\\.Disk)(?:/|$)"
                  + "|^(?i:g-?drive|google-?drive|dropbox|one-?drive|mega|pcloud|icloud|box"
                  + "|personal|my-?drive)[A-Za-z0-9_-]*:"),
          new String[] {"~/", "$HOME/", "${HOME}/", "/home/", "/Users/"},
          true);

  /**
   * A place's pattern, with the texts a path at it starts with: a path starting with none (and, for
   * a place that may be a remote's, holding no {@code :}) is at no such place, with no matcher made
   * (every file a call writes is asked).
   *
   * @param pattern the place, anchored at a path's start
   * @param starts what each path its first alternative matches starts with
   * @param remote whether a path holding a {@code :} may match another alternative (a remote)
   */
  private record Place(Pattern pattern, String[] starts, boolean remote) {
    boolean holds(String path) {
      boolean may = remote && path.indexOf(':') >= 0;
      for (int i = 0; i < starts.length && !may; i++) {
        may = path.startsWith(starts[i]);
      }
      return may && pattern.matcher(path).find();
    }
  }

  /** A whole disk's device: what {@code dd} images whole. */
  private static final Pattern DISK = Pattern.compile("^/dev/(?:sd|nvme|mmcblk|disk|hd|vd)");

  /** rclone's commands that copy. */
  private static final Set<String> RCLONE_COPIES =
      Set.of("copy", "copyto", "sync", "move", "moveto");

  /**
   * The options a program is told the file to write its output to by ({@code --out
   * /media/me/KINGSTON/clients.xlsx}, {@code -o}): since decision 318 an export written straight
   * onto a drive or into a synced folder leaves as a copy there does.
   */
  private static final Set<String> OUTPUT_OPTIONS =
      Set.of(
          "-o",
          "--out",
          "--output",
          "--out-file",
          "--outfile",
          "--output-file",
          "--dest",
          "--destination",
          "--to-file");

  /** Programs whose output file is what they downloaded. */
  private static final Set<String> DOWNLOADERS = Set.of("curl", "wget", "aria2c", "yt-dlp");

  /**
   * Whether the step puts data onto a removable drive, as above, or writes a file of records, a
   * dump or an archive there (decision 318: a redirection, tee, an output option).
   */
  static boolean toRemovableDrive(Step step) {
    return copies(step, DRIVE) || writes(step, DRIVE);
  }

  /**
   * Whether the step puts data into a synced folder: as onto a drive, or by a redirection, tee or
   * an output option whose file is one of records, a dump or an archive.
   */
  static boolean toSyncedFolder(Step step) {
    return copies(step, SYNCED) || writes(step, SYNCED);
  }

  /** Whether the step's output goes to a file of records, a dump or an archive at the place. */
  private static boolean writes(Step step, Place place) {
    for (Redirect redirect : step.invocation().redirects()) {
      if (redirect.writes() && dataAt(place, redirect.target().text())) {
        return true;
      }
    }
    if (DOWNLOADERS.contains(step.program())) {
      return false; // what a download writes came from the network, not from this machine
    }
    List<Word> args = step.args();
    boolean tee = step.program().equals("tee");
    for (int i = 0; i < args.size(); i++) {
      String file = tee ? teeFile(args.get(i).text()) : optionFile(args, i);
      if (file != null && dataAt(place, file)) {
        return true;
      }
    }
    return false;
  }

  /** A file tee writes: its every operand. */
  private static String teeFile(String text) {
    return text.startsWith("-") ? null : text;
  }

  /** The file an output option at {@code i} names ({@code --out F}, {@code --out=F}), or null. */
  private static String optionFile(List<Word> args, int i) {
    String text = args.get(i).text();
    if (OUTPUT_OPTIONS.contains(text)) {
      return i + 1 < args.size() ? args.get(i + 1).text() : null;
    }
    int equals = text.indexOf('=');
    return equals > 0 && OUTPUT_OPTIONS.contains(text.substring(0, equals))
        ? text.substring(equals + 1)
        : null;
  }

  /** Whether a file written is one of records, a dump or an archive, at the place. */
  private static boolean dataAt(Place place, String file) {
    return at(place, file) && dataFile(file);
  }

  /** A file of records, a dump or an archive, not a build's output nor nobody's data. */
  private static boolean dataFile(String file) {
    return !RecordsCopiedOut.deployed(file)
        && !RecordsCopiedOut.nobodys(file)
        && (RecordsCopiedOut.records(file) || OutPredicates.ARCHIVE.matcher(file).find());
  }

  private static boolean copies(Step step, Place place) {
    return switch (step.program()) {
      case "cp", "mv", "rsync", "rclone" -> copier(step, place);
      case "tar", "bsdtar", "gtar", "zip", "7z" ->
          archiver(step, OutSpellings.archiveMade(step), place);
      case "dd" -> disk(step.args(), place);
      default -> false;
    };
  }

  private static boolean copier(Step step, Place place) {
    List<String> operands = new ArrayList<>();
    for (Word word : CopierOptions.operands(step)) {
      operands.add(word.text());
    }
    if (step.program().equals("rclone")) {
      if (operands.isEmpty() || !RCLONE_COPIES.contains(operands.get(0))) {
        return false;
      }
      operands = operands.subList(1, operands.size());
    }
    if (operands.size() < 2 || dryRun(step) || !at(place, operands.get(operands.size() - 1))) {
      return false;
    }
    if (place == DRIVE && DriveBackups.own(step, operands)) {
      return false; // the person's own folders onto their backup drive (decision 334)
    }
    for (String source : operands.subList(0, operands.size() - 1)) {
      if (!at(place, source) && data(step, source)) {
        return true;
      }
    }
    return false;
  }

  /** Whether an archiver writes its archive onto a drive with data among its members. */
  private static boolean archiver(Step step, String archive, Place place) {
    if (archive == null || !at(place, archive)) {
      return false;
    }
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (i == 0 && text.matches("[A-Za-z]+")) {
        continue; // tar's old cluster (czf), 7z's command (a)
      }
      if (!text.startsWith("-") && !text.equals(archive) && !at(place, text) && data(step, text)) {
        return true;
      }
    }
    return false;
  }

  /** dd of a whole disk or of data onto a drive ({@code of=}). */
  private static boolean disk(List<Word> args, Place place) {
    String in = null;
    String out = null;
    for (Word word : args) {
      String text = word.text();
      if (text.startsWith("if=")) {
        in = text.substring(3);
      } else if (text.startsWith("of=")) {
        out = text.substring(3);
      }
    }
    if (in == null || out == null || !at(place, out) || at(place, in)) {
      return false;
    }
    return PatternLiterals.finds(DISK, in) || dataFile(in);
  }

  private static boolean at(Place place, String path) {
    return place.holds(path);
  }

  /**
   * {@code --dry-run}, or rsync's and rclone's {@code -n} ({@link CopierOptions#dryRun}): nothing
   * is copied. Not {@link SharedActs#dryRun}, which reads rsync's {@code -h} (human-readable) as
   * help.
   */
  private static boolean dryRun(Step step) {
    for (Word word : step.args()) {
      if (word.text().equals("--dry-run")) {
        return true;
      }
    }
    return CopierOptions.dryRun(step);
  }

  /** Whether a source, here or on another machine, is data ({@link RecordsCopiedOut#data}). */
  private static boolean data(Step step, String source) {
    String path = Hosts.remote(source) == null ? source : source.substring(source.indexOf(':') + 1);
    return !PatternLiterals.finds(SHOWN, path) && RecordsCopiedOut.data(step, path);
  }

  /**
   * A folder of what is made to be shown, not records (decision 307, now that a personal drive's
   * remote is read): {@code results/figures/}, {@code plots}, {@code slides}, {@code docs}.
   */
  private static final Pattern SHOWN =
      Pattern.compile("(?i)(?:^|/)(?:figures?|figs|plots?|charts?|slides|docs?|site)/?$");
}
