package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Access.Kind;
import io.github.providergateway.guard.internal.Scan.Step;
import io.github.providergateway.guard.shell.Word;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The inline code of {@code python -c}, {@code node -e}, {@code perl -e} and {@code ruby -e}, read
 * for what a library call does that no shell command shows: a recursive delete ({@code
 * shutil.rmtree}, {@code fs.rmSync}, {@code FileUtils.rm_rf}, {@code rmtree}) of a path written in
 * the code, a secret's path, or the guard's own files opened for writing. Paths are string
 * literals, with the home read from {@code os.path.expanduser}, {@code process.env.HOME}, {@code
 * os.homedir()} and their kind; a delete of a path the code computes otherwise is outside. The
 * shell commands such code runs ({@code os.system}) are the parser's.
 */
final class InlineRules implements Family {
  private static final BuiltinRule DELETE_HOME = RuleBook.rule("fs.delete-home");
  private static final BuiltinRule DELETE_OUTSIDE = RuleBook.rule("fs.delete-outside-project");
  private static final BuiltinRule DELETE_PROJECT = RuleBook.rule("fs.delete-project");
  private static final BuiltinRule DELETE_ROOT = RuleBook.rule("fs.delete-root");
  private static final BuiltinRule DELETE_SYSTEM = RuleBook.rule("fs.delete-system");
  private static final BuiltinRule DELETE_UNRESOLVED = RuleBook.rule("fs.delete-unresolved");
  private static final BuiltinRule SHELL_STARTUP = RuleBook.rule("fs.shell-startup");
  private static final BuiltinRule DB_DROP = RuleBook.rule("db.drop");
  private static final BuiltinRule DB_FLUSH = RuleBook.rule("db.flush");
  private static final BuiltinRule DB_TRUNCATE = RuleBook.rule("db.truncate");
  private static final BuiltinRule VARIABLE_PRINTED = RuleBook.rule("secrets.variable-printed");
  private static final BuiltinRule DECODED_TO_SHELL = RuleBook.rule("remote.decoded-to-shell");
  private static final BuiltinRule EVAL_DOWNLOAD = RuleBook.rule("remote.eval-download");
  private static final BuiltinRule REVERSE_SHELL = RuleBook.rule("remote.reverse-shell");
  private static final BuiltinRule GATEWAY_TOKEN = RuleBook.rule("guard.gateway-token");
  private static final BuiltinRule SELF = RuleBook.rule("guard.self");
  private static final BuiltinRule FORK_BOMB = RuleBook.rule("system.fork-bomb");

  /** The longest argument of a delete call read, in characters. */
  private static final int MAX_ARGUMENT = 512;

  private static final BuiltinRule REMOVE_REPO = RuleBook.rule("git.remove-repo");

  private static final String[] DELETES = {
    "rmtree(",
    "'rmtree')(",
    "\"rmtree\")(",
    ".rm(",
    "removeSync(",
    "remove(",
    "rmSync(",
    "rm_rf(",
    "rm_r(",
    "remove_dir_all(",
    "rmdirSync(",
    "rimraf(",
    "removedirs(",
    "fs.rm(",
    "promises.rm(",
    "remove_tree(",
    "unlink glob(", // perl: every file the pattern names
    "unlink(glob("
  };
  private static final String[] HOME_SOURCES = {
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
    "Dir.home"
  };

  /** An index into the program's own arguments: {@code sys.argv[1]}, {@code $ARGV[0]}. */
  private static final java.util.regex.Pattern ARGV_INDEX =
      java.util.regex.Pattern.compile(
          "(sys\\.argv|process\\.argv|\\$?ARGV)\\s*\\[\\s*(\\d+)\\s*\\]");

  /** The words after the code on the interpreter's line: its program's arguments. */
  private static List<Word> afterCode(Step step, String code) {
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      if (args.get(i).text().equals(code)) {
        return args.subList(i + 1, args.size());
      }
    }
    return List.of();
  }

  /** Module names a path expression may hold beside the home it reads. */
  private static final java.util.Set<String> MODULES =
      java.util.Set.of("os", "path", "fs", "node:os", "node:path", "node:fs", "pathlib", "shutil");

  /** What reads an environment variable by its name in inline code. */
  private static final String[] ENVIRONMENT_READS = {
    "environ", "getenv", "ENV[", "env.get", "process.env["
  };

  @Override
  public List<BuiltinRule> rules() {
    return List.of();
  }

  @Override
  public void scan(Scan scan) {
    for (Step step : scan.steps()) {
      String code = InterpreterCode.of(step);
      if (code != null) {
        read(scan, step, code);
      }
    }
  }

  /** What decodes text in inline code: base64, hex. */
  private static final String[] DECODERS = {
    "b64decode",
    "base64",
    "atob(",
    "fromhex",
    "unhexlify",
    "decode('hex')",
    "pack(\"H*\"",
    "pack('H*'",
    "decode64",
    "codecs.decode",
    "rot13",
    "rot_13",
    "fromCharCode",
    "Buffer.from("
  };

  /** What fetches text from the network in inline code. */
  private static final String[] FETCHES = {
    "urlopen",
    "requests.get",
    "urllib",
    "fetch(",
    "http.get",
    "https.get",
    "LWP::",
    "Net::HTTP",
    "open-uri",
    "URI.open",
    "HTTParty",
    "httpx.get",
    "require('https')",
    "require(\"https\")",
    "require('http')",
    "require(\"http\")",
    "require('node:https')",
    "axios",
    "undici",
    "IO::Socket",
    "Net::HTTP.get",
    "HTTP::Tiny",
    "requests.",
    "Session()",
    "file_get_contents(\"http",
    "file_get_contents('http",
    "curl_exec",
    "urllib3",
    "aiohttp",
    "Deno.readTextFile(\"http",
    "fetch("
  };

  /** What opens a network connection in inline code. */
  private static final String[] CONNECTS = {
    "socket.socket",
    "create_connection",
    "socket(",
    "TCPSocket",
    "IO::Socket",
    "Socket.new",
    "net.connect",
    "net.Socket",
    "net.createConnection",
    "createConnection(",
    "fsockopen",
    "socket_create",
    "/dev/tcp/"
  };

  /** What hands a process's input and output to something, or runs a shell, in inline code. */
  private static final String[] HANDS_OVER = {
    "dup2",
    "pty.spawn",
    "popen",
    "subprocess",
    "spawn(",
    "exec(",
    "system(",
    "/bin/sh",
    "/bin/bash",
    "child_process",
    "proc_open",
    "shell_exec",
    "IO.popen",
    "exec "
  };

  /** The whole environment printed by inline code (not one named variable of it). */
  private static final java.util.regex.Pattern PRINTS_ENVIRONMENT =
      java.util.regex.Pattern.compile(
          "(?:console\\.log|console\\.dir|JSON\\.stringify|print|pprint|puts|p|say|echo|var_dump|print_r|json\\.dumps)"
              + "\\s*\\(?\\s*(?:dict\\()?(?:process\\.env|os\\.environ|ENV|%ENV|\\$_ENV|getenv\\(\\))"
              + "(?!\\s*[.\\[])");

  /** SQL that destroys data, as inline code may send it to a database it opens. */
  private static final java.util.regex.Pattern DESTROYS =
      java.util.regex.Pattern.compile(
          "(?i)\\b(?:drop\\s+(?:table|database|schema|keyspace|collection)|truncate\\s+table|truncate\\s+\\w+|flushall|flushdb|dropDatabase\\s*\\()");

  /** What runs text as code or as a shell command in inline code. */
  private static final String[] RUNS = {
    "exec(",
    "eval(",
    "eval ",
    "(eval)",
    "system(",
    "popen(",
    "spawn",
    "subprocess",
    "execSync",
    "new Function",
    "Function(",
    "vm.run",
    "`",
    "%x",
    "instance_eval",
    "compile("
  };

  /**
   * Whether the interpreter is told to load an HTTP client before the code runs ({@code perl
   * -MLWP::Simple -e 'eval get(…)'}, {@code ruby -ropen-uri}), so the code's bare {@code get} is a
   * download.
   */
  private static boolean loadsFetcher(Step step) {
    for (Word word : step.args()) {
      String t = word.text();
      if ((t.startsWith("-M") || t.startsWith("-r")) && containsAny(t, FETCHES)
          || t.startsWith("-MLWP")
          || t.startsWith("-MHTTP::")
          || t.startsWith("-MNet::")
          || t.equals("-ropen-uri")
          || t.equals("-rnet/http")) {
        return true;
      }
    }
    return false;
  }

  /**
   * Inline code that runs what it decodes or downloads, which no one reads before it runs; and a
   * loop of forks, which starts processes until the machine stops.
   */
  private static void runsHiddenCode(Scan scan, Step step, String code) {
    boolean runs = containsAny(code, RUNS);
    if (runs && containsAny(code, DECODERS)) {
      scan.hit(DECODED_TO_SHELL, step, null);
    }
    if (runs && (containsAny(code, FETCHES) || loadsFetcher(step))) {
      scan.hit(EVAL_DOWNLOAD, step, null);
    }
    if (code.contains("fork")
        && (code.contains("while") || code.contains("loop") || code.contains("for(;;)"))) {
      scan.hit(FORK_BOMB, step, null);
    }
    if (PRINTS_ENVIRONMENT.matcher(code).find()) {
      // console.log(process.env), print(os.environ): every variable, tokens among them.
      scan.hit(VARIABLE_PRINTED, step, null);
    }
    if (containsAny(code, CONNECTS) && containsAny(code, HANDS_OVER)) {
      // socket + dup2 + a shell, TCPSocket + IO.popen: a shell handed to a network peer.
      scan.hit(REVERSE_SHELL, step, null);
    }
    BuiltinRule cloud = CloudSdkCalls.deletes(code);
    if (cloud != null) {
      scan.hit(cloud, step, null);
    }
    java.util.regex.Matcher destroys = DESTROYS.matcher(code);
    if (destroys.find()) {
      String found = destroys.group().toLowerCase(java.util.Locale.ROOT);
      scan.hit(
          found.startsWith("truncate")
              ? DB_TRUNCATE
              : found.startsWith("flush") ? DB_FLUSH : DB_DROP,
          step,
          null);
    }
  }

  private static void read(Scan scan, Step step, String code) {
    runsHiddenCode(scan, step, code);
    boolean homeInCode = containsAny(code, HOME_SOURCES);
    Places places = scan.places();
    for (String call : DELETES) {
      for (int at = code.indexOf(call); at >= 0; at = code.indexOf(call, at + 1)) {
        deleted(scan, step, argument(scan, step, code, at + call.length(), homeInCode));
      }
    }
    if (code.contains("walk(")
        && (code.contains("remove(") || code.contains("unlink(") || code.contains("rmdir("))) {
      // os.walk(ROOT) feeding os.remove: everything under ROOT, file by file.
      for (int at = code.indexOf("walk("); at >= 0; at = code.indexOf("walk(", at + 1)) {
        deleted(scan, step, argument(scan, step, code, at + 5, homeInCode));
      }
    }
    for (String call : InlineWrites.COPIES) {
      for (int at = code.indexOf(call); at >= 0; at = code.indexOf(call, at + 1)) {
        int comma = argumentEnd(code, at + call.length());
        if (comma < code.length() && code.charAt(comma) == ',') {
          Target onto = argument(scan, step, code, comma + 1, homeInCode);
          if (onto.path() != null && GuardPaths.protectsGuard(places, onto.path())) {
            scan.hit(SELF, new Access(Kind.WRITE, onto, step.invocation()));
          }
        }
      }
    }
    InlineLinks.scan(scan, step, code, homeInCode);
    boolean writes = InlineWrites.any(code);
    for (String literal : joinedLiterals(code)) {
      Target target = path(scan, step, literal, homeInCode);
      if (target == null || target.path() == null) {
        continue;
      }
      HomeReads.walked(scan, step, code, target);
      BuiltinRule secret = SecretPaths.secret(places.home(), target.path());
      if (secret != null) {
        scan.hit(secret, new Access(Kind.READ, target, step.invocation()));
      }
      if (!writes && GuardPaths.readsGatewaySecret(places, target)) {
        // open('~/.provider-gateway/.provider-token').read(): the token, read as cat would. Code
        // that also writes is guard.self below for every such path, whichever of them it reads.
        scan.hit(GATEWAY_TOKEN, new Access(Kind.READ, target, step.invocation()));
      }
      if (writes
          && (GuardPaths.protectsGuard(places, target.path())
              || target.path().startsWith(places.gatewayHome()))) {
        scan.hit(SELF, new Access(Kind.WRITE, target, step.invocation()));
      }
      if (writes && StartupFiles.isOne(places, target.path())) {
        scan.hit(SHELL_STARTUP, new Access(Kind.WRITE, target, step.invocation()));
      }
    }
    if (writes && ARGV_INDEX.matcher(code).find()) {
      // open(sys.argv[1],'w'): the words after the code are what it writes.
      for (Word word : afterCode(step, code)) {
        for (Target target : scan.targets(step, word)) {
          if (target.path() != null && GuardPaths.protectsGuard(places, target.path())) {
            scan.hit(SELF, new Access(Kind.WRITE, target, step.invocation()));
          }
        }
      }
    }
  }

  /** The rules a recursive delete of {@code target} by inline code matches, as rm -r's would. */
  private static void deleted(Scan scan, Step step, Target target) {
    if (GitFolders.holdsHistory(target)) {
      scan.hit(REMOVE_REPO, step, target); // shutil.rmtree('.git')
    }
    BuiltinRule rule =
        switch (scan.places().classify(target)) {
          case ROOT -> DELETE_ROOT;
          case SYSTEM -> DELETE_SYSTEM;
          case HOME -> DELETE_HOME;
          case PROJECT -> DELETE_PROJECT;
          case GATEWAY -> SELF;
          case OUTSIDE -> DELETE_OUTSIDE;
          case UNKNOWN -> DELETE_UNRESOLVED; // asked, as a path no one can read
          case INSIDE, TEMP -> null;
        };
    if (rule != null) {
      scan.hit(rule, step, target);
    }
  }

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

  /** Where the argument at {@code from} ends: its comma or the call's closing bracket. */
  private static int argumentEnd(String code, int from) {
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
      } else if (c == ',' && depth == 0) {
        break;
      }
      end++;
    }
    return end;
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
  private static Target path(Scan scan, Step step, String literal, boolean homeInCode) {
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
    return scan.targets(step, Word.literal(literal)).get(0);
  }

  /**
   * The code's literals, and the paths it builds of them: {@code "id_"+"rsa"} joined, and two or
   * three literals in a row joined by {@code /} ({@code Path.home()/'.aws'/'credentials'}, {@code
   * path.join(homedir(), '.aws', 'credentials')}, {@code File.join(Dir.home, ".ssh", "id_rsa")}).
   */
  static List<String> joinedLiterals(String code) {
    String joined = code.replaceAll("([\"'])\\s*\\+\\s*([\"'])", "");
    List<String> literals = literals(joined);
    List<String> out = new ArrayList<>(literals);
    for (int i = 0; i + 1 < literals.size() && i < 64; i++) {
      out.add(literals.get(i) + "/" + literals.get(i + 1));
      if (i + 2 < literals.size()) {
        out.add(literals.get(i) + "/" + literals.get(i + 1) + "/" + literals.get(i + 2));
      }
    }
    return out;
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
