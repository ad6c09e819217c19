package io.github.providergateway.guard.internal;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A path that names a snapshot by its shape, whatever the system made it (issue 80, round 77: a
 * Synology's {@code /volume1/@sharesnap/Archive/GMT+01-2024.…} deleted one by one over ssh): a
 * folder of snapshots ({@code .snapshots}, {@code @sharesnap}, {@code .zfs/snapshot}, {@code
 * #snapshot}), a name that says snap as a word ({@code @snap-2024-01-01}, {@code home_snap}), or a
 * shadow copy's time name ({@code @GMT-2024.01.01-00.00.00}, {@code GMT+01-2024.03.05-02.00.00}),
 * the name Samba and Synology give previous versions. Ubuntu's {@code /snap} and {@code snapd}
 * packages are not snapshots.
 */
final class SnapshotNames {
  private SnapshotNames() {}

  /** A part that says snap or snapshot as a word of its own, or a share's snapshots. */
  private static final Pattern SNAP_WORD =
      Pattern.compile("(?:^|[^a-z])snap(?:s|shots?)?(?:[^a-z]|$)|snapshot|sharesnap");

  /** A shadow copy's time name: {@code @GMT-2024.01.01-…} or Synology's {@code GMT+01-2024.…}. */
  private static final Pattern SHADOW_COPY = Pattern.compile("^@?gmt(?:[+-]\\d{1,2})?-\\d{4}\\.");

  /**
   * Whether a path names a snapshot or a folder of them.
   *
   * @param path a program's operand
   * @return whether one of its parts is a snapshot's
   */
  static boolean named(String path) {
    if (path.length() > 512) {
      return false;
    }
    for (String part : path.toLowerCase(Locale.ROOT).split("/")) {
      if (part.equals("snap") || part.equals("snapd")) {
        continue; // Ubuntu's snap packages
      }
      if (SNAP_WORD.matcher(part).find() || SHADOW_COPY.matcher(part).find()) {
        return true;
      }
    }
    return false;
  }
}
