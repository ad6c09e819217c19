package io.github.providergateway.guard.shell.programs;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The shell commands in the inline code of an interpreter ({@code python -c}, {@code node -e},
 * {@code perl -e}, {@code ruby -e}, {@code php -r}, an {@code awk} program), best effort: the
 * string literals given to the calls that run a command ({@code os.system("…")}, {@code
 * subprocess.run(["rm", "-rf", "/"])}, {@code child_process.execSync("…")}, {@code system(…)}),
 * perl's and ruby's and php's backquotes, {@code qx(…)} and {@code %x(…)}, awk's {@code "…" |
 * getline} and {@code print | "…"}.
 *
 * <p>What it does not see: a command built at run time (a variable, a concatenation: the literal
 * part is read and a {@code $INLINE} word stands for the rest), a call under another name ({@code
 * from os import system as s}), {@code eval} of code, a file the code writes and runs later. The
 * rules also look at the code itself.
 *
 * <p>One pass over the code; a call's arguments are read once and the pass goes on after them.
 */
final class InlineCode {
  private InlineCode() {}

  /** The code of an invocation: the text of its code word(s). */
  record Code(String text) {}

  /** The interpreters known by their name alone; python's and pypy's may carry a version. */
  private static final Map<String, InlineLanguage> NAMED =
      named(
          Map.of(
              InlineLanguage.PYTHON, "ipython ipython3",
              InlineLanguage.NODE, "node nodejs bun deno tsx ts-node",
              InlineLanguage.PERL, "perl perl5",
              InlineLanguage.RUBY, "ruby jruby",
              InlineLanguage.PHP, "php php-cli",
              InlineLanguage.AWK, "awk gawk mawk nawk"));

  private static Map<String, InlineLanguage> named(Map<InlineLanguage, String> namesOf) {
    Map<String, InlineLanguage> named = new HashMap<>();
    namesOf.forEach(
        (language, names) -> {
          for (String name : names.split(" ")) {
            named.put(name, language);
          }
        });
    return Map.copyOf(named);
  }

  /** {@return the names {@link #languageOf} knows but python's and pypy's} */
  static Set<String> namedInterpreters() {
    return NAMED.keySet();
  }

  /** {@return whether {@link #languageOf} may know {@code program} though it is no named one} */
  static boolean mayBeVersioned(String program) {
    return program.startsWith("p");
  }

  /** The family of {@code program}, or null. */
  static InlineLanguage languageOf(String program) {
    if (program.startsWith("python") || program.startsWith("pypy")) {
      String rest = program.substring(program.startsWith("python") ? 6 : 4);
      return rest.chars().allMatch(c -> (c >= '0' && c <= '9') || c == '.')
          ? InlineLanguage.PYTHON
          : null;
    }
    return NAMED.get(program);
  }

  /** The inline code given on the command line, or null when there is none. */
  static Code codeOf(InlineLanguage language, List<ProgramWord> words) {
    StringBuilder code = new StringBuilder();
    boolean found = false;
    for (int i = 1; i < words.size(); i++) {
      String t = words.get(i).text();
      if (t.equals("--")) {
        if (language == InlineLanguage.AWK && !found && i + 1 < words.size()) {
          return new Code(words.get(i + 1).text());
        }
        break;
      }
      if (!t.startsWith("-") || t.length() == 1) {
        if (language == InlineLanguage.AWK && !found) {
          return new Code(t);
        }
        if (language == InlineLanguage.NODE && t.equals("eval") && i + 1 < words.size()) {
          return new Code(words.get(i + 1).text());
        }
        break;
      }
      String value = null;
      boolean takesNext = false;
      switch (language) {
        case PYTHON -> {
          if (t.startsWith("--")) {
            break;
          }
          if (t.equals("-m")) {
            return null;
          }
          int c = t.indexOf('c');
          if (c > 0) {
            value = c + 1 < t.length() ? t.substring(c + 1) : null;
            takesNext = value == null;
          } else if (t.equals("-W") || t.equals("-X")) {
            i++;
          }
        }
        case NODE -> {
          if (t.equals("-e")
              || t.equals("-p")
              || t.equals("--eval")
              || t.equals("--print")
              || t.equals("-pe")
              || t.equals("-ep")) {
            takesNext = true;
          } else if (t.startsWith("--eval=") || t.startsWith("--print=")) {
            value = t.substring(t.indexOf('=') + 1);
          } else if (t.equals("-r")
              || t.equals("--require")
              || t.equals("--import")
              || t.equals("--loader")
              || t.equals("--experimental-loader")) {
            // A module given as a data: URL is code that runs first: read it as -e's.
            value = i + 1 < words.size() ? dataModule(words.get(i + 1).text()) : null;
            i++;
          } else if (t.matches("--(?:require|import|loader|experimental-loader)=.*")) {
            value = dataModule(t.substring(t.indexOf('=') + 1));
          }
        }
        case PERL, RUBY -> {
          for (int j = 1; j < t.length(); j++) {
            char c = t.charAt(j);
            if (c == 'e' || c == 'E') {
              value = j + 1 < t.length() ? t.substring(j + 1) : null;
              takesNext = value == null;
              break;
            }
            if ("iIMmFxdDCr0".indexOf(c) >= 0) {
              break;
            }
          }
        }
        case PHP -> {
          if (t.equals("-r") || t.equals("-R") || t.equals("-B") || t.equals("-E")) {
            takesNext = true;
          } else if (t.equals("-f")) {
            return found ? new Code(code.toString()) : null;
          } else if (t.equals("-d") || t.equals("-c") || t.equals("-z")) {
            i++;
          }
        }
        case AWK -> {
          if (t.equals("-f") || t.startsWith("--file")) {
            return null;
          }
          if (t.equals("-e") || t.equals("--source")) {
            takesNext = true;
          } else if (t.startsWith("--source=")) {
            value = t.substring(9);
          } else if (t.equals("-F")
              || t.equals("-v")
              || t.equals("--assign")
              || t.equals("--field-separator")) {
            i++;
          }
        }
      }
      if (takesNext && i + 1 < words.size()) {
        value = words.get(++i).text();
      }
      if (value != null) {
        if (found) {
          code.append('\n');
        }
        code.append(value);
        found = true;
      }
    }
    return found ? new Code(code.toString()) : null;
  }

  /** An options object's list of the command's words: {@code {args: [}, {@code {cmd: [}. */
  private static final java.util.regex.Pattern ARGS_KEY =
      java.util.regex.Pattern.compile("\\{\\s*(?:args|cmd)\\s*:\\s*\\[");

  /**
   * Where the words of deno's {@code new Deno.Command(p, {args: […]})} or {@code Deno.run({cmd:
   * […]})} start (after the {@code [}), or {@code at + 1} past an object that holds none.
   */
  static int argsListAt(String code, int at) {
    java.util.regex.Matcher key =
        ARGS_KEY.matcher(code).region(at, Math.min(code.length(), at + 200));
    return key.lookingAt() ? key.end() : at + 1;
  }

  /** A {@code data:} URL of JavaScript: what follows its comma. */
  private static final java.util.regex.Pattern DATA_URL =
      java.util.regex.Pattern.compile(
          "(?i)^data:(?:text|application)/(?:javascript|typescript|ecmascript)[^,]{0,60},");

  /** The code of a module given as a {@code data:} URL, its escapes read back; else null. */
  static String dataModule(String url) {
    java.util.regex.Matcher data = DATA_URL.matcher(url);
    if (!data.lookingAt()) {
      return null;
    }
    String code = url.substring(data.end());
    try {
      return java.net.URLDecoder.decode(
          code.replace("+", "%2B"), java.nio.charset.StandardCharsets.UTF_8);
    } catch (IllegalArgumentException malformed) {
      return code; // a stray %: the text as written
    }
  }

  /** Whether the interpreter reads its program from standard input (no code, no script file). */
  static boolean takesScriptFromStdin(InlineLanguage language, List<ProgramWord> words) {
    if (language == InlineLanguage.AWK) {
      return false;
    }
    for (int i = 1; i < words.size(); i++) {
      String t = words.get(i).text();
      if (t.equals("-")) {
        return true;
      }
      if (!t.startsWith("-")) {
        return false;
      }
      if (t.equals("-m")) {
        return false;
      }
    }
    return true;
  }

  /** The commands {@code code} would run, in order. */
  static List<InlineRun> extract(InlineLanguage language, String code) {
    // A literal reversed at once is read forwards (decision 242): 'fr- mr'[::-1] runs rm -rf.
    return new InlineScan(language, ReversedLiterals.of(language, code)).run();
  }
}
