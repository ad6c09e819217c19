package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Access.Kind;
import io.github.providergateway.guard.shell.Word;
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

  private static final BuiltinRule REMOVE_REPO = RuleBook.rule("git.remove-repo");
  private static final BuiltinRule PIPE_TO_SHELL = RuleBook.rule("remote.pipe-to-shell");

  /** A download piped to a shell, in the text inline code writes. */
  private static final java.util.regex.Pattern DOWNLOAD_TO_SHELL =
      java.util.regex.Pattern.compile(
          "\\b(?:curl|wget|fetch)\\b[^|\\n]{0,300}\\|\\s{0,4}(?:sudo\\s+)?(?:ba|z|da|k)?sh\\b");

  /** A delete told to recurse by a named argument: julia's and R's. */
  private static final java.util.regex.Pattern RECURSIVE =
      java.util.regex.Pattern.compile("\\brecursive\\s*=\\s*(?:true|TRUE|T\\b)");

  /** julia's {@code rm(} and R's {@code unlink(}, called bare. */
  private static final java.util.regex.Pattern BARE_DELETE =
      java.util.regex.Pattern.compile("(?<![\\w.$])(?:rm|unlink)\\(");

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
    "unlink(glob(",
    "unlink(" // os.unlink, fs.unlink, perl's and R's: the file named (decision 194)
  };

  /** Perl's unlink without parentheses, before its quoted path: {@code unlink "/mnt/x/a.tif"}. */
  private static final java.util.regex.Pattern UNLINK_QUOTED =
      java.util.regex.Pattern.compile("\\bunlink\\s+(?=[\"'])");

  /**
   * Perl's File::Path deletes without parentheses: {@code rmtree "/x"}, {@code remove_tree "/x"}.
   */
  private static final java.util.regex.Pattern TREE_QUOTED =
      java.util.regex.Pattern.compile("\\b(?:rmtree|remove_tree)\\s+(?=[\"'])");

  /**
   * Perl's File::Find called with a sub that unlinks: {@code find(sub { unlink $_ if /\.tif$/ },
   * "/mnt/scans")} deletes under the folder after the sub, as os.walk feeding os.remove does.
   */
  private static final java.util.regex.Pattern FIND_UNLINKS =
      java.util.regex.Pattern.compile(
          "\\bfind(?:depth)?\\s*\\(\\s*(?:\\\\&\\w+|sub\\s*\\{[^{}]{0,300}\\bunlink\\b[^{}]{0,300}\\})\\s*,");

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

  /**
   * SQL that destroys data, as inline code may send it to a database it opens; a comment between
   * its words is a blank to SQL ({@code DROP/**}{@code /TABLE}).
   */
  private static final java.util.regex.Pattern DESTROYS =
      java.util.regex.Pattern.compile(
          "(?i)\\b(?:drop(?:\\s|/\\*[^*]{0,200}\\*/)+(?:table|database|schema|keyspace|collection)"
              + "|truncate(?:\\s|/\\*[^*]{0,200}\\*/)+\\w+|flushall|flushdb|dropDatabase\\s*\\()");

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
      if ((t.startsWith("-M") || t.startsWith("-r")) && CodeArguments.containsAny(t, FETCHES)
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
    boolean runs = CodeArguments.containsAny(code, RUNS);
    if (runs && CodeArguments.containsAny(code, DECODERS)) {
      scan.hit(DECODED_TO_SHELL, step, null);
    }
    if (runs && (CodeArguments.containsAny(code, FETCHES) || loadsFetcher(step))) {
      scan.hit(EVAL_DOWNLOAD, step, null);
    }
    if (code.contains("fork")
        && (code.contains("while") || code.contains("loop") || code.contains("for(;;)"))) {
      scan.hit(FORK_BOMB, step, null);
    }
    if (PatternLiterals.finds(PRINTS_ENVIRONMENT, code)) {
      // console.log(process.env), print(os.environ): every variable, tokens among them.
      scan.hit(VARIABLE_PRINTED, step, null);
    }
    if (CodeArguments.containsAny(code, CONNECTS) && CodeArguments.containsAny(code, HANDS_OVER)) {
      // socket + dup2 + a shell, TCPSocket + IO.popen: a shell handed to a network peer.
      scan.hit(REVERSE_SHELL, step, null);
    }
    BuiltinRule cloud = CloudSdkCalls.deletes(code);
    if (cloud != null) {
      scan.hit(cloud, step, null);
    }
    java.util.regex.Matcher destroys = DESTROYS.matcher(code);
    if (destroys.find() && !TestDatabases.codeSpeaksToLocalTestsOnly(code)) {
      String found = destroys.group().toLowerCase(java.util.Locale.ROOT);
      if ((found.startsWith("flush") || found.startsWith("dropdatabase"))
          && TestDatabases.storesOnThisMachineOnly(code)) {
        return; // a Redis or a MongoDB of this machine: local test data (decision 92)
      }
      scan.hit(
          found.startsWith("truncate")
              ? DB_TRUNCATE
              : found.startsWith("flush") ? DB_FLUSH : DB_DROP,
          step,
          null);
    }
  }

  /** The deletes {@link DeletesByOtherNames} reads: renamed, mapped, globbed, getattr's. */
  private static void otherDoors(Scan scan, Step step, String code, boolean homeInCode) {
    for (String call : DeletesByOtherNames.CALLS) {
      for (int at = code.indexOf(call); at >= 0; at = code.indexOf(call, at + 1)) {
        if (at > 0 && Character.isLetterOrDigit(code.charAt(at - 1))) {
          continue; // tmpFile.delete(: another object's method
        }
        deleted(
            scan, step, CodeArguments.argument(scan, step, code, at + call.length(), homeInCode));
      }
    }
    for (int at : DeletesByOtherNames.renamedCalls(code)) {
      deleted(scan, step, CodeArguments.argument(scan, step, code, at, homeInCode));
    }
    for (String path : DeletesByOtherNames.paths(code)) {
      Target target = CodeArguments.path(scan, step, path, homeInCode);
      if (target != null) {
        deleted(scan, step, target);
      }
    }
  }

  /** Deletes the path that follows each match of {@code before} in {@code code}. */
  private static void unlinked(
      Scan scan, Step step, String code, java.util.regex.Pattern before, boolean homeInCode) {
    java.util.regex.Matcher m = before.matcher(code);
    while (m.find()) {
      deleted(scan, step, CodeArguments.argument(scan, step, code, m.end(), homeInCode));
    }
  }

  private static void read(Scan scan, Step step, String code) {
    runsHiddenCode(scan, step, code);
    boolean homeInCode = CodeArguments.containsAny(code, CodeArguments.HOME_SOURCES);
    Places places = scan.places();
    for (String call : DELETES) {
      for (int at = code.indexOf(call); at >= 0; at = code.indexOf(call, at + 1)) {
        String object = call.equals("unlink(") ? DeletesByOtherNames.objectPath(code, at) : null;
        Target named = object == null ? null : CodeArguments.path(scan, step, object, homeInCode);
        deleted(
            scan,
            step,
            named != null
                ? named // pathlib's Path('…').unlink(): the path is the object's
                : CodeArguments.argument(scan, step, code, at + call.length(), homeInCode));
      }
    }
    otherDoors(scan, step, code, homeInCode);
    if (PatternLiterals.finds(RECURSIVE, code)) {
      // julia's rm(p; recursive=true), R's unlink(p, recursive = TRUE): a bare call, recursive.
      java.util.regex.Matcher bare = BARE_DELETE.matcher(code);
      while (bare.find()) {
        deleted(scan, step, CodeArguments.argument(scan, step, code, bare.end(), homeInCode));
      }
    }
    if (step.program().startsWith("perl")
        && (code.contains("rmtree") || code.contains("remove_tree"))) {
      unlinked(scan, step, code, TREE_QUOTED, homeInCode); // rmtree "/home/user": a call of perl's
    }
    if (code.contains("unlink")) { // most inline code unlinks nothing: its text is not read twice
      unlinked(scan, step, code, UNLINK_QUOTED, homeInCode);
      unlinked(scan, step, code, FIND_UNLINKS, homeInCode); // -MFile::Find is perl's option
    }
    if (code.contains("walk(")
        && (code.contains("remove(") || code.contains("unlink(") || code.contains("rmdir("))) {
      // os.walk(ROOT) feeding os.remove: everything under ROOT, file by file.
      for (int at = code.indexOf("walk("); at >= 0; at = code.indexOf("walk(", at + 1)) {
        deleted(scan, step, CodeArguments.argument(scan, step, code, at + 5, homeInCode));
      }
    }
    for (String call : InlineWrites.COPIES) {
      for (int at = code.indexOf(call); at >= 0; at = code.indexOf(call, at + 1)) {
        int comma = CodeArguments.argumentEnd(code, at + call.length());
        if (comma < code.length() && code.charAt(comma) == ',') {
          Target onto = CodeArguments.argument(scan, step, code, comma + 1, homeInCode);
          if (onto.path() != null && GuardPaths.protectsGuard(places, onto.path())) {
            scan.hit(SELF, new Access(Kind.WRITE, onto, step.invocation()));
          }
        }
      }
    }
    InlineLinks.scan(scan, step, code, homeInCode);
    InlineFileWrites.read(scan, step, code, homeInCode);
    boolean writes = InlineWrites.any(code);
    for (String literal : joinedLiterals(code)) {
      Target target = CodeArguments.path(scan, step, literal, homeInCode);
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
        if (PatternLiterals.finds(DOWNLOAD_TO_SHELL, code)) {
          // file_put_contents("~/.bashrc", "curl … | sh"): every later shell runs the download,
          // as echo 'curl … | sh' >> ~/.bashrc is read.
          scan.hit(PIPE_TO_SHELL, step, null);
        }
      }
    }
    if (writes && CodeArguments.ARGV_INDEX.matcher(code).find()) {
      // open(sys.argv[1],'w'): the words after the code are what it writes.
      for (Word word : CodeArguments.afterCode(step, code)) {
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

  /**
   * The code's literals, and the paths it builds of them: {@code "id_"+"rsa"} joined, and two or
   * three literals in a row joined by {@code /} ({@code Path.home()/'.aws'/'credentials'}, {@code
   * path.join(homedir(), '.aws', 'credentials')}, {@code File.join(Dir.home, ".ssh", "id_rsa")}).
   */
  static List<String> joinedLiterals(String code) {
    String joined = code.replaceAll("([\"'])\\s*\\+\\s*([\"'])", "");
    List<String> literals = CodeArguments.literals(joined);
    List<String> out = new ArrayList<>(literals);
    for (int i = 0; i + 1 < literals.size() && i < 64; i++) {
      out.add(literals.get(i) + "/" + literals.get(i + 1));
      if (i + 2 < literals.size()) {
        out.add(literals.get(i) + "/" + literals.get(i + 1) + "/" + literals.get(i + 2));
      }
    }
    return out;
  }
}
