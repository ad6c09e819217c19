package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.FlowReading.Found;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Makefile as make reads it, for the written files' rules (decision 90): its recipes as the shell
 * lines they are, with the file's own variables put in as make puts them in. {@code BUILD := build}
 * and {@code DIST_DIR := $(CURDIR)/dist} make {@code rm -rf $(BUILD) $(DIST_DIR)} the literal
 * {@code rm -rf build /work/project/dist} the rules can judge, where an unresolved variable is
 * asked as a path that may be anywhere ({@code fs.delete-unresolved}: a Makefile's {@code clean}
 * written and then run was asked on an ordinary day). Only what the file itself says is taken: a
 * value made by a function ({@code $(shell …)}, {@code $(wildcard …)}), appended to ({@code +=}),
 * set twice (a conditional's branches), or naming a variable the file does not set (the
 * environment's) stays unresolved, and so does everything that depends on it. {@code CURDIR} is the
 * Makefile's folder, where make runs it.
 *
 * <p>make's command line sets variables over the file's ({@code make clean BUILD=~}), and {@code
 * -e} lets the environment's win: what the recipes hold with the file's variables unresolved is
 * kept beside ({@link #SET_ON_COMMAND_LINE}), and such a make runs that.
 */
final class Makefiles {

  /**
   * The suffix of a Makefile's path among the held files: what its recipes hold with the file's own
   * variables unresolved, which a make that sets variables on its command line runs.
   */
  static final String SET_ON_COMMAND_LINE = "#make-set";

  /** The run entry of a make whose command line sets variables (or lets the environment's win). */
  static final String MAKE_SET = "make-set";

  /** A variable's assignment among make's arguments. */
  private static final Pattern ASSIGNS = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*\\s*:{0,2}=.*");

  private Makefiles() {}

  /** Whether a file of this name (in lower case) is a Makefile. */
  static boolean isMakefile(String lower) {
    return lower.equals("makefile") || lower.equals("gnumakefile") || lower.endsWith(".mk");
  }

  /**
   * A Makefile's recipe lines (those that start with a tab), each without its {@code @} or -, the
   * variables of {@code known} put in as make does; make's other {@code $(NAME)} and {@code
   * ${NAME}} are variables not known here (the environment's among them): the shell's {@code
   * $NAME}; its {@code $$} is the shell's {@code $}.
   */
  static String recipes(String text, Map<String, String> known) {
    StringBuilder shell = new StringBuilder();
    for (String line : text.split("\n", -1)) {
      if (line.startsWith("\t")) {
        String recipe = line.substring(1).replaceFirst("^[@+-]+", "");
        recipe = substituted(recipe.replace("$$", "\u0000"), known);
        recipe = REFERENCE.matcher(recipe).replaceAll("\\${$1}");
        shell.append(recipe.replace('\u0000', '$')).append('\n');
      }
    }
    return shell.toString();
  }

  /**
   * For a Makefile whose own variables were put in: what its recipes hold with them unresolved,
   * kept under {@link #SET_ON_COMMAND_LINE} (forgotten when a whole text holds nothing so).
   *
   * @param scan the writing call's scan
   * @param path the file's absolute path
   * @param code the text written
   * @param shell the text as the shell runs it, its variables put in; null for no code
   * @param whole whether it is the file's whole text
   * @param found where to remember it
   */
  static void keepUnresolved(
      Scan scan, String path, String code, String shell, boolean whole, Found found) {
    String name = path.substring(path.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
    if (shell == null || !isMakefile(name)) {
      return;
    }
    String open = recipes(code, Map.of());
    Hit hit = open.equals(shell) ? null : HeldContent.strongest(scan, path, open);
    String key = HeldContent.KEY + path + SET_ON_COMMAND_LINE;
    if (hit != null) {
      found.writesSenders().put(key, hit.rule().id() + " " + FlowReading.shorten(hit.found()));
    } else if (whole) {
      found.writesSenders().put(key, ""); // holds nothing now
    }
  }

  /**
   * What a make run runs of the written files: its Makefile ({@code make}), its install ({@code
   * install}), and the Makefile's recipes with their variables unresolved when its command line
   * sets variables ({@link #MAKE_SET}).
   *
   * @param words make's arguments
   * @param entries where the run entries go
   */
  static void entries(List<String> words, List<String> entries) {
    entries.add("make");
    if (setsVariables(words)) {
      entries.add(MAKE_SET);
    }
    if (words.contains("install")) {
      entries.add("install");
    }
  }

  /** Whether make's arguments set a variable, or let the environment's win ({@code -e}). */
  private static boolean setsVariables(List<String> words) {
    for (String word : words) {
      if (PatternLiterals.matches(ASSIGNS, word)
          || word.equals("-e")
          || word.equals("--environment-overrides")) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a held file's path, in lower case, is a Makefile's kept with its variables unresolved,
   * in or above {@code folder}, where a make that sets variables runs it.
   */
  static boolean setReaches(String path, String lower, String folder) {
    return lower.endsWith(SET_ON_COMMAND_LINE)
        && RunFolders.related(
            path.substring(0, path.length() - SET_ON_COMMAND_LINE.length()), folder);
  }

  /** A make variable's reference: {@code $(NAME)} or {@code ${NAME}}. */
  static final Pattern REFERENCE = Pattern.compile("\\$[({]([A-Za-z_][A-Za-z0-9_]*)[)}]");

  /**
   * An assignment at the top of the file: {@code NAME := value}, {@code =}, {@code ::=}, {@code
   * ?=}.
   */
  private static final Pattern ASSIGNMENT =
      Pattern.compile(
          "^(?:export\\s+|override\\s+)?([A-Za-z_][A-Za-z0-9_]*)\\s*(::?=|\\?=|=)\\s*(.*?)\\s*$");

  /** A line that appends to a variable: its value is not the file's one assignment. */
  private static final Pattern APPENDED = Pattern.compile("^\\s*([A-Za-z_][A-Za-z0-9_]*)\\s*\\+=");

  /** The most variables read, and the most rounds of expansion (a chain longer is left open). */
  private static final int MOST = 64;

  private static final int ROUNDS = 8;

  /**
   * The literal value of each variable the Makefile sets that resolves to one.
   *
   * @param text the Makefile's text
   * @param path the Makefile's absolute path: its folder is {@code CURDIR}
   * @return the resolved variables, by name
   */
  static Map<String, String> resolved(String text, String path) {
    int slash = path.lastIndexOf('/');
    String folder = slash > 0 ? path.substring(0, slash) : null;
    Map<String, String> raw = new HashMap<>();
    Map<String, Integer> counts = new HashMap<>();
    for (String line : text.split("\n", -1)) {
      if (line.startsWith("\t") || raw.size() >= MOST) {
        continue;
      }
      Matcher assignment = ASSIGNMENT.matcher(line);
      if (assignment.matches() && !line.contains("+=")) {
        String name = assignment.group(1);
        String value = withoutComment(assignment.group(3));
        counts.merge(name, 1, Integer::sum);
        raw.put(name, value);
      } else {
        Matcher appended = APPENDED.matcher(line);
        if (appended.find()) {
          counts.merge(appended.group(1), 2, Integer::sum); // appended to: left open
        }
      }
    }
    // A variable set twice (a conditional's branches) has no one value.
    counts.forEach((name, count) -> raw.computeIfPresent(name, (n, v) -> count > 1 ? null : v));
    Map<String, String> known = new HashMap<>();
    if (folder != null && !raw.containsKey("CURDIR")) {
      known.put("CURDIR", folder);
    }
    for (int round = 0; round < ROUNDS; round++) {
      boolean more = false;
      for (Map.Entry<String, String> variable : raw.entrySet()) {
        if (known.containsKey(variable.getKey())) {
          continue;
        }
        String value = expanded(variable.getValue(), known);
        if (value != null) {
          known.put(variable.getKey(), value);
          more = true;
        }
      }
      if (!more) {
        break;
      }
    }
    return known;
  }

  /**
   * {@code line} with each reference to a variable of {@code known} replaced by its value, as make
   * does (text for text); the others stay as they were.
   */
  private static String substituted(String line, Map<String, String> known) {
    Matcher reference = REFERENCE.matcher(line);
    StringBuilder out = new StringBuilder();
    while (reference.find()) {
      String value = known.get(reference.group(1));
      reference.appendReplacement(
          out, Matcher.quoteReplacement(value != null ? value : reference.group()));
    }
    reference.appendTail(out);
    return out.toString();
  }

  /** {@code value} with every reference known and nothing else make would expand; else null. */
  private static String expanded(String value, Map<String, String> known) {
    String text = substituted(value, known);
    return text.indexOf('$') >= 0 || text.indexOf('`') >= 0 ? null : text;
  }

  private static String withoutComment(String value) {
    int hash = value.indexOf('#');
    return (hash >= 0 ? value.substring(0, hash) : value).strip();
  }
}
