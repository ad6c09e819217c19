package io.github.providergateway.guard.shell.programs;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What inline code of any language reads that it may hand on: its standard input ({@code
 * sys.stdin}, {@code <STDIN>}, perl's {@code $_} of {@code -n}, {@code STDIN.read}, {@code
 * process.stdin}, {@code php://stdin}, {@code io.read}, {@code readLines("stdin")}), or a file it
 * opens for reading ({@code open('x')}, {@code File.binread}, {@code readFileSync}, {@code
 * Deno.readFile}, {@code Bun.file}, {@code file_get_contents}, {@code io.open}, {@code
 * upload_file}), its name a literal, a name given one, or the pattern a loop walks ({@code
 * Dir["exports/*.pdf"].each}, {@code glob.glob(…)}, {@code os.listdir(…)}).
 */
final class CodeInputs {
  private CodeInputs() {}

  /** The standard input, read. */
  private static final Pattern STDIN =
      Pattern.compile(
          "sys\\.stdin|<STDIN>|\\$_\\b|\\bSTDIN\\.read|\\$stdin\\.read|\\bARGF\\b"
              + "|process\\.stdin|readFileSync\\(\\s*(?:0|['\"]/dev/stdin['\"])|php://stdin"
              + "|\\bio\\.read\\(|io\\.stdin|file\\(\\s*['\"]stdin['\"]|readLines\\(\\s*['\"]stdin"
              + "|Deno\\.stdin|Bun\\.stdin");

  /** A call that reads a file its first argument names. */
  private static final Pattern READER =
      Pattern.compile(
          "(?:(?<![\\w.])open|File\\.(?:read|binread|open|readlines)|IO\\.(?:read|binread)"
              + "|readFileSync|readFile|createReadStream|Deno\\.readFile|Deno\\.readTextFile"
              + "|Bun\\.file|file_get_contents|fopen|io\\.open|io\\.lines|read_file|upload_file"
              + "|readLines|readBin|read_csv|read_excel|Path|path|slurp)\\s*\\(\\s*"
              + "(?:my\\s+\\$\\w+\\s*,\\s*['\"]<['\"]\\s*,\\s*)?"
              + "(\"(?:[^\"\\\\]|\\\\.)*\"|'[^']*'|[$]?[A-Za-z_][A-Za-z0-9_]*)");

  /** A call that lists files a pattern or a folder names, which a loop then walks. */
  private static final Pattern LISTING =
      Pattern.compile(
          "(?:Dir\\[|Dir\\.glob\\(|Dir\\.children\\(|Dir\\.entries\\(|glob\\.i?glob\\(|\\bglob\\("
              + "|\\.r?glob\\(|list\\.files\\(|readdirSync\\(|os\\.listdir\\(|os\\.scandir\\("
              + "|os\\.walk\\()\\s*(?:path\\s*=\\s*)?(\"(?:[^\"\\\\]|\\\\.)*\"|'[^']*')");

  /** An open mode that writes: {@code open(p, 'w')}. */
  private static final Pattern WRITE_MODE = Pattern.compile("^\\s*,\\s*['\"][wax]");

  /** {@return whether the code reads its standard input} */
  static boolean readsStdin(String code) {
    return STDIN.matcher(code).find();
  }

  /**
   * The file the code reads, as a path, or null: the first reader's literal, or the literal the
   * name it is given was assigned, or where the reader is given a loop's name, the loop's pattern.
   */
  static String file(String code, Map<String, String> assigned) {
    Matcher reader = READER.matcher(code);
    boolean variable = false;
    while (reader.find()) {
      String argument = reader.group(1);
      if (WRITE_MODE.matcher(code.substring(reader.end())).lookingAt()) {
        continue; // open(p, 'w'): written, not read
      }
      String path =
          argument.startsWith("'") || argument.startsWith("\"")
              ? argument.substring(1, argument.length() - 1)
              : assigned.get(argument);
      if (path == null) {
        variable = true;
      } else if (!path.contains("://") && !path.isBlank() && !path.startsWith("php:")) {
        return path;
      }
    }
    if (variable) {
      Matcher listing = LISTING.matcher(code);
      if (listing.find()) {
        String pattern = listing.group(1);
        pattern = pattern.substring(1, pattern.length() - 1);
        return pattern.contains("*") ? pattern : pattern.replaceAll("/*$", "") + "/*";
      }
    }
    return null;
  }
}
