package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where the {@code copies} rules read the media and streams a copy lives on (issue 80 round 7,
 * decision 117): a tape written over (tar's, cpio's, dd's or a redirection's target a tape drive,
 * or a name linked to one in the same command), a snapshot's stream sent to an address outside the
 * private ranges, a bucket's copies rewritten into an archive class in place, a restore aimed at
 * where live data is, a prune that keeps less than a day.
 */
final class CopiesMedia {
  private CopiesMedia() {}

  /** The programs that carry a stream to another machine. */
  private static final Set<String> STREAM_SENDERS =
      NameSet.of("mbuffer", "nc", "ncat", "netcat", "socat", "curl", "pv", "rclone", "wget", "ssh");

  /** A host named by an address outside the private and loopback ranges. */
  private static final Pattern PUBLIC_ADDRESS =
      Pattern.compile("(?<![\\d.])(\\d{1,3})\\.(\\d{1,3})\\.\\d{1,3}\\.\\d{1,3}(?![\\d.])");

  /** Services that take a file from anyone. */
  private static final Pattern DROP_SERVICES =
      Pattern.compile(
          "(?i)transfer\\.sh|file\\.io|0x0\\.st|bashupload|ngrok|oshi\\.at|temp\\.sh|pastebin"
              + "|webhook\\.site|requestbin|pipedream|serveo|localtunnel|termbin");

  /**
   * Whether a program carries a snapshot's stream ({@code zfs send}, {@code btrfs send}, {@code rbd
   * export}) made in the same command to an address outside the private ranges or a drop service.
   */
  static boolean streamLeaves(Scan scan, Step step) {
    if (!STREAM_SENDERS.contains(step.program())) {
      return false;
    }
    boolean stream = false;
    for (Step other : scan.steps()) {
      if (other == step) {
        break;
      }
      List<String> args = other.invocation().args();
      String first = args.isEmpty() ? "" : args.get(0);
      stream |=
          (other.program().equals("zfs") || other.program().equals("btrfs"))
                  && first.equals("send")
                  && !args.contains("-n")
                  && !args.contains("--dryrun")
                  && !args.contains("-nv")
                  && !args.contains("-nvP")
              || other.program().equals("rbd") && first.startsWith("export");
    }
    if (!stream) {
      return false;
    }
    for (String arg : step.invocation().args()) {
      if (PatternLiterals.finds(DROP_SERVICES, arg)) {
        return true;
      }
      Matcher m = PatternLiterals.matcher(PUBLIC_ADDRESS, arg);
      while (m.find()) {
        int a = Integer.parseInt(m.group(1));
        int b = Integer.parseInt(m.group(2));
        boolean own =
            a == 10 || a == 127 || a == 192 && b == 168 || a == 172 && b >= 16 && b <= 31 || a == 0;
        if (!own) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * {@code aws s3 cp|mv|sync s3://b/… s3://b/… --storage-class DEEP_ARCHIVE|GLACIER}: a bucket's
   * objects rewritten in place to a class that takes hours to read back.
   */
  static boolean colderInPlace(Step step) {
    List<String> args = step.invocation().args();
    String bucket = null;
    boolean same = false;
    boolean colder = false;
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      if (a.startsWith("s3://") || a.startsWith("gs://")) {
        String b = a.substring(5).split("/", 2)[0];
        same |= b.equals(bucket);
        bucket = b;
      }
      String value =
          a.startsWith("--storage-class=") || a.startsWith("-s=")
              ? a.substring(a.indexOf('=') + 1)
              : (a.equals("--storage-class") || a.equals("-s")) && i + 1 < args.size()
                  ? args.get(i + 1)
                  : "";
      String v = value.toUpperCase(Locale.ROOT);
      colder |=
          v.equals("DEEP_ARCHIVE")
              || v.equals("GLACIER")
              || v.equals("ARCHIVE")
              || v.equals("COLDLINE");
    }
    return (same || step.program().equals("gsutil") && args.contains("rewrite")) && colder;
  }

  /** A restore's target that is where the system's data lives. */
  private static final Pattern LIVE_TARGET =
      Pattern.compile(
          "^(?:/|/srv(?:/.*)?|/var(?:/lib(?:/.*)?)?|/home(?:/.*)?|/etc(?:/.*)?|/opt(?:/.*)?|/data(?:/.*)?)$");

  /**
   * {@code restic restore … --target /}, {@code --target /srv/…}; {@code wal-g backup-fetch} into a
   * live data folder; {@code borg extract} run in {@code /} or a live folder: a restore over live
   * data.
   */
  static boolean restoresOverLive(Step step) {
    List<String> args = step.invocation().args();
    if (step.program().equals("wal-g")) {
      for (String a : args) {
        if (!a.startsWith("-") && PatternLiterals.matches(LIVE_TARGET, a) && !a.equals("/")) {
          return true;
        }
      }
    }
    if (step.program().equals("borg") || step.program().equals("borgmatic")) {
      for (java.nio.file.Path cwd : step.cwds()) {
        if (PatternLiterals.matches(LIVE_TARGET, cwd.toString())) {
          return true;
        }
      }
    }
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      String target =
          a.startsWith("--target=")
              ? a.substring(9)
              : (a.equals("--target") || a.equals("-t")) && i + 1 < args.size()
                  ? args.get(i + 1)
                  : null;
      if (target != null && PatternLiterals.matches(LIVE_TARGET, target)) {
        return true;
      }
    }
    return false;
  }

  /**
   * A prune or forget that keeps only what is younger than a day ({@code --keep-within 1h}, {@code
   * --keep-within=2h30m}, borg's {@code 12H}), or younger than a week with nothing kept by another
   * rule ({@code --keep-within 2d}): every older backup goes.
   */
  static boolean keepsHours(List<String> args) {
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      String value =
          a.startsWith("--keep-within=")
              ? a.substring(14)
              : (a.equals("--keep-within")
                          || a.equals("--remove-older-than")
                          || a.equals("remove-older-than"))
                      && i + 1 < args.size()
                  ? args.get(i + 1)
                  : a.startsWith("--remove-older-than=") ? a.substring(20) : null;
      if (value != null && value.matches("(?:\\d{1,3}[hHmMsS])+|[01][dD]|0|now")) {
        return true;
      }
      if (value != null && value.matches("[2-6][dD]") && !keepsOtherwise(args)) {
        return true; // a few days of history and nothing kept beyond them
      }
    }
    return false;
  }

  /** Whether a retention keeps snapshots by another rule too: a daily, weekly, last or tag keep. */
  private static boolean keepsOtherwise(List<String> args) {
    for (String a : args) {
      if (a.startsWith("--keep-") && !a.startsWith("--keep-within")) {
        return true;
      }
    }
    return false;
  }

  /**
   * A retention that keeps one backup at most: borg's, restic's, kopia's {@code --keep-*} counts
   * adding up to one ({@code ProductionPredicates.keepsOneBackup}), vzdump's {@code --maxfiles 1}
   * or {@code --prune-backups keep-last=1}.
   */
  static boolean keepsOne(List<String> args) {
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      String next = i + 1 < args.size() ? args.get(i + 1) : "";
      if ((a.equals("--maxfiles") || a.equals("--keep-last") || a.equals("--rotation"))
              && (next.equals("1") || next.equals("0"))
          || a.equals("--maxfiles=1")
          || a.equals("-keep") && next.matches("0:[01]") // duplicacy: none older than a day
          || a.equals("--prune-backups") && next.matches("keep-last=[01]")
          || a.matches("--prune-backups=keep-last=[01]")) {
        return true;
      }
    }
    return ProductionPredicates.keepsOneBackup(args);
  }

  /**
   * A restic {@code forget} handed snapshots by their IDs (or {@code latest}) with no keep policy:
   * those snapshots deleted.
   */
  static boolean forgetsNamed(List<String> args) {
    boolean named = false;
    for (String a : args) {
      if (a.startsWith("--keep") || a.equals("--dry-run") || a.equals("-n")) {
        return false;
      }
      named |= a.matches("[0-9a-f]{8,64}") || a.equals("latest");
    }
    return named;
  }

  /**
   * A tape drive's device: {@code /dev/st0}, {@code /dev/nst1}, {@code /dev/nsa0}, {@code
   * /dev/rmt/0n}.
   */
  private static final Pattern TAPE =
      Pattern.compile(
          "^/dev/(?:n?st\\d{1,3}[lmau]?|n?sa\\d{1,3}|rmt/\\w{1,8}|tape/[\\w./-]{1,100})$");

  /**
   * Whether a program writes to a tape (which overwrites it from where it stands, the start after a
   * rewind): tar's, cpio's or dump's archive file, dd's {@code of=}, a redirection; a name linked
   * to a tape in the same command counts as the tape.
   */
  static boolean writesTape(Scan scan, Step step) {
    Set<String> tapes = null;
    for (Step other : scan.steps()) {
      if (other.program().equals("ln")) {
        List<String> args = other.invocation().args();
        String source = null;
        for (String a : args) {
          if (a.startsWith("-")) {
            continue;
          }
          if (source == null) {
            source = a;
          } else if (PatternLiterals.matches(TAPE, source)) {
            if (tapes == null) {
              tapes = new HashSet<>();
            }
            tapes.add(a);
          }
        }
      }
    }
    for (Redirect redirect : step.invocation().redirects()) {
      if (redirect.writes() && isTape(redirect.target().text(), tapes)) {
        return true;
      }
    }
    List<String> args = step.invocation().args();
    String program = step.program();
    boolean creates = false;
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      if (a.startsWith("of=") && isTape(a.substring(3), tapes)) {
        return true;
      }
      boolean archiver =
          program.equals("tar")
              || program.equals("gtar")
              || program.equals("bsdtar")
              || program.equals("star")
              || program.equals("pax");
      if (archiver
          && (a.matches("-?[A-Za-z]{0,8}[cru][A-Za-z]{0,8}") && !a.startsWith("--")
              || a.equals("--create")
              || a.equals("--append")
              || a.equals("--update"))) {
        creates = true;
      }
      if ((program.equals("cpio") && (a.equals("-o") || a.startsWith("-o") || a.equals("--create")))
          || program.endsWith("dump")) {
        creates = true;
      }
      String file =
          a.startsWith("--file=")
              ? a.substring(7)
              : (a.equals("-f") || a.equals("--file") || a.equals("-O") || a.equals("-F"))
                      && i + 1 < args.size()
                  ? args.get(i + 1)
                  : (a.endsWith("f") && PatternLiterals.matches(SHORT_F, a)
                              || i == 0
                                  && archiver
                                  && a.endsWith("f")
                                  && PatternLiterals.matches(BARE_F, a))
                          && i + 1 < args.size()
                      ? args.get(i + 1)
                      : null;
      if (file != null && isTape(file, tapes) && creates) {
        return true;
      }
    }
    return false;
  }

  /** Short options ending in the archive's file option ({@code -cvf}); compiled once. */
  private static final Pattern SHORT_F = Pattern.compile("-[A-Za-z]{0,8}f");

  /** An archiver's first word of letters ending in {@code f} ({@code tar cvf}); compiled once. */
  private static final Pattern BARE_F = Pattern.compile("[A-Za-z]{0,8}f");

  private static boolean isTape(String path, Set<String> tapes) {
    return PatternLiterals.matches(TAPE, path) || tapes != null && tapes.contains(path);
  }
}
