package io.github.providergateway.app.audit;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The files of a home's audit trail as {@code gateway audit verify} finds them: every {@code
 * audit.N.jsonl} in the folder, oldest (highest N) first, then {@code audit.jsonl}, and the numbers
 * missing between them (a rotated file removed from the middle); and the reading of one file, never
 * through a link.
 */
final class TrailFiles {

  private static final Pattern ROTATED = Pattern.compile("audit\\.([1-9][0-9]{0,5})\\.jsonl");

  private final List<Path> files = new ArrayList<>();

  /** The missing files' names, by the name of the file that comes after them. */
  private final Map<String, String> missingBefore = new LinkedHashMap<>();

  /** Whether lines name their file by its name alone (a home's), or by the path given. */
  private final boolean byName;

  private TrailFiles(boolean byName) {
    this.byName = byName;
  }

  /**
   * The trail in {@code dir}, a home's {@code logs/}.
   *
   * @throws IOException when the folder cannot be listed
   */
  static TrailFiles in(Path dir) throws IOException {
    TrailFiles trail = new TrailFiles(true);
    TreeSet<Integer> numbers = new TreeSet<>();
    try (DirectoryStream<Path> listed = Files.newDirectoryStream(dir, "audit.*.jsonl")) {
      for (Path file : listed) {
        Matcher rotated = ROTATED.matcher(file.getFileName().toString());
        if (rotated.matches()) {
          numbers.add(Integer.parseInt(rotated.group(1)));
        }
      }
    }
    String missing = null;
    for (int n : numbers.descendingSet()) {
      Path file = AuditFile.older(dir, n);
      if (missing != null) {
        trail.missingBefore.put(file.getFileName().toString(), missing);
        missing = null;
      }
      trail.files.add(file);
      if (n > 1 && !numbers.contains(n - 1)) {
        missing = AuditFile.older(dir, n - 1).getFileName().toString();
      }
    }
    Path current = AuditFile.current(dir);
    if (Files.exists(current, LinkOption.NOFOLLOW_LINKS)) {
      if (missing != null) {
        trail.missingBefore.put(current.getFileName().toString(), missing);
      }
      trail.files.add(current);
    }
    return trail;
  }

  /** {@return the given files, in the order given} */
  static TrailFiles of(List<Path> given) {
    TrailFiles trail = new TrailFiles(false);
    trail.files.addAll(given);
    return trail;
  }

  /** {@return the files, oldest first} */
  List<Path> files() {
    return List.copyOf(files);
  }

  /** {@return the names of files missing from the numbering, by the file that follows each} */
  Map<String, String> missingBefore() {
    return Map.copyOf(missingBefore);
  }

  /**
   * Every line of the files, oldest first.
   *
   * @throws IOException when a file cannot be read, is a link, is not regular or is too large
   */
  List<TrailLine> lines() throws IOException {
    List<TrailLine> lines = new ArrayList<>();
    for (Path file : files) {
      lines.addAll(
          TrailLine.of(byName ? file.getFileName().toString() : file.toString(), read(file)));
    }
    return lines;
  }

  /** {@code file}'s bytes, as {@link AuditFile#readBack} reads a trail's file. */
  static byte[] read(Path file) throws IOException {
    return AuditFile.readBack(file);
  }
}
