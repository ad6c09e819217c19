package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Secrets printed into the transcript, where the agent reads them and its provider keeps them: a
 * token's variable echoed or {@code printenv}'d, the environment searched for tokens ({@code env |
 * grep -i token}), a credential a tool keeps ({@code gh auth token}) or git's credential helper
 * gives ({@code git credential fill}). Each is a match only where its output is shown ({@link
 * Output}): saved to a file, captured into a variable ({@code GH_TOKEN=$(gh auth token) tool}) or
 * fed to a program that uses it ({@code | docker login --password-stdin}), nothing is printed. The
 * four rules of {@code secrets.json} that guard them name these predicates ({@link Where}); which
 * CLI subcommand prints a credential stays here, where each tool's arguments are read.
 */
final class PrintedSecretPredicates {
  private PrintedSecretPredicates() {}

  /** What a program prints, by the rule that guards it: one each, the first of these that holds. */
  private enum Printed {
    CLI_TOKEN,
    STORED_SECRET,
    VARIABLE,
    CREDENTIAL_HELPER
  }

  /**
   * Adds the predicates, one a rule of {@code secrets.json}: {@code secrets.cli-token}, {@code
   * secrets.store-printed}, {@code secrets.variable-printed}, {@code secrets.credential-helper}.
   * Each holds where the program prints what its rule guards, no rule before it in this order
   * holds, and what it prints is shown.
   *
   * @param named the table of {@link Where}
   */
  static void addTo(Map<String, Where.Predicate> named) {
    // Each asks first what the program alone says, so that most programs are read once, not four
    // times: a token tool, git or its helpers.
    named.put(
        "prints-cli-token",
        PredicateGate.PRINTS_SECRET.around(
            (scan, step, read) -> tokenTool(step) && printed(scan, step) == Printed.CLI_TOKEN));
    named.put(
        "prints-stored-secret",
        PredicateGate.PRINTS_SECRET.around(
            (scan, step, read) -> tokenTool(step) && printed(scan, step) == Printed.STORED_SECRET));
    named.put(
        "prints-secret-variable",
        PredicateGate.PRINTS_SECRET.around(
            (scan, step, read) -> printed(scan, step) == Printed.VARIABLE));
    named.put(
        "prints-helper-password",
        PredicateGate.PRINTS_SECRET.around(
            (scan, step, read) ->
                (step.program().equals("git") || step.program().startsWith("git-credential-"))
                    && printed(scan, step) == Printed.CREDENTIAL_HELPER));
  }

  /**
   * {@return whether the program alone says it prints something these rules guard: no predicate of
   * theirs holds of another, whatever the programs after it show}
   */
  static boolean printsAny(Scan scan, Step step) {
    return printedRule(scan, step) != null;
  }

  /** Whether a program is a tool that keeps credentials, or one of docker's credential helpers. */
  private static boolean tokenTool(Step step) {
    return step.is(ProgramKind.TOKEN_TOOL) || step.program().startsWith("docker-credential-");
  }

  /**
   * What a program prints and is shown, or {@code null}: read first from the program alone, so that
   * most programs of a long command cost no look at the others.
   */
  private static Printed printed(Scan scan, Step step) {
    Printed printed = printedRule(scan, step);
    if (printed == null) {
      return null;
    }
    List<Step> steps = scan.steps();
    int i = indexOf(steps, step);
    return Output.shown(scan, i) || shownLater(scan, i) ? printed : null;
  }

  private static int indexOf(List<Step> steps, Step step) {
    for (int i = 0; i < steps.size(); i++) {
      if (steps.get(i) == step) {
        return i;
      }
    }
    throw new IllegalStateException("not a step of the call: " + step);
  }

  /** Whether the command lists the variables' names ({@code compgen -e}). */
  private static boolean listsNames(Scan scan) {
    for (Step step : scan.steps()) {
      if (step.program().equals("compgen")) {
        return true;
      }
    }
    return false;
  }

  /**
   * What a program prints, shown or not: a tool's credential, a stored secret, a secret variable
   * (by name, by a search of the printed environment, by a name the guard cannot read, the whole
   * environment printed last and unfiltered), git's credential helper; or {@code null}.
   */
  private static Printed printedRule(Scan scan, Step step) {
    String program = step.program();
    if (tokenTool(step)) {
      List<String> args = step.invocation().args();
      if (CliSecretPrinters.printsCliToken(program, args)) {
        return Printed.CLI_TOKEN;
      }
      if (CliSecretPrinters.printsStoredSecret(program, args)) {
        return Printed.STORED_SECRET;
      }
    }
    if (step.is(ProgramKind.ECHO) && (printsSecretVariable(step) || printsIndirect(step))
        || printsNamedVariable(scan, step)
        || searcher(step) != null
            && EnvironmentDumps.before(scan, step)
            && searchesForSecrets(step)) {
      return Printed.VARIABLE;
    }
    if (asksCredentialHelper(step)) {
      return Printed.CREDENTIAL_HELPER;
    }
    List<Step> steps = scan.steps();
    // env, printenv last and unfiltered: every variable shown, tokens among them (fresh set D);
    // piped on to grep it is a search, read above for the names it looks for.
    return steps.get(steps.size() - 1) == step && EnvironmentDumps.dumps(step)
        ? Printed.VARIABLE
        : null;
  }

  /**
   * Whether what a program printed, though not shown where it ran, is shown by a later program of
   * the same command: saved to a file a later program prints ({@code gh auth token > /tmp/t && cat
   * /tmp/t}), or captured into a variable a later printer expands ({@code T=$(gh auth token); echo
   * "$T"}). What a later call does with the file or the variable is not seen: the guard reads one
   * call at a time.
   */
  private static boolean shownLater(Scan scan, int i) {
    List<Step> steps = scan.steps();
    Step step = steps.get(i);
    if (Output.savedToFile(step)) {
      Set<Path> saved = new HashSet<>();
      for (Redirect redirect : step.invocation().redirects()) {
        if (redirect.writes()) {
          for (Target target : scan.targets(step, redirect.target())) {
            if (target.path() != null) {
              saved.add(target.path());
            }
          }
        }
      }
      for (Access access : scan.accesses()) {
        if (access.kind() != Access.Kind.READ
            || access.target().path() == null
            || !saved.contains(access.target().path())) {
          continue;
        }
        for (int k = i + 1; k < steps.size(); k++) {
          Step reader = steps.get(k);
          if (reader.invocation() == access.invocation()
              && !Output.consumer(reader)
              && Output.shown(scan, k)) {
            return true;
          }
        }
      }
    }
    if (Output.captured(step) && scan.source() != null) {
      Set<String> names = assignedFrom(scan.source(), step.program());
      if (names.isEmpty()) {
        return false;
      }
      for (int k = 0; k < steps.size(); k++) {
        Step printer = steps.get(k);
        if (k != i
            && printer.is(ProgramKind.ECHO)
            && !Output.captured(printer)
            && Output.shown(scan, k)) {
          for (Word word : printer.args()) {
            if (!word.literal() && expandsAny(word.text(), names)) {
              return true;
            }
          }
        }
      }
    }
    return false;
  }

  /**
   * The variables the command assigns a substitution running {@code program} to: {@code T=$(gh auth
   * token)}, {@code export T="$(…)"}, {@code T=`…`}. Read from the command's text, as the parse
   * keeps no assignment.
   */
  static Set<String> assignedFrom(String source, String program) {
    Set<String> names = new HashSet<>();
    for (int eq = source.indexOf('='); eq > 0; eq = source.indexOf('=', eq + 1)) {
      int start = eq;
      while (start > 0
          && (Character.isLetterOrDigit(source.charAt(start - 1))
              || source.charAt(start - 1) == '_')) {
        start--;
      }
      if (start == eq || Character.isDigit(source.charAt(start))) {
        continue;
      }
      int body = eq + 1;
      if (body < source.length() && source.charAt(body) == '"') {
        body++;
      }
      String inner = null;
      if (source.startsWith("$(", body)) {
        int depth = 0;
        int end = body + 1;
        for (; end < source.length(); end++) {
          char c = source.charAt(end);
          if (c == '(') {
            depth++;
          } else if (c == ')' && --depth == 0) {
            break;
          }
        }
        inner = source.substring(body + 2, Math.min(end, source.length()));
      } else if (source.startsWith("`", body)) {
        int end = source.indexOf('`', body + 1);
        inner = source.substring(body + 1, end < 0 ? source.length() : end);
      }
      if (inner != null && containsWord(inner, program)) {
        names.add(source.substring(start, eq));
      }
    }
    return names;
  }

  private static boolean containsWord(String text, String word) {
    for (int at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
      int end = at + word.length();
      boolean before = at == 0 || !Character.isLetterOrDigit(text.charAt(at - 1));
      boolean after = end == text.length() || !Character.isLetterOrDigit(text.charAt(end));
      if (before && after) {
        return true;
      }
    }
    return false;
  }

  /** Whether a word expands one of the variables to its value ({@code $T}, {@code ${T}}). */
  private static boolean expandsAny(String text, Set<String> names) {
    for (int at = text.indexOf('$'); at >= 0; at = text.indexOf('$', at + 1)) {
      int i = at + 1;
      boolean braced = i < text.length() && text.charAt(i) == '{';
      if (braced) {
        i++;
      }
      int start = i;
      while (i < text.length()
          && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '_')) {
        i++;
      }
      if (i > start
          && names.contains(text.substring(start, i))
          && !(braced && (text.startsWith(":+", i) || text.startsWith("+", i)))) {
        return true;
      }
    }
    return false;
  }

  /**
   * echo or printf of {@code ${!v}}: the value of the variable {@code v} names, which the guard
   * cannot know ({@code for v in $(compgen -e); do printf '%s=%s\n' "$v" "${!v}"; done} prints
   * every variable). {@code ${!prefix*}} and {@code ${!prefix@}} list names only, and {@code
   * ${!array[@]}} an array's keys.
   */
  private static boolean printsIndirect(Step step) {
    for (Word word : step.args()) {
      String text = word.text();
      if (word.literal()) {
        continue;
      }
      for (int at = text.indexOf("${!"); at >= 0; at = text.indexOf("${!", at + 1)) {
        int i = at + 3;
        int start = i;
        while (i < text.length()
            && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '_')) {
          i++;
        }
        if (i > start
            && i < text.length()
            && text.charAt(i) != '*'
            && text.charAt(i) != '@'
            && text.charAt(i) != '[') {
          return true;
        }
      }
    }
    return false;
  }

  /** echo, printf, cat: a word, here-document or here-string that expands a secret variable. */
  private static boolean printsSecretVariable(Step step) {
    for (Word word : step.args()) {
      if (!word.literal() && SecretNames.expanded(word.text()) != null) {
        return true;
      }
    }
    for (Redirect redirect : step.invocation().redirects()) {
      String text = RedirectedInput.text(redirect);
      if (text != null && SecretNames.expanded(text) != null) {
        return true;
      }
    }
    return false;
  }

  /**
   * printenv NAME, and declare -p NAME or typeset -p NAME, of a secret's name; or of a name the
   * guard cannot know where the command lists every variable's name ({@code for v in $(compgen -e);
   * do printenv "$v"; done}).
   */
  private static boolean printsNamedVariable(Scan scan, Step step) {
    switch (step.program()) {
      case "printenv", "declare", "typeset" -> {
        for (Word word : step.args()) {
          if (!word.text().startsWith("-")
              && (SecretNames.secret(word.text()) || !word.literal() && listsNames(scan))) {
            return true;
          }
        }
        return false;
      }
      default -> {
        return false;
      }
    }
  }

  /**
   * A search, after the environment was printed in the same command, for what looks like a secret
   * ({@link SecretSearch}): {@code env | grep -i tok}, {@code printenv | grep -iE
   * '^(gh|aws|openai)'}, but not {@code env | grep KEYCLOAK_URL}. A search that leaves them out
   * ({@code grep -v}) prints the rest, as a plain {@code env} would. awk's and sed's patterns are
   * the ones between slashes ({@code awk '/TOKEN/'}, {@code sed -n '/KEY/p'}).
   */
  private static boolean searchesForSecrets(Step step) {
    Boolean searcher = searcher(step);
    if (searcher == null) {
      return false;
    }
    boolean slashed = searcher;
    for (Word word : step.args()) {
      String text = word.text();
      if (text.equals("-v") || text.equals("--invert-match")) {
        return false;
      }
      if (text.startsWith("-") && !text.startsWith("-e") && !text.startsWith("--regexp")) {
        continue;
      }
      if (slashed) {
        for (int at = text.indexOf('/'); at >= 0; ) {
          int end = text.indexOf('/', at + 1);
          if (end < 0) {
            break;
          }
          if (SecretSearch.looksForSecret(text.substring(at + 1, end))) {
            return true;
          }
          at = text.indexOf('/', end + 1);
        }
      } else if (SecretSearch.looksForSecret(text)) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@return whether a program searches with patterns between slashes (awk, sed), or {@code null}
   * when it is no search of the kind {@link #searchesForSecrets} reads}
   */
  private static Boolean searcher(Step step) {
    return switch (step.program()) {
      case "grep", "egrep", "fgrep", "rg", "ag", "ack" -> false;
      case "awk", "gawk", "mawk", "sed" -> true;
      default -> null;
    };
  }

  /**
   * git's credential helpers asked for a stored password: {@code git credential fill}, {@code git
   * credential-store get} and the other helpers' {@code get}, run by git or by their own name.
   */
  private static boolean asksCredentialHelper(Step step) {
    String program = step.program();
    if (program.startsWith("git-credential-")) {
      return step.invocation().args().contains("get");
    }
    if (!program.equals("git")) {
      return false; // most programs: no arguments read
    }
    String sub = GitCommand.subcommandOf(step.args());
    if (sub.equals("credential")) {
      return step.invocation().args().contains("fill");
    }
    return sub.startsWith("credential-") && step.invocation().args().contains("get");
  }
}
