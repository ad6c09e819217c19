package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What inline code names: its string literals, and the first argument of a call in it read as a
 * path (a literal, the home and a name, {@code sys.argv[1]}, or unknown). Read by the inline-code
 * rules ({@link InlineRules}) and by the rules that look for one thing in such code.
 */
final class CodeArguments {
  private CodeArguments() {}

  /** The longest argument of a delete call read, in characters. */
  private static final int MAX_ARGUMENT = 512;

  /** An index into the program's own arguments: {@code sys.argv[1]}, {@code $ARGV[0]}. */
  static final java.util.regex.Pattern ARGV_INDEX =
      java.util.regex.Pattern.compile(
          "(sys\\.argv|process\\.argv|\\$?ARGV)\\s*\\[\\s*(\\d+)\\s*\\]");

  static final String[] HOME_SOURCES = {
    "expanduser",
    "process.env.HOME",
    "homedir()",
    "Path.home()",
    "environ['HOME']",
    "Deno.env.get('HOME')",
    "Deno.env.get(\"HOME\")",
    "HOMEDRIVE",
    "environ[\"HOME\"]",
    "getenv('HOME')",
    "getenv(\"HOME\")",
    "ENV['HOME']",
    "ENV[\"HOME\"]",
    "$ENV{HOME}",
    "Dir.home",
    "path.expand(\"~\")",
    "path.expand('~')"
  };

  /** A relative name a join puts below the home: {@code Pictures}, {@code work/data}. */
  private static final java.util.regex.Pattern JOINED_NAME =
      java.util.regex.Pattern.compile("[A-Za-z0-9_][\\w .@-]{0,200}(?:/[\\w .@-]{1,200}){0,8}");

  /** Module names a path expression may hold beside the home it reads. */
  private static final java.util.Set<String> MODULES =
      NameSet.of("os", "path", "fs", "node:os", "node:path", "node:fs", "pathlib", "shutil");

  /** What reads an environment variable by its name in inline code. */
  private static final String[] ENVIRONMENT_READS = {
    "environ", "getenv", "ENV[", "env.get", "process.env["
  };

  /** The first argument of the call at {@code from}: a literal, the home plus one, or unknown. */
  static Target argument(Scan scan, Step step, String code, int from, boolean homeInCode) {
    int end = argumentEnd(code, from);
    String expression = code.substring(from, end).strip();
    List<String> literals = literals(expression);
    java.util.regex.Matcher argv = ARGV_INDEX.matcher(expression);
    if (argv.matches()) {
      // sys.argv[1], process.argv[1], ARGV[0], $ARGV[0]: a word after the code on the line.
      int index = Integer.parseInt(argv.group(2)) - (argv.group(1).endsWith("ARGV") ? 0 : 1);
      List<Word> after = afterCode(step, code);
      if (index >= 0 && index < after.size()) {
        return scan.targets(step, after.get(index)).get(0);
      }
    }
    if (literals.isEmpty() && expression.length() <= 64) {
      String globbed = loopGlob(code, expression);
      if (globbed != null) {
        // rmtree($_) for glob("$ENV{HOME}/work/*"), for p in glob.glob('…'): shutil.rmtree(p)
        Target target = path(scan, step, globbed, homeInCode);
        if (target != null) {
          return target;
        }
      }
    }
    if (literals.size() == 1
        && literals.get(0).equals("HOME")
        && containsAny(expression, ENVIRONMENT_READS)) {
      return new Target(expression, scan.places().home(), false, null); // os.environ['HOME']
    }
    if (literals.size() == 1) {
      String rest = expression.replace(quoted(expression, literals.get(0)), "");
      boolean plain = rest.isBlank();
      boolean fromHome = containsAny(expression, HOME_SOURCES);
      if (fromHome && literals.get(0).indexOf('/') < 0 && MODULES.contains(literals.get(0))) {
        // require('os').homedir(): the literal names a module; the path is the home itself.
        return new Target(expression, scan.places().home(), false, null);
      }
      if (fromHome && !plain && PatternLiterals.matches(JOINED_NAME, literals.get(0))) {
        // File.join(Dir.home, "Pictures"), joinpath(homedir(), "x"), path.join(os.homedir(), 'x'):
        // a bare name joined to the home the code reads is below the home, not the folder run in.
        return path(scan, step, "/" + literals.get(0), true);
      }
      if (plain || fromHome) {
        Target target = path(scan, step, literals.get(0), fromHome);
        if (target != null) {
          return target;
        }
      }
    } else if (literals.isEmpty() && containsAny(expression, HOME_SOURCES)) {
      return new Target(expression, scan.places().home(), false, null);
    }
    return new Target(expression, null, false, null);
  }

  /**
   * perl's {@code for glob("…")}, {@code foreach my $p (glob "…")}: the loop's {@code $_} or name.
   */
  private static final java.util.regex.Pattern PERL_GLOB_LOOP =
      java.util.regex.Pattern.compile(
          "\\bfor(?:each)?\\s*(?:my\\s+(\\$\\w+)\\s*)?\\(?\\s*glob\\s*\\(?\\s*(['\"])([^'\"]{1,512})\\2");

  /** python's {@code for p in glob.glob('…')}, ruby's {@code Dir.glob('…').each { |p| …}}. */
  private static final java.util.regex.Pattern NAMED_GLOB_LOOP =
      java.util.regex.Pattern.compile(
          "\\bfor\\s+(\\w+)\\s+in\\s+(?:glob\\.)?i?glob\\(\\s*(['\"])([^'\"]{1,512})\\2"
              + "|Dir\\.glob\\(\\s*(['\"])([^'\"]{1,512})\\4\\s*\\)\\.each\\s*(?:do|\\{)\\s*\\|(\\w+)\\|");

  /**
   * The pattern a loop over a glob gives the name {@code expression} ({@code $_}, {@code p}) in
   * {@code code}, or null: what a delete of the loop's name deletes, one match at a time.
   */
  static String loopGlob(String code, String expression) {
    if (!code.contains("glob")) {
      return null;
    }
    java.util.regex.Matcher perl = PERL_GLOB_LOOP.matcher(code);
    while (perl.find()) {
      String name = perl.group(1) == null ? "$_" : perl.group(1);
      if (name.equals(expression)) {
        return perl.group(3);
      }
    }
    java.util.regex.Matcher named = NAMED_GLOB_LOOP.matcher(code);
    while (named.find()) {
      if (expression.equals(named.group(1))) {
        return named.group(3);
      }
      if (expression.equals(named.group(6))) {
        return named.group(5);
      }
    }
    return null;
  }

  /** Where the argument at {@code from} ends: its comma or the call's closing bracket. */
  static int argumentEnd(String code, int from) {
    int depth = 0;
    int end = from;
    // An argument longer than this is not a path the guard reads; bounded, so many calls in a
    // long text cost what the text is, not its square.
    int limit = Math.min(code.length(), from + MAX_ARGUMENT);
    while (end < limit) {
      char c = code.charAt(end);
      if (c == '(' || c == '[' || c == '{') {
        depth++;
      } else if (c == ')' || c == ']' || c == '}') {
        if (depth == 0) {
          break;
        }
        depth--;
      } else if ((c == ',' || c == ';') && depth == 0) {
        break; // julia's rm(p; recursive=true): its keywords after the semicolon
      }
      end++;
    }
    return end;
  }

  /** The words after the code on the interpreter's line: its program's arguments. */
  static List<Word> afterCode(Step step, String code) {
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      if (args.get(i).text().equals(code)) {
        return args.subList(i + 1, args.size());
      }
    }
    return List.of();
  }

  private static String quoted(String expression, String literal) {
    for (char q : new char[] {'\'', '"'}) {
      String form = q + literal + q;
      if (expression.contains(form)) {
        return form;
      }
    }
    return literal;
  }

  /**
   * A literal as a path: from the home the code reads ({@code process.env.HOME + '/.ssh'}), else as
   * the shell would read it (absolute, from {@code ~}, or from the folder the call runs in).
   */
  static Target path(Scan scan, Step step, String literal, boolean homeInCode) {
    if (literal.isEmpty() || literal.indexOf('\n') >= 0) {
      return null;
    }
    // perl's open F, ">$ENV{HOME}/x": the mode before the path, the home as perl names it.
    literal = literal.replaceFirst("^\\+?[<>]{1,2}\\s*", "").replace("$ENV{HOME}", "$HOME");
    if (literal.isEmpty()) {
      return null;
    }
    if (homeInCode
        && (literal.startsWith("/")
            || literal.startsWith(".")
                && !literal.startsWith("./")
                && !literal.startsWith("../"))) {
      // The home the code reads, then '.aws/credentials' joined to it (Path.home()/'.aws'/…).
      Path home = scan.places().home();
      String relative = literal.startsWith("/") ? literal.substring(1) : literal;
      return new Target(literal, home.resolve(relative).normalize(), false, null);
    }
    if (literal.equals("$HOME") || literal.startsWith("$HOME/")) {
      // glob("$ENV{HOME}/work/*"): the home, as the shell's tilde, with the rest as written.
      return scan.targets(step, new Word("~" + literal.substring(5), false)).get(0);
    }
    return scan.targets(step, Word.literal(literal)).get(0);
  }

  /** The string literals of the code, in single or double quotes, escapes kept as written. */
  static List<String> literals(String code) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < code.length(); i++) {
      char q = code.charAt(i);
      if (q != '\'' && q != '"') {
        continue;
      }
      int end = i + 1;
      while (end < code.length() && code.charAt(end) != q) {
        end += code.charAt(end) == '\\' ? 2 : 1;
      }
      if (end >= code.length()) {
        break;
      }
      out.add(code.substring(i + 1, end));
      i = end;
    }
    return out;
  }

  /** {@return whether {@code text} holds one of {@code parts}} */
  static boolean containsAny(String text, String[] parts) {
    for (String part : parts) {
      if (text.contains(part)) {
        return true;
      }
    }
    return false;
  }
}
