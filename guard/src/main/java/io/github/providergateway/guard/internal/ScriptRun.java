package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Set;

/**
 * Where the script or module an interpreter runs begins among its words (decision 168, the red team
 * of decisions 162–166): after the interpreter's own options ({@code python3 -u scripts/x.py},
 * {@code python -X utf8 -m tools.x}, {@code node --env-file=.env scripts/x.mjs}) and a runner's
 * {@code run} ({@code bun run scripts/x.ts}). A script is a file of a language the guard reads
 * ({@code .py}, {@code .js}, {@code .sh}…) or a path in a folder with no extension ({@code python3
 * bin/hlops}); code given inline ({@code -c}, {@code -e}) or on the input is none.
 */
final class ScriptRun {
  private ScriptRun() {}

  /**
   * Programs that run the script file given first though the guard does not read them as
   * interpreters (they compile TypeScript first): {@code npx tsx scripts/payouts.ts release}.
   */
  static final Set<String> RUNNERS =
      NameSet.of("tsx", "ts-node", "ts-node-esm", "esno", "esrun", "vite-node");

  /**
   * Whether {@code step} runs a script it is given: an interpreter, one of {@link #RUNNERS}, or a
   * toolchain's run of the project's own program ({@code go run ./cmd/posync --mode live}: the
   * project's command, as {@code ./bin/posync --mode live} is; round 62).
   */
  static boolean runs(Step step) {
    return step.interpreter() || RUNNERS.contains(step.program()) || goRun(step);
  }

  /** {@code go run PACKAGE ARGS}: the package is the project's program, ARGS its words. */
  private static boolean goRun(Step step) {
    List<Word> args = step.args();
    return step.program().equals("go") && !args.isEmpty() && args.get(0).text().equals("run");
  }

  /** The interpreters' options that take the next word as their value. */
  private static final Set<String> VALUED =
      NameSet.of(
          "-W",
          "-X",
          "-r",
          "--require",
          "--import",
          "--loader",
          "--experimental-loader",
          "-C",
          "--conditions",
          "-I",
          "-d",
          "--env-file",
          "--tsconfig",
          "-P",
          "--project");

  /** The options after which the code is inline, or comes on the input: no script. */
  private static final Set<String> INLINE = NameSet.of("-c", "-e", "--eval", "-p", "--print", "-");

  /** The extensions of the scripts the guard reads as a program's. */
  private static final Set<String> SCRIPTS =
      NameSet.of("py", "js", "mjs", "cjs", "ts", "mts", "rb", "php", "pl", "sh", "bash", "go");

  /**
   * {@return the index in {@code args} of the script, or of {@code -m}, after the interpreter's own
   * options; -1 when there is none}
   */
  static int start(List<Word> args) {
    int i = 0;
    while (i < args.size() && i < 8) {
      String text = args.get(i).text();
      if (text.equals("-m")) {
        return i + 1 < args.size() ? i : -1;
      }
      if (INLINE.contains(text) || inlineCluster(text)) {
        return -1;
      }
      if (text.equals("--")) {
        i++;
        break;
      }
      if (!text.startsWith("-")) {
        break;
      }
      i += VALUED.contains(text) && i + 1 < args.size() ? 2 : 1;
    }
    if (i < args.size() && args.get(i).text().equals("run") && i + 1 < args.size()) {
      i++; // bun run scripts/x.ts, deno run -A scripts/x.ts
      while (i < args.size() && args.get(i).text().startsWith("-")) {
        i++;
      }
    }
    return i < args.size() && script(args.get(i).text()) ? i : -1;
  }

  /**
   * Short options run together that end in inline code: {@code bash -lc '…'}, {@code perl -ne '…'}.
   */
  private static boolean inlineCluster(String text) {
    if (text.length() < 3 || text.length() > 5 || text.charAt(1) == '-') {
      return false;
    }
    for (int i = 1; i < text.length(); i++) {
      if (!Character.isLetter(text.charAt(i))) {
        return false;
      }
    }
    return text.indexOf('c') > 0 || text.indexOf('e') > 0;
  }

  /** A script's file: of a language read here, or a path with no extension ({@code bin/hlops}). */
  private static boolean script(String path) {
    if (path.isEmpty() || path.startsWith("-") || path.length() > 512 || hasBlank(path)) {
      return false;
    }
    String file = path.substring(path.lastIndexOf('/') + 1);
    int dot = file.lastIndexOf('.');
    if (dot < 0) {
      // python3 bin/hlops: a tool in a folder of the project; not ./cx, as often a link to a
      // program installed elsewhere
      String inside = path.startsWith("./") ? path.substring(2) : path;
      return inside.indexOf('/') > 0 && !file.isEmpty();
    }
    return SCRIPTS.contains(file.substring(dot + 1));
  }

  private static boolean hasBlank(String text) {
    for (int i = 0; i < text.length(); i++) {
      if (Character.isWhitespace(text.charAt(i))) {
        return true;
      }
    }
    return false;
  }
}
