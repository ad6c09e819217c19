package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What the disks' rules of the book ask in code ({@code fs.mkfs}, {@code fs.wipefs}, {@code
 * fs.partition}, {@code fs.shred}): the disk a formatting or wiping program is given (a device, or
 * a file that is not the agent's own, is a disk to the guard), whether a partitioning program names
 * a device, the files shred is given that are neither a disk nor the agent's, and where rsync
 * deletes outside the project ({@code fs.rsync-delete}). The programs and options are the clauses'.
 */
final class DiskPredicates {
  private DiskPredicates() {}

  /** Adds the predicates that find paths under their names. */
  static void addPathsTo(Map<String, Where.Paths> named) {
    named.put("names-disk", (scan, step, read) -> disk(scan, step));
    named.put("shreds-others-files", (scan, step, read) -> shredded(scan, step));
    named.put(
        "rsync-deletes-outside",
        (scan, step, read) -> {
          List<Target> found = new ArrayList<>();
          for (Target target : DiskAndModeChanges.rsyncDeletesIn(scan, step)) {
            Place place = scan.places().classify(target);
            if (place == Place.OUTSIDE || place == Place.UNKNOWN) {
              found.add(target); // the root, a system folder, the home: their deletes' rules
            }
          }
          return found;
        });
  }

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("names-device", (scan, step, read) -> namesDevice(read.argv().positionals()));
    named.put(
        "rsync-wipes-remote",
        (scan, step, read) -> DiskAndModeChanges.rsyncWipesRemote(scan, step));
    named.put(
        "names-device-not-printed",
        (scan, step, read) ->
            !Argv.textAt(read.argv().positionals(), 1).equals("print")
                && namesDevice(read.argv().positionals()));
  }

  /**
   * mkfs, wipefs: the first of its arguments that is a device, or a file that is not the agent's.
   */
  private static List<Target> disk(Scan scan, Step step) {
    Argv argv = Argv.of(step.args(), "tLbCNOUEIcgGmoSTV", "type", "label");
    for (Word word : argv.positionals()) {
      for (Target target : scan.targets(step, word)) {
        if (Places.isDisk(target.path()) || !scan.places().ownedByAgent(target)) {
          return List.of(target);
        }
      }
    }
    return List.of();
  }

  /** shred's files that are neither a disk nor the agent's; none where xargs feeds it. */
  private static List<Target> shredded(Scan scan, Step step) {
    Argv argv = Argv.of(step.args(), "ns", "iterations", "size", "random-source");
    if (step.reachedBy("xargs") && argv.positionals().isEmpty()) {
      return List.of(); // the files it is fed are deletes (DiskAndModeChanges.shredFromInput)
    }
    List<Target> found = new ArrayList<>();
    for (Word word : argv.positionals()) {
      for (Target target : scan.targets(step, word)) {
        if (!Places.isDisk(target.path()) && !scan.places().ownedByAgent(target)) {
          found.add(target);
        }
      }
    }
    return found;
  }

  /** Whether a positional is a device ({@code /dev/sda}) or unknown till run time. */
  private static boolean namesDevice(List<Word> positionals) {
    for (Word word : positionals) {
      if (word.text().startsWith("/dev/") || !word.literal()) {
        return true;
      }
    }
    return false;
  }
}
