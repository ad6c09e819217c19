package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Folders the call itself mounts another machine's or a cloud's storage on (decision 318): {@code
 * rclone mount b2:offsite /tmp/off --daemon && rm -rf /tmp/off/masters} deletes the offsite copy,
 * not a scratch folder, though its path is under {@code /tmp}. A delete there is read as one
 * outside the project and the temporary folders.
 */
final class MountedHere {
  private MountedHere() {}

  /** The programs that mount a remote's storage on a folder given last: source, then folder. */
  private static final Set<String> MOUNTERS =
      Set.of("sshfs", "s3fs", "gcsfuse", "goofys", "mount.cifs", "mount.nfs", "mount.davfs");

  /**
   * {@return the place of a target, {@link Place#OUTSIDE} where it is a temporary folder's but
   * under a folder this call mounts}
   *
   * @param scan the call
   * @param target the target
   */
  static Place of(Scan scan, Target target) {
    Place place = scan.places().classify(target);
    return place == Place.TEMP && under(scan, target.path()) ? Place.OUTSIDE : place;
  }

  /** Whether the path is a folder this call mounts, or under one. */
  static boolean under(Scan scan, Path path) {
    if (path == null) {
      return false;
    }
    for (Step step : scan.steps()) {
      Word folder = mountPoint(step);
      if (folder == null) {
        continue;
      }
      for (Target mounted : scan.targets(step, folder)) {
        if (mounted.path() != null && path.startsWith(mounted.path())) {
          return true;
        }
      }
    }
    return false;
  }

  /** The folder a step mounts a remote on, or {@code null}. */
  private static Word mountPoint(Step step) {
    String program = step.program();
    boolean rclone = program.equals("rclone") || program.equals("rclone-mount");
    if (!rclone && !MOUNTERS.contains(program) && !program.equals("mount")) {
      return null;
    }
    List<Word> operands = new ArrayList<>();
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text.startsWith("-")) {
        if ((text.equals("-o") || text.equals("-t")) && i + 1 < args.size()) {
          i++; // mount -t cifs, sshfs -o reconnect: a value, not an operand
        }
        continue;
      }
      operands.add(args.get(i));
    }
    if (rclone) {
      if (operands.isEmpty() || !operands.get(0).text().equals("mount")) {
        return null;
      }
      operands = operands.subList(1, operands.size());
    }
    if (operands.size() < 2) {
      return null;
    }
    String source = operands.get(0).text();
    boolean remote = source.indexOf(':') > 0 || source.startsWith("//");
    return remote ? operands.get(1) : null;
  }
}
