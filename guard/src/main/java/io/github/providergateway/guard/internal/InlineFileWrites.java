package io.github.providergateway.guard.internal;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A file that inline code opens for writing, judged by its place as the shell's redirection to it
 * is (round 62): {@code open('/etc/hosts','w').write(…)} changes a system file as {@code echo … >
 * /etc/hosts} does ({@code fs.write-system}), and {@code open(p,'w').close()} over {@code
 * glob.glob('/data/cram/*.cram')} empties files outside the project as {@code : > FILE} does
 * ({@code fs.truncate-outside}). The path is a literal of the call, or a loop's name bound to a
 * literal by {@code for f in glob.glob('…')}; a path the code computes otherwise is outside this
 * reading.
 */
final class InlineFileWrites {
  private static final BuiltinRule WRITE_SYSTEM = RuleBook.rule("fs.write-system");
  private static final BuiltinRule TRUNCATE = RuleBook.rule("fs.truncate-outside");

  /**
   * An open for writing: python's and ruby's {@code open}/{@code File.open}/{@code io.open} with a
   * mode that writes, node's {@code writeFileSync}/{@code truncateSync}, python's {@code
   * os.truncate} and pathlib's {@code Path(…).write_text}; group 2 the literal path, group 3 a
   * name.
   */
  private static final Pattern WRITES =
      Pattern.compile(
          "(?:\\b(?:File\\.|io\\.)?open\\(\\s*(?:(['\"])([^'\"\\n]{1,512})\\1|([A-Za-z_]\\w{0,40}))"
              + "\\s*,\\s*(?:mode\\s*=\\s*)?['\"](?:w|wb|w\\+|wt|a|ab|a\\+|x|wb\\+)['\"]"
              + "|\\b(?:writeFileSync|truncateSync|truncate|write_text|write_bytes)\\(\\s*"
              + "(?:(['\"])([^'\"\\n]{1,512})\\4|([A-Za-z_]\\w{0,40})))");

  /** An open for writing closed at once, or a truncate: the file emptied. */
  private static final Pattern EMPTIES =
      Pattern.compile("^[^)]{0,80}\\)\\s*\\.close\\(\\)|^[^)]{0,40},\\s*(?:0|'')\\s*\\)");

  /** {@code for f in glob.glob('…')}, {@code for f in Path('…').glob(…)}: the loop's name. */
  private static final Pattern LOOP =
      Pattern.compile(
          "\\bfor\\s+([A-Za-z_]\\w{0,40})\\s+in\\s+(?:glob\\.)?i?glob\\(\\s*(['\"])([^'\"\\n]{1,512})\\2");

  private InlineFileWrites() {}

  /** Hits the rules each file the code opens for writing matches, by its place. */
  static void read(Scan scan, Step step, String code, boolean homeInCode) {
    if (code.indexOf("open(") < 0 && code.indexOf("runcate") < 0 && code.indexOf("write") < 0) {
      return;
    }
    Matcher writes = WRITES.matcher(code);
    while (writes.find()) {
      String literal = writes.group(2) != null ? writes.group(2) : writes.group(5);
      String name = writes.group(3) != null ? writes.group(3) : writes.group(6);
      if (literal == null) {
        literal = loopLiteral(code, name);
      }
      Target target = literal == null ? null : CodeArguments.path(scan, step, literal, homeInCode);
      if (target == null || target.path() == null) {
        continue;
      }
      boolean empties =
          writes.group().contains("runcate")
              || EMPTIES.matcher(code.substring(writes.end())).find();
      Place place = scan.places().classify(target);
      if (empties
          && (place == Place.ROOT
              || place == Place.SYSTEM
              || place == Place.HOME
              || place == Place.OUTSIDE)) {
        scan.hit(TRUNCATE, step, target);
      } else if (place == Place.ROOT
          || place == Place.SYSTEM
          || FilePlaces.inSystemFolder(target.path())) {
        scan.hit(WRITE_SYSTEM, step, target);
      }
    }
  }

  /** The literal a {@code for NAME in glob(…)} loop binds {@code name} to, or null. */
  private static String loopLiteral(String code, String name) {
    if (name == null) {
      return null;
    }
    Matcher loop = LOOP.matcher(code);
    while (loop.find()) {
      if (loop.group(1).equals(name)) {
        return loop.group(3);
      }
    }
    return null;
  }
}
