package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Where.Read;
import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code land} rules' readings of the text a call writes (decision 120): a printer's text or
 * here-document sent to a file, {@code tee}'s piped input, {@code sed -i}'s and {@code perl -pi}'s
 * replacements, inline code that writes a file it names, an edit tool's text; each read for a
 * wrapper that catches {@code sudo}'s password, instructions planted for later agents, a proxy
 * elsewhere, attributes that hide code from review, code left for direnv or mise, tests skipped
 * wholesale, Trojan Source, link handlers, a program written ahead of the system's on PATH.
 */
final class LandWrites {
  private LandWrites() {}

  /** The programs whose password a wrapper of the same name catches. */
  static final String WRAPPED =
      "sudo|su|doas|pkexec|passwd|ssh|scp|sftp|gpg|gpg2|kinit|login|security|op|bw|vault|mysql|psql";

  /** A function or alias that stands in for a program that asks for a password. */
  static final Pattern WRAPPER =
      Pattern.compile(
          "(?m)(?:^|[;&|{\\s])(?:function\\s+)?(?:"
              + WRAPPED
              + ")\\s*\\(\\s*\\)|(?:^|[;&\\s])(?:function\\s+(?:"
              + WRAPPED
              + ")\\b)|\\balias\\s+(?:"
              + WRAPPED
              + ")=");

  /**
   * An alias that makes {@code sudo} (or its kin) another program: not {@code alias sudo='sudo '},
   * the idiom that lets aliases expand after it.
   */
  static final Pattern ALIASED =
      Pattern.compile(
          "\\balias\\s+(sudo|su|doas|pkexec|passwd)=['\"]?(?!\\1\\b|nocorrect\\b|noglob\\b|command\\s+\\1\\b|['\"]|$)");

  /** What reads a password without echoing it, or hands one on to a program that takes it. */
  static final Pattern CATCHES =
      Pattern.compile(
          "(?i)read\\s+(?:-\\w*s\\w*|-\\w+\\s+-s)|stty\\s+-echo|getpass|sudo\\s+-S\\b|password"
              + "|--stdin\\b|askpass");

  /** The files agents read as their standing instructions. */
  static final Pattern AGENT_INSTRUCTIONS =
      Pattern.compile(
          "(?i)(?:^|/)(?:AGENTS|CLAUDE|GEMINI|CODEX|COPILOT|CONVENTIONS|AGENT)(?:\\.local)?\\.md$"
              + "|(?:^|/)\\.(?:cursorrules|windsurfrules|clinerules|goosehints|aider\\.conf\\.yml)$"
              + "|(?:^|/)\\.github/(?:copilot-instructions\\.md|instructions/[^/]{1,100}\\.md)$"
              + "|(?:^|/)\\.(?:cursor|windsurf|clinerules|amazonq|kiro)/(?:rules|steering)/[^/]{1,100}$"
              + "|(?:^|/)\\.claude/(?:commands|agents)/[^/]{1,100}\\.md$");

  /**
   * What an instruction to the next agent says that no project needs: to act without the person's
   * approval, to keep something from them, its own safety off, or code fetched and run.
   */
  static final Pattern PLANTED =
      Pattern.compile(
          "(?i)without (?:asking|confirm|approv|prompt|permission|telling|review)"
              + "|(?:do not|don'?t|never) (?:ask|tell|mention|inform|notify|reveal|show|report|log|"
              + "disclose|confirm|wait for|prompt)"
              + "|(?:hide|conceal) (?:this|these|it|the change|changes|from)"
              + "|ignore (?:all |any )?(?:previous|prior|above|earlier|other) instructions"
              + "|dangerously-skip-permissions|bypasspermissions|--yolo\\b|approval[-_ ]?(?:mode|policy)"
              + "[\\s=:]{1,3}[\"']?(?:yolo|never)|danger-full-access|auto-?approve (?:all|every)"
              + "|skip (?:all )?(?:permission|approval|confirmation)s?"
              + "|\\|\\s*(?:sudo\\s+)?(?:ba|z|da|k)?sh\\b|\\biex\\b|invoke-expression"
              + "|disable (?:the )?(?:guard|hooks?|sandbox)|(?:guard|hooks?|sandbox) (?:off|disabled)");

  /** A proxy's value after its name in a line of a file: a URL, or {@code host:port}. */
  static final Pattern PROXY_VALUE =
      Pattern.compile(
          "(?:[=\\s:]|\")\\s*['\"]?([\\w.+-]{1,20}://[^\\s'\";]{1,300}|[\\w.-]{1,253}:\\d{1,5})");

  /** A proxy's host given alone: {@code proxyHost=h}, {@code proxy_host: h}. */
  static final Pattern PROXY_HOST =
      Pattern.compile("(?i)^proxy[_-]?host\\s*[=:]\\s*['\"]?([\\w.-]{1,253})");

  /** An attribute that hides a file's changes from a diff or a review. */
  static final Pattern HIDING_ATTRIBUTE =
      Pattern.compile(
          "(?i)(?:^|\\s)(?:-diff|binary|linguist-generated(?:=true)?|linguist-vendored(?:=true)?"
              + "|linguist-documentation(?:=true)?|-text|diff=\\w+|merge=ours|export-ignore)(?:\\s|$)");

  /** A pattern of files that are code or configuration a person reviews. */
  static final Pattern REVIEWED =
      Pattern.compile(
          "(?i)(?:^|/)(?:src|app|lib|pkg|cmd|internal|api|server|auth|config|conf|settings|tests?"
              + "|spec|\\.github|scripts|migrations|db|security|middleware|handlers|controllers"
              + "|models|routes|services)(?:/|$)|\\.(?:py|js|mjs|cjs|ts|tsx|jsx|rb|go|rs|java|kt"
              + "|scala|cs|php|swift|c|cc|cpp|h|hpp|sh|bash|ps1|sql|tf|ya?ml|toml|ini|cfg|conf"
              + "|json|xml|gradle|lock|env)(?:\\b|$)|\\*\\*?$|^\\*$");

  /** An editor's settings file, where its agent's approvals are set. */
  static final Pattern EDITOR_SETTINGS =
      Pattern.compile(
          "(?:^|/)\\.vscode/settings\\.json$|(?:^|/)Code(?: - Insiders)?/User/settings\\.json$"
              + "|(?:^|/)\\.cursor/[^/]{1,60}\\.json$|(?:^|/)Cursor/User/settings\\.json$"
              + "|(?:^|/)\\.windsurf/[^/]{1,60}\\.json$|\\.code-workspace$");

  /** A setting that lets an editor's agent run every tool or command without asking. */
  static final Pattern AUTO_APPROVE =
      Pattern.compile(
          "\"(?:chat\\.tools(?:\\.global)?\\.autoApprove|chat\\.tools\\.terminal\\.autoApprove"
              + "|cline\\.autoApprovalSettings|roo-cline\\.alwaysAllow\\w*|cursor\\.agent\\.autoRun"
              + "|[\\w.]{0,60}(?:yolo|autoApprove|autoRun)[\\w.]{0,40})\"\\s*:\\s*(?:true|\\{[^}]{0,200}\"/\\.\\*/\"\\s*:\\s*true)");

  static boolean writesAgentAutoApprove(Scan scan, Step step, Read read) {
    return written(scan, step, LandWrites::autoApprove);
  }

  /** An editor's settings given an agent's approval of every tool or command. */
  static String autoApprove(String old, String now, List<String> files) {
    String file = files.get(0);
    return PatternLiterals.finds(EDITOR_SETTINGS, file)
            && PatternLiterals.finds(AUTO_APPROVE, now)
            && !PatternLiterals.finds(AUTO_APPROVE, old)
        ? file
        : null;
  }

  /**
   * Files that are built, fetched or documentation, whose diffs and language statistics projects
   * fold away.
   */
  static final Pattern GENERATED =
      Pattern.compile(
          "(?i)(?:^|/)(?:dist|build|out|vendor|node_modules|generated|gen|third_party|coverage"
              + "|__snapshots__|snapshots|fixtures|testdata|docs?|documentation|examples?|samples?"
              + "|assets|static|public|images|media)(?:/|$)|\\.min\\.(?:js|css)|\\.(?:md|rst|txt|ipynb)$"
              + "|\\.(?:map|snap|svg|png|jpe?g|gif|ico|pdf|woff2?|ttf|eot|zip|gz|jar|bin|pb\\.go"
              + "|g\\.dart|designer\\.cs|pbxproj)(?:\\b|$)|_pb2\\.py|\\.pb\\.|package-lock\\.json"
              + "|yarn\\.lock|pnpm-lock\\.yaml|poetry\\.lock|cargo\\.lock|gemfile\\.lock|go\\.sum"
              + "|composer\\.lock|\\.lock$|(?:^|/)\\*\\.(?:lock)$");

  /** direnv's own functions and the shell's assignments: an .envrc's ordinary lines. */
  static final Pattern ENVRC_ORDINARY =
      Pattern.compile(
          "^\\s*(?:#.*|export\\s+\\w+(?:=.*)?|\\w+=.*|unset\\s+.*|layout\\s+.*|use\\s+.*|dotenv(?:_if_exists)?"
              + "(?:\\s.*)?|source_env(?:_if_exists)?\\s.*|source_up(?:_if_exists)?(?:\\s.*)?|PATH_add\\s.*"
              + "|path_add\\s.*|MANPATH_add\\s.*|watch_file\\s.*|watch_dir\\s.*|env_vars_required\\s.*"
              + "|strict_env|unstrict_env|load_prefix\\s.*|log_status\\s.*|log_error\\s.*|fi|then|else"
              + "|if\\s+.*|has\\s+.*|expand_path\\s.*|nix_direnv\\w*.*|set\\s+-\\w+|[{}]|)\\s*$");

  /** mise's settings files: its hooks run when the person enters the folder. */
  static final Pattern MISE_FILE =
      Pattern.compile(
          "(?:^|/)\\.?(?:mise|rtx)(?:\\.local)?\\.toml$|(?:^|/)\\.?mise/config(?:\\.local)?\\.toml$");

  /** A hook of mise's, or a file it sources into the folder's environment. */
  static final Pattern MISE_HOOK =
      Pattern.compile(
          "(?m)^\\s*\\[hooks]|^\\s*(?:enter|leave|cd|preinstall|postinstall)\\s*=|_\\.source\\s*=");

  /** A VS Code task run when the folder is opened. */
  static final Pattern FOLDER_OPEN = Pattern.compile("\"runOn\"\\s*:\\s*\"folderOpen\"");

  /** A hook of pytest's or a file's line that skips every test it collects. */
  static final Pattern SKIPS_ALL =
      Pattern.compile(
          "(?s)pytest_collection_modifyitems.{0,600}?(?:add_marker\\(\\s*(?:pytest\\.mark\\.)?(?:skip|xfail)"
              + "|items\\[:]\\s*=\\s*\\[\\s*]|items\\.clear\\(\\))"
              + "|pytest\\.skip\\([^)]{0,300}allow_module_level\\s*=\\s*True"
              + "|collect_ignore_glob\\s*=\\s*\\[\\s*['\"]\\*"
              + "|testPathIgnorePatterns['\"]?\\s*:\\s*\\[\\s*['\"](?:\\.\\*|/|<rootDir>/?)['\"]"
              // npm's default test script echoes and exits 1: it fails, it skips nothing
              + "|\"test\"\\s*:\\s*\"(?:exit 0|true|echo (?![^\\n]{0,120}exit [1-9])[^\"]{0,80})\""
              + "|\"test(?::[\\w-]{1,30})?\"\\s*:\\s*\"[^\"\\n]{1,200}\\|\\|\\s*(?:true|exit 0|:)\\s*\""
              + "|(?m)^\\s*(?:-\\s*)?run:\\s*(?:pytest|npm (?:run )?test|yarn test|pnpm test|go test|cargo test"
              + "|mvn\\b[^\\n]{0,80}test|gradle\\b[^\\n]{0,80}test|make test|tox|rspec|jest|vitest|phpunit)"
              + "[^\\n]{0,200}\\|\\|\\s*(?:true|exit 0|:)\\s*$"
              + "|def pytest_runtest_call\\([^)]{0,100}\\)\\s*(?:->\\s*None\\s*)?:\\s*(?:pass|return|\\.\\.\\.)"
              + "|def pytest_pyfunc_call\\([^)]{0,100}\\)\\s*:\\s*return True"
              + "|(?m)^\\s*addopts\\s*=.{0,200}(?:--co\\b|--collect-only|-k\\s+['\"]?not\\s)");

  /** An assertion made always true, where the text taken out asserted something. */
  static final Pattern ALWAYS_TRUE =
      Pattern.compile(
          "\\bassert\\s+True\\b|\\bassert\\s+1\\b|expect\\(\\s*true\\s*\\)\\.toBe\\(\\s*true\\s*\\)"
              + "|assertTrue\\(\\s*true\\s*\\)|assert_eq!\\(\\s*1\\s*,\\s*1\\s*\\)");

  /** A file that runs the tests: a test runner's script, a test folder's shell script. */
  static final Pattern TEST_RUNNER =
      Pattern.compile(
          "(?i)(?:^|/)(?:tests?|spec)/[^/]{1,100}\\.sh$|(?:^|/)run[_-]?tests?[^/]{0,20}$|(?:^|/)test\\.sh$");

  /** What an edit tool's call does, as one of the readers below reads it: the file, or null. */
  static String edited(Scan scan, WeakenPredicates.ChangeReader<String> reader) {
    return EditCalls.read(
        scan.call(),
        (old, now, files) ->
            now.length() > LandPredicates.MAX_TEXT ? null : reader.read(old, now, files));
  }

  /**
   * What a program writes to a file, as one of the readers below reads it: a printer's text or
   * here-document sent to a file, {@code sed -i}'s or {@code perl -pi}'s replacement, inline code
   * that writes a file it names ({@code open('AGENTS.md','a').write(…)}).
   */
  static boolean written(Scan scan, Step step, WeakenPredicates.ChangeReader<String> reader) {
    String program = step.program();
    if (!PRINTERS.contains(program) && !IN_PLACE.contains(program) && !step.interpreter()) {
      return false;
    }
    for (Change change : changes(scan, step)) {
      if (found(scan, reader, change)) {
        return true;
      }
    }
    return false;
  }

  private record Reading(WeakenPredicates.ChangeReader<String> reader, Change change) {}

  /**
   * Whether a reader finds something in a change, a long text read once a call (issue 80): each
   * {@code tee} is handed the command before its last pipe, so a 4 KiB command's 25 {@code tee}s
   * had each reader read it 25 times. The readers are functions of the change alone.
   */
  private static boolean found(
      Scan scan, WeakenPredicates.ChangeReader<String> reader, Change change) {
    if (change.now().length() < FoldedTexts.LONG) {
      return reader.read(change.old(), change.now(), change.files()) != null;
    }
    java.util.Map<Reading, Boolean> read =
        scan.once("LandWrites.found", s -> new java.util.HashMap<>());
    return read.computeIfAbsent(
        new Reading(reader, change),
        r -> reader.read(change.old(), change.now(), change.files()) != null);
  }

  /** A change a program makes to files: the text taken out, the text put in, the files. */
  record Change(String old, String now, List<String> files) {}

  /**
   * The changes a program makes, read once a call for every rule that asks ({@link Scan#once}):
   * eight predicates read the same text.
   */
  private static List<Change> changes(Scan scan, Step step) {
    java.util.Map<Step, List<Change>> read =
        scan.once("LandWrites.changes", s -> new java.util.IdentityHashMap<>());
    return read.computeIfAbsent(step, s -> readChanges(scan, s));
  }

  private static List<Change> readChanges(Scan scan, Step step) {
    List<Change> out = new java.util.ArrayList<>(1);
    WeakenPredicates.ChangeReader<String> collect =
        (old, now, files) -> {
          if (now.length() <= LandPredicates.MAX_TEXT && !files.isEmpty() && out.size() < 32) {
            out.add(new Change(old, now, List.copyOf(files)));
          }
          return null;
        };
    String program = step.program();
    if (PRINTERS.contains(program)) {
      WeakenPredicates.written(scan, step, collect);
      if (program.equals("tee")) {
        piped(scan, step, collect);
      }
    } else if (IN_PLACE.contains(program)) {
      WeakenPredicates.inPlace(step, collect);
    } else if (step.interpreter()) {
      codeWrites(step, collect);
    }
    return out;
  }

  /** The programs that print text into a file by a redirection or as {@code tee}. */
  static final Set<String> PRINTERS = Set.of("echo", "printf", "tee", "cat");

  /** The programs that change a file in place by a replacement. */
  static final Set<String> IN_PLACE = Set.of("sed", "gsed", "perl");

  /** Inline code that writes or appends to a file. */
  static final Pattern CODE_WRITES =
      Pattern.compile(
          "write(?:_text|FileSync|File)?\\s*\\(|appendFile(?:Sync)?\\s*\\(|File\\.write|IO\\.write"
              + "|file_put_contents|open\\([^)]{0,200}['\"][wa]|>>?\\s*['\"]?[\\w./-]");

  /** A literal of code that names a file: no blank, a folder or a name with an ending. */
  static final Pattern FILE_LITERAL = Pattern.compile("[\\w.~/-]{0,300}(?:/|\\.)[\\w.-]{1,100}");

  /**
   * Inline code that writes a file: each literal that names a file read as the file written, the
   * code's other literals as the text put in (escapes read as the characters they stand for).
   */
  static boolean codeWrites(Step step, WeakenPredicates.ChangeReader<String> reader) {
    String code = CustomerPredicates.code(step);
    if (code == null || !PatternLiterals.finds(CODE_WRITES, code)) {
      return false;
    }
    List<String> literals = CodeArguments.literals(code);
    if (literals.size() > 64) {
      return false;
    }
    StringBuilder text = new StringBuilder();
    List<String> files = new java.util.ArrayList<>();
    for (String literal : literals) {
      if (literal.indexOf(' ') < 0 && PatternLiterals.matches(FILE_LITERAL, literal)) {
        files.add(literal);
      } else {
        text.append(literal.replace("\\n", "\n").replace("\\t", "\t")).append('\n');
      }
    }
    for (String file : files) {
      if (reader.read("", text.toString(), List.of(file)) != null) {
        return true;
      }
    }
    return false;
  }

  /**
   * What {@code tee} is given by a pipe ({@code echo '…' | sudo tee /etc/…}): the command before
   * it, read as the text, with tee's files.
   */
  static boolean piped(Scan scan, Step step, WeakenPredicates.ChangeReader<String> reader) {
    String source = scan.source();
    if (source == null || source.length() > LandPredicates.MAX_TEXT || source.indexOf('|') < 0) {
      return false;
    }
    List<String> files = new java.util.ArrayList<>();
    for (Word word : step.args()) {
      if (!word.text().startsWith("-")) {
        for (Target target : scan.targets(step, word)) {
          if (target.known() && !target.path().startsWith("/dev")) {
            files.add(target.path().toString());
          }
        }
      }
    }
    return !files.isEmpty() && reader.read("", beforeLastPipe(scan), files) != null;
  }

  /**
   * The command before its last pipe, one text a call for every {@code tee} it runs: the readers
   * ask of the same object, whose folded copy {@link FoldedTexts} then keeps.
   */
  private static String beforeLastPipe(Scan scan) {
    return scan.once(
        "LandWrites.beforeLastPipe", s -> s.source().substring(0, s.source().lastIndexOf('|')));
  }

  static boolean writesPasswordCatcher(Scan scan, Step step, Read read) {
    return written(scan, step, LandWrites::catcher);
  }

  /** A function or alias standing in for {@code sudo} (and its kin) that reads the password. */
  static String catcher(String old, String now, List<String> files) {
    // What catches first: its literals rule most texts out, where WRAPPER (names of two letters)
    // has none and reads every character of a piped command's text for each tee. ALIASED has a
    // backreference, which PatternLiterals does not read: its "alias" is asked here.
    boolean caught =
        PatternLiterals.finds(CATCHES, now) && PatternLiterals.finds(WRAPPER, now)
            || now.contains("alias") && PatternLiterals.finds(ALIASED, now);
    return caught ? files.get(0) : null;
  }

  static boolean writesAgentInstructions(Scan scan, Step step, Read read) {
    return written(scan, step, LandWrites::planted);
  }

  /** An agent's instructions file given a line that takes the person or a safety out. */
  static String planted(String old, String now, List<String> files) {
    for (String file : files) {
      if (PatternLiterals.finds(AGENT_INSTRUCTIONS, file) && PatternLiterals.finds(PLANTED, now)) {
        return file;
      }
    }
    return null;
  }

  static boolean writesProxyElsewhere(Scan scan, Step step, Read read) {
    return written(scan, step, LandWrites::proxyWritten);
  }

  /** A proxy set in a file to a host elsewhere: {@code export https_proxy=http://h:p}. */
  static String proxyWritten(String old, String now, List<String> files) {
    if (!PatternLiterals.containsIgnoringCase(now, "proxy")) {
      return null; // no copy of the text in lower case: asked of everything written
    }
    for (String line : now.split("\n", 200)) {
      String lower = line.toLowerCase(Locale.ROOT);
      int at = lower.indexOf("proxy");
      if (at < 0 || line.length() > 1000) {
        continue;
      }
      String rest = line.substring(at);
      Matcher value = PatternLiterals.matcher(PROXY_VALUE, rest);
      if (value.find() && LandPrograms.elsewhere(value.group(1))) {
        return files.get(0);
      }
      Matcher host = PatternLiterals.matcher(PROXY_HOST, rest);
      if (host.find() && !Hosts.loopback(host.group(1)) && host.group(1).indexOf('.') > 0) {
        return files.get(0); // systemProp.https.proxyHost=203.0.113.5: a host with no port
      }
    }
    return null;
  }

  static boolean writesHidingAttributes(Scan scan, Step step, Read read) {
    return written(scan, step, LandWrites::hidingAttributes);
  }

  /**
   * A {@code .gitattributes} line that hides the changes of code or configuration from diffs and
   * reviews ({@code src/auth/** -diff}, {@code *.py linguist-generated}); a file the project builds
   * or fetches ({@code dist/**}, a lock file, images) is no such file.
   */
  static String hidingAttributes(String old, String now, List<String> files) {
    String file = files.get(0);
    boolean exclude = file.endsWith("/info/exclude");
    if (!exclude && !file.endsWith(".gitattributes") && !file.endsWith("/info/attributes")) {
      return null;
    }
    for (String line : now.split("\n", 500)) {
      String trimmed = line.trim();
      if (trimmed.isEmpty() || trimmed.startsWith("#") || trimmed.length() > 400) {
        continue;
      }
      String pattern = trimmed.split("\\s+", 2)[0];
      if (exclude
          && !pattern.endsWith("/")
          && PatternLiterals.finds(REVIEWED, pattern)
          && !PatternLiterals.finds(GENERATED, pattern)) {
        return file; // a file of code kept out of git status: a new file nobody reviews
      }
      if (PatternLiterals.finds(HIDING_ATTRIBUTE, trimmed.substring(pattern.length()))
          && PatternLiterals.finds(REVIEWED, pattern)
          && !PatternLiterals.finds(GENERATED, pattern)) {
        return file;
      }
    }
    return null;
  }

  static boolean writesFolderCode(Scan scan, Step step, Read read) {
    return written(scan, step, LandWrites::folderCode);
  }

  /**
   * Code left to run when the person enters or opens the folder: an {@code .envrc} line that is no
   * assignment nor direnv's own function ({@code aws s3 sync …}), a VS Code task run on {@code
   * folderOpen}.
   */
  static String folderCode(String old, String now, List<String> files) {
    String file = files.get(0);
    if (file.endsWith("/.envrc") || file.equals(".envrc") || file.endsWith("/.env.rc")) {
      for (String line : now.split("\n", 200)) {
        if (line.length() > 1000 || !PatternLiterals.matches(ENVRC_ORDINARY, line)) {
          return file;
        }
      }
      return null;
    }
    if (PatternLiterals.finds(MISE_FILE, file)) {
      return PatternLiterals.finds(MISE_HOOK, now) ? file : null;
    }
    if (file.endsWith(".vscode/tasks.json") || file.endsWith(".code-workspace")) {
      return PatternLiterals.finds(FOLDER_OPEN, now) ? file : null;
    }
    return null;
  }

  static boolean writesTestsSkipped(Scan scan, Step step, Read read) {
    return written(scan, step, LandWrites::testsSkipped);
  }

  /** A conftest, a test runner's settings or a package's test script that skips every test. */
  static String testsSkipped(String old, String now, List<String> files) {
    String file = files.get(0);
    if (PatternLiterals.finds(SKIPS_ALL, now) && !PatternLiterals.finds(SKIPS_ALL, old)) {
      return file;
    }
    if (PatternLiterals.finds(ALWAYS_TRUE, now)
        && (old.contains("assert") || old.contains("expect(") || old.contains(".*"))
        && !PatternLiterals.finds(ALWAYS_TRUE, old)) {
      return file; // s/assert .*/assert True/
    }
    String body = now.strip();
    if (PatternLiterals.finds(TEST_RUNNER, file)
        && (body.equals("exit 0")
            || body.equals("true")
            || body.equals(":")
            || body.matches("#![^\\n]{1,60}\\n+(?:exit 0|true|:)"))) {
      return file; // a test runner that runs nothing and passes
    }
    return null;
  }

  /** The characters that reorder text as shown: Trojan Source's bidirectional controls. */
  static final Pattern BIDI =
      Pattern.compile("[\u202A-\u202E\u2066-\u2069]|(?i)\\\\u(?:202[a-e]|206[6-9])");

  static boolean writesBidi(Scan scan, Step step, Read read) {
    return written(scan, step, LandWrites::bidi);
  }

  /** Code or configuration given characters that show it other than it runs. */
  static String bidi(String old, String now, List<String> files) {
    return mayHoldBidi(now) && PatternLiterals.finds(BIDI, now) && !PatternLiterals.finds(BIDI, old)
        ? files.get(0)
        : null;
  }

  /**
   * Whether a text may hold what {@link #BIDI} finds: one of its characters, or a backslash before
   * a {@code u} (the pattern has no literal for {@link PatternLiterals}, and a piped command's text
   * is read for each {@code tee}).
   */
  static boolean mayHoldBidi(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c >= '\u202A' && c <= '\u202E' || c >= '\u2066' && c <= '\u2069') {
        return true;
      }
      if (c == '\\' && i + 1 < text.length() && (text.charAt(i + 1) | 0x20) == 'u') {
        return true;
      }
    }
    return false;
  }

  /**
   * Inline code that writes a program named like a system one into a folder ahead of the system's
   * on {@code PATH} ({@code open(os.path.expanduser('~/.local/bin/git'),'w')}): as {@code
   * persist.path-shadow}'s copy, by code.
   */
  static boolean codeWritesAheadOfSystem(Scan scan, Step step, Read read) {
    if (!step.interpreter()) {
      return false;
    }
    String code = CustomerPredicates.code(step);
    if (code == null || !PatternLiterals.finds(CODE_WRITES, code) || code.indexOf("bin/") < 0) {
      return false;
    }
    List<String> literals = CodeArguments.literals(code);
    for (int i = 0; i < literals.size() && i < 64; i++) {
      String literal = literals.get(i);
      if (literal.indexOf("bin/") < 0 || literal.length() > 300) {
        continue;
      }
      Target target = CodeArguments.path(scan, step, literal, LandPredicates.homeInCode(code));
      if (target != null
          && target.known()
          && PersistentPlaces.aheadOfSystem(scan.places().home(), target.path())) {
        return true;
      }
    }
    return false;
  }

  static boolean writesLinkHandlers(Scan scan, Step step, Read read) {
    return written(scan, step, LandWrites::linkHandlers);
  }

  /** A desktop's list of default applications given a handler of web or mail links. */
  static String linkHandlers(String old, String now, List<String> files) {
    String file = files.get(0);
    if (!file.endsWith("mimeapps.list") && !file.endsWith("defaults.list")) {
      return null;
    }
    return PatternLiterals.finds(LINK_HANDLER_LINE, now) ? file : null;
  }

  /** A line of mimeapps.list that names the handler of web or mail links, or of web pages. */
  static final Pattern LINK_HANDLER_LINE =
      Pattern.compile("(?m)^\\s*(?:x-scheme-handler/(?:https?|mailto|ftp|ssh)|text/html)\\s*=");

  static boolean editsTestsSkippedWholesale(Scan scan, Step step, Read read) {
    if (!IN_PLACE.contains(step.program())) {
      return false;
    }
    return WeakenPredicates.inPlace(step, LandWrites::skipsWholesale) != null;
  }

  /** A skip marker a replacement adds to every test it meets. */
  static final Pattern SKIP_MARK =
      Pattern.compile(
          "\\b(?:describe|it|test|context|suite)\\.skip\\(|\\bx(?:it|describe|test)\\(|\\bt\\.Skip(?:Now)?\\("
              + "|@(?:pytest\\.mark\\.skip|unittest\\.skip|Disabled|Ignore)\\b|#\\[ignore]");

  /**
   * {@code sed -i 's/describe(/describe.skip(/'}: a replacement that skips every suite it meets.
   */
  static String skipsWholesale(String old, String now, List<String> files) {
    return PatternLiterals.finds(SKIP_MARK, now)
            && !PatternLiterals.finds(SKIP_MARK, old)
            && old.indexOf('\n') < 0
        ? (files.isEmpty() ? "tests" : files.get(0))
        : null;
  }
}
