package io.github.providergateway.guard.shell.programs;

import io.github.providergateway.guard.shell.internal.VersionedNames;
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
    return program.startsWith("p") || VersionedNames.mayBeVersioned(program);
  }

  /**
   * The family of {@code program}, or null: a named interpreter, or one with a version in its name
   * as distributions install them ({@code python3.13t}, {@code perl5.36.0}, {@code php8.2}, {@code
   * ruby3.1}).
   */
  static InlineLanguage languageOf(String program) {
    InlineLanguage named = NAMED.get(program);
    if (named != null) {
      return named;
    }
    String plain = VersionedNames.unversioned(program);
    if (plain == null) {
      return program.equals("python") || program.equals("pypy") ? InlineLanguage.PYTHON : null;
    }
    return plain.equals("python") || plain.equals("pypy")
        ? InlineLanguage.PYTHON
        : NAMED.get(plain);
  }

  /**
   * The inline code given on the command line, or null when there is none: read by the
   * interpreter's option table, an option it does not know read both ways ({@link
   * InterpreterWords}).
   */
  static Code codeOf(InlineLanguage language, List<ProgramWord> words) {
    List<String> code = InterpreterWords.of(language, words).code();
    return code.isEmpty() ? null : new Code(String.join("\n", code));
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

  /** The script file the interpreter runs, as its option table reads the words; or null. */
  static String scriptOf(InlineLanguage language, List<ProgramWord> words) {
    return InterpreterWords.of(language, words).script();
  }

  /** Whether the interpreter reads its program from standard input (no code, no script file). */
  static boolean takesScriptFromStdin(InlineLanguage language, List<ProgramWord> words) {
    return InterpreterWords.of(language, words).stdinProgram();
  }

  /** The commands {@code code} would run, in order. */
  static List<InlineRun> extract(InlineLanguage language, String code) {
    // A literal reversed at once is read forwards (decision 242): 'fr- mr'[::-1] runs rm -rf.
    // Escapes decoded, literals joined and members named by strings written as members first, so
    // that a name or a command written so is read (rtc red team).
    String joined = Programs.joinedLiterals(language, code);
    List<InlineRun> runs = new InlineScan(language, joined).run();
    List<InlineRun> piped = language == InlineLanguage.PERL ? PerlPipes.runs(code) : List.of();
    List<String> acts = language == InlineLanguage.AWK ? List.of() : clientActs(joined);
    if (piped.isEmpty() && acts.isEmpty()) {
      return runs;
    }
    List<InlineRun> all = new java.util.ArrayList<>(runs);
    all.addAll(piped);
    for (String act : acts) {
      all.add(InlineRun.clientCall(act));
    }
    return all;
  }

  /**
   * What a library's client in {@code code} does that a command line would: a request that sends or
   * deletes, as curl's ({@link CodeRequests}); a store's delete, as its CLI's ({@link
   * CodeStoreDeletes}).
   */
  static List<String> clientActs(String code) {
    List<String> requests = CodeRequests.of(code);
    List<String> deletes = CodeStoreDeletes.of(code);
    if (deletes.isEmpty()) {
      return requests;
    }
    List<String> all = new java.util.ArrayList<>(requests);
    all.addAll(deletes);
    return all;
  }
}
