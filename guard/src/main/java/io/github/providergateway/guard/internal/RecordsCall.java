package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The call as the {@code records} rules read it (decision 119), once a call: its text (a shell
 * command's, or a server's tool's name and arguments), bounded and in lower case; the words of each
 * of its programs that act (not the readers, printers, local file tools, git or test runners of
 * {@link #LOCAL}, nor a test run); and those of them that say no dry run, validation, preview,
 * draft, test or development environment, sandbox or this machine ({@link #NOT_REAL}), nor a
 * vendor's test tenant ({@link TestEndpoints}: a staging, demo, preview or sandbox host).
 *
 * @param text the call's text
 * @param acting each acting program's words
 * @param real those of them that are no dry run, test or draft
 * @param shell whether the call is a shell command's
 */
record RecordsCall(String text, List<String> acting, List<String> real, boolean shell) {
  /** The most text read of one call. */
  static final int MAX_TEXT = 16 * 1024;

  /**
   * The programs whose words act on no record: they read, print, compare or build here. A call of
   * only these says what it says about records to the person, not to a record.
   */
  static final Set<String> LOCAL =
      NameSet.of(
          "grep",
          "egrep",
          "fgrep",
          "rg",
          "ag",
          "ack",
          "cat",
          "bat",
          "less",
          "more",
          "head",
          "tail",
          "wc",
          "ls",
          "tree",
          "find",
          "file",
          "stat",
          "du",
          "df",
          "echo",
          "printf",
          "jq",
          "yq",
          "xq",
          "cut",
          "sort",
          "uniq",
          "tr",
          "column",
          "diff",
          "cmp",
          "comm",
          "sha256sum",
          "sha1sum",
          "sha512sum",
          "md5sum",
          "b2sum",
          "cksum",
          "shasum",
          "xmllint",
          "pdftotext",
          "pdfinfo",
          "pdfgrep",
          "strings",
          "hexdump",
          "xxd",
          "od",
          "base64",
          "man",
          "which",
          "type",
          "test",
          "true",
          "false",
          "sleep",
          "cd",
          "pwd",
          "git",
          "gh",
          "glab",
          "pytest",
          "tox",
          "nox",
          "go",
          "cargo",
          "mvn",
          "mvnw",
          "gradle",
          "gradlew",
          "npm",
          "npx",
          "yarn",
          "pnpm",
          "make",
          "jest",
          "vitest",
          "mocha",
          "rspec",
          "phpunit",
          "libreoffice",
          "soffice",
          "pandoc",
          "code",
          "vim",
          "vi",
          "nano",
          "emacs",
          "open",
          "xdg-open",
          "ewfverify",
          "ewfinfo",
          "openssl",
          "rm",
          "cp",
          "mv",
          "ln",
          "mkdir",
          "rmdir",
          "chmod",
          "chown",
          "tar",
          "zip",
          "unzip",
          "gzip",
          "gunzip",
          "zcat",
          "zgrep",
          "xz",
          "touch",
          "tee",
          "sed",
          "gsed",
          "truncate",
          "shred",
          "exiftool",
          "faketime",
          "datefudge",
          "date",
          "export",
          "source",
          "set",
          "read",
          "while",
          "for",
          "xargs",
          "paste",
          "join",
          "split",
          "basename",
          "dirname",
          "realpath",
          "readlink",
          "env",
          "sqlite3",
          "awk",
          "gawk");

  /** A test runner in an interpreter's or a build tool's words: the records are test data. */
  private static final Pattern TEST_RUN =
      Pattern.compile(
          "(?:^|\\s)(?:-m\\s+)?(?:pytest|unittest|tox|nose2?|behave)\\b|manage\\.py\\s+test\\b"
              + "|\\b(?:go|cargo|npm|yarn|pnpm|bun|deno)\\s+test\\b|\\brspec\\b|\\bjest\\b");

  /**
   * What says a call is no act: a dry run, a validation, a preview, a draft, a test, development or
   * sandbox environment, this machine.
   */
  static final Pattern NOT_REAL =
      Pattern.compile(
          "--?dry[-_]?run\\b|\\bdry_run\\b|(?<![-\\w])(?:validate|verify)(?![-\\w])|--(?:validate|validate-only|preview|plan|check|noop"
              + "|what-?if|simulate|test|draft|no-send|no-submit|dryrun)\\b|-whatif\\b"
              + "|\\btest[-_]?mode\\b|--env(?:ironment)?[= ]+['\"]?(?:test|testing|dev|development"
              + "|staging|stage|sandbox|qa|local|uat|ci)\\b|\\benv(?:ironment)?=(?:test|testing|dev"
              + "|development|staging|sandbox|qa|local)\\b|settings\\.(?:test|dev|local)\\b"
              + "|demo\\.docusign|\\bsandbox|\\blocalhost\\b|127\\.0\\.0\\.1|\"status\"\\s*:\\s*"
              + "\"created\"|\\bdrafts?\\b|\\busr_test_|\\btest_user");

  private static final RecordsCall NOTHING = new RecordsCall("", List.of(), List.of(), false);

  /** Whether some program that acts says it is no dry run, test or draft. */
  boolean acts() {
    return !real.isEmpty();
  }

  /** The acting programs' words, together. */
  String actingText() {
    return String.join("\n", acting);
  }

  /** {@return the call's reading, made once a call} */
  static RecordsCall of(Scan scan) {
    return scan.once("RecordsCall", RecordsCall::read);
  }

  private static RecordsCall made(String text, List<String> acting, boolean shell) {
    List<String> real = new ArrayList<>(acting.size());
    for (String step : acting) {
      if (!PatternLiterals.finds(NOT_REAL, step) && !TestEndpoints.names(step)) {
        real.add(step);
      }
    }
    return new RecordsCall(text, acting, real, shell);
  }

  private static RecordsCall read(Scan scan) {
    String source = scan.source();
    if (source == null) {
      CallForRules call = scan.call();
      String tool = call.tool();
      if (!tool.contains("__") && !tool.startsWith("mcp")) {
        return NOTHING; // an agent's own tool: the file tools are read by their accesses
      }
      int last = tool.lastIndexOf("__");
      String name = last >= 0 ? tool.substring(last + 2) : tool;
      List<String> words = ActsPredicates.words(name);
      if (words.isEmpty() || READING_TOOL.contains(words.get(0))) {
        return NOTHING;
      }
      JsonNode args = call.args();
      String text = lower(String.join(" ", ActsPredicates.words(tool)) + " " + args);
      return made(text, List.of(text), false);
    }
    List<String> acting = new ArrayList<>();
    StringBuilder read = null; // the command lines inline code's library calls stand for
    for (Step step : scan.steps()) {
      if (LOCAL.contains(step.program()) || step.program().isEmpty()) {
        continue; // most programs: a set lookup
      }
      StringBuilder words = new StringBuilder(step.program());
      for (Word word : step.args()) {
        words.append(' ').append(word.text());
        if (words.length() > MAX_TEXT) {
          break;
        }
      }
      String text = lower(words.toString());
      if (!PatternLiterals.finds(TEST_RUN, text)) {
        acting.add(text);
      }
      if (step.invocation().clientCall()) {
        // requests.post(u, files={'f': open(p)}) says what curl -F f=@p u says: the call's text
        // holds both, so that the rules that read the text read the send (issue 80).
        read = (read == null ? new StringBuilder(source) : read).append('\n').append(words);
      }
    }
    return made(lower(read == null ? source : read.toString()), acting, true);
  }

  /**
   * Whether a shell command's only acting programs are kubectl's reads ({@code kubectl describe
   * cronjob evidence-purge}, {@code kubectl get jobs}): a look at a job, not a run of it.
   */
  static boolean kubectlReadsOnly(Scan scan) {
    return onlyActing(scan, KubectlDeletes::reads);
  }

  /** {@return a text bounded to {@link #MAX_TEXT} and in lower case} */
  static String lower(String text) {
    String bounded = text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) : text;
    return bounded.toLowerCase(Locale.ROOT);
  }

  /** The first words of a tool's name that make it a read. */
  private static final Set<String> READING_TOOL =
      NameSet.of(
          "get",
          "list",
          "search",
          "describe",
          "read",
          "fetch",
          "find",
          "show",
          "view",
          "count",
          "download",
          "export",
          "validate",
          "preview",
          "draft",
          "create_draft");

  /**
   * Whether the call's only acting programs are HTTP clients that read (GET, HEAD) or database
   * clients given only statements that read ({@link SqlReadsOnly}).
   */
  static boolean readsOnly(Scan scan) {
    return onlyActing(scan, RecordsCall::reads);
  }

  /** Whether a program reads: a SQL client given only reads, an HTTP client's GET or HEAD. */
  private static boolean reads(Step step) {
    if (SqlReadsOnly.reads(step)) {
      return true; // psql -c "SELECT …": a count of filings is no filing
    }
    String program = step.program();
    if (!program.equals("curl")
        && !program.equals("wget")
        && !program.equals("http")
        && !program.equals("xh")) {
      return false;
    }
    String method = ServiceCalls.method(program, step.args());
    return method.equals("get") || method.equals("head");
  }

  /**
   * Whether a shell command has acting programs (those not {@link #LOCAL}) and every one is {@code
   * reads}'s.
   */
  private static boolean onlyActing(Scan scan, java.util.function.Predicate<Step> reads) {
    if (scan.source() == null) {
      return false;
    }
    boolean any = false;
    for (Step step : scan.steps()) {
      if (LOCAL.contains(step.program()) || step.program().isEmpty()) {
        continue;
      }
      if (!reads.test(step)) {
        return false;
      }
      any = true;
    }
    return any;
  }
}
