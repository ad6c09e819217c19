package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A rehearsal's material sent for real (decision 222, {@code safeguards.rehearsal-sent-live}): a
 * test's, a drill's or an exercise's file ({@code tests/fixtures/cap/ffw_drill.xml}, {@code
 * heartland_cu_TEST_cycle.m2}, {@code /tmp/drill_tor.txt}) handed to a program, a tool or inline
 * code that sends, publishes, transmits, loads or replays it ({@code wxalert send}, {@code make
 * publish-cap FILE=…}, {@code m2-loader load --file}, {@code transmit_product}, {@code
 * requests.post(…, data=open('tests/fixtures/…'))}), or copied into a folder another system takes
 * its input from ({@code /srv/m2/inbound/}); and a recording replayed into a target ({@code
 * replay-orders --journal … --target fix://…}). Not this: anything that names a test place beside
 * it (a sandbox, a simulator, staging, a test lab, this machine, a dry run or a validation), where
 * a rehearsal is sent every day.
 */
final class RehearsalSends {
  private RehearsalSends() {}

  /** The most text of a call read. */
  private static final int MAX_TEXT = 16 * 1024;

  /** The verbs that put what they are given before people, a market or a system of record. */
  private static final Set<String> SENDS =
      NameSet.of(
          "send",
          "sender",
          "transmit",
          "publish",
          "post",
          "broadcast",
          "interrupt",
          "disseminate",
          "load",
          "loader",
          "inject",
          "replay",
          "submit",
          "upload",
          "deliver",
          "ingest",
          "relay");

  /** The words of a file's name or folder that say it is a rehearsal's. */
  private static final Set<String> MATERIAL =
      NameSet.of(
          "test",
          "tests",
          "drill",
          "exercise",
          "practice",
          "fixture",
          "fixtures",
          "testdata",
          "dummy",
          "fake",
          "mock",
          "training",
          "rehearsal");

  /** The words that name a test place, a dry run or a check: where a rehearsal belongs. */
  private static final Set<String> TEST_PLACES =
      NameSet.of(
          "test",
          "tests",
          "testing",
          "sandbox",
          "sim",
          "simulator",
          "simulation",
          "staging",
          "stage",
          "stg",
          "uat",
          "qa",
          "dev",
          "local",
          "localhost",
          "127",
          "tdl",
          "mock",
          "dry",
          "dryrun",
          "validate",
          "validation",
          "check",
          "lint",
          "preview",
          "practice",
          "exercise",
          "drill",
          "training",
          "demo",
          "noop",
          "train",
          "sbx",
          "certification",
          "help");

  /** The programs that run a script named first. */
  private static final Set<String> SCRIPT_RUNNERS =
      NameSet.of("python", "python3", "bash", "sh", "node", "ruby", "perl", "bun", "deno");

  /** A script's path, its name the group. */
  private static final Pattern SCRIPT =
      Pattern.compile("(?:[\\w.\\-]{1,80}/){0,6}([\\w\\-]{1,80})\\.(?:py|sh|rb|js|mjs|ts|pl)");

  /** Words that end in test and say no test. */
  private static final Set<String> NOT_A_TEST =
      NameSet.of(
          "latest",
          "greatest",
          "fastest",
          "attest",
          "contest",
          "protest",
          "detest",
          "shortest",
          "smartest",
          "hottest",
          "quietest",
          "soonest",
          "lightest",
          "highest");

  /** The options that name an environment: a value other than production's is a test place. */
  private static final Set<String> ENVIRONMENTS =
      NameSet.of("--env", "--environment", "-e", "--stage", "--tier", "--profile");

  /** The values that name the real environment. */
  private static final Set<String> REAL = NameSet.of("prod", "production", "live", "ops", "prd");

  /** The folders another system takes its input from. */
  private static final Set<String> INBOXES =
      NameSet.of(
          "inbound", "incoming", "inbox", "outgoing", "outbox", "spool", "hotfolder", "pickup");

  /** The programs that run tests, read or keep files: their words are no send. */
  private static final Set<String> NO_SENDER =
      NameSet.of(
          "git", "gh", "pytest", "jest", "vitest", "mocha", "go", "cargo", "npm", "npx", "yarn",
          "pnpm", "tox", "nox", "rspec", "mvn", "gradle", "mvnw", "gradlew", "dotnet", "grep", "rg",
          "ag", "cat", "less", "head", "tail", "vim", "vi", "nano", "code", "echo", "printf", "ls",
          "find", "diff", "wc", "sed", "awk", "jq", "yq", "xmllint", "docker", "podman");

  /** The programs that copy a file to where the last argument says. */
  private static final Set<String> COPIERS = NameSet.of("cp", "mv", "scp", "rsync", "install");

  /** Options that name where a replay goes. */
  private static final Set<String> TARGETS =
      NameSet.of(
          "--target",
          "--to",
          "--dest",
          "--destination",
          "--host",
          "--url",
          "--endpoint",
          "--gateway",
          "--server");

  /** An option that skips or turns off a check: its words name no test place. */
  private static final Pattern SKIPS = Pattern.compile("--(?:skip|no|ignore|disable)-");

  /** Inline code's call that sends what it holds. */
  private static final Pattern CODE_SENDS =
      Pattern.compile(
          "\\.(?:post|put|send|sendall|sendmail|publish|storbinary|upload_file|put_object)\\(");

  /** A file's name with its extension. */
  private static final Pattern FILE_NAME = Pattern.compile("[\\w.\\-]{1,120}\\.[A-Za-z0-9]{1,8}");

  /** A word that may be a verb of the program's: a letter, then letters, digits and dashes. */
  private static final Pattern VERB_WORD = Pattern.compile("[A-Za-z][\\w\\-]{0,40}");

  /** A path in quotes in inline code. */
  private static final Pattern QUOTED_PATH = Pattern.compile("['\"]([^'\"\\s]{1,300})['\"]");

  /**
   * Adds the predicate under its name.
   *
   * @param named the call predicates by name
   */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("rehearsal-sent-live", RehearsalSends::sent);
  }

  /** What the call sends of a rehearsal's for real, as the reason shows it. */
  static String sent(Scan scan) {
    String source = scan.source();
    if (source == null) {
      return tool(scan.call());
    }
    if (source.length() > MAX_TEXT) {
      return null;
    }
    for (Step step : scan.steps()) {
      boolean maySend = maySend(step);
      if (!maySend && !step.interpreter()) {
        continue; // ls, grep, cd: nothing sent, copied or replayed, and no inline code
      }
      if (CallEnvironment.givenTrialPlace(scan, step)) {
        continue; // NGA_TARGET=staging ./scripts/replay_bsm.sh fixtures/… (decision 308)
      }
      String found = maySend ? program(step) : null;
      if (found == null && step.interpreter()) {
        found = code(source);
      }
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  /** The verbs of {@link #SENDS}, looked for within a program's words before they are split. */
  private static final WordsWithin SENDS_WITHIN = new WordsWithin(SENDS.toArray(String[]::new));

  /** {@code replay}, looked for within a program's name and words in any case. */
  private static final WordsWithin REPLAY_WITHIN = new WordsWithin("replay");

  /**
   * Whether {@link #program} may find anything in a program: it finds a copy only by a copier, and
   * a send or a replay only by a verb of {@link #SENDS} among the words of its name or arguments,
   * each of which is within the name or an argument as written; and only where a word is a
   * rehearsal's file or {@code replay} is said ({@link #mayAct}). One gate, asked of every program.
   */
  private static boolean maySend(Step step) {
    String program = step.program().toLowerCase(Locale.ROOT);
    return !NO_SENDER.contains(program)
        && (COPIERS.contains(program)
            || SENDS_WITHIN.in(step.program())
            || SENDS_WITHIN.inAny(step.args()))
        && mayAct(program, step);
  }

  /** What a program sends of a rehearsal's, copies into an inbox, or replays. */
  private static String program(Step step) {
    String program = step.program().toLowerCase(Locale.ROOT);
    if (NO_SENDER.contains(program)) {
      return null;
    }
    List<String> texts = new ArrayList<>();
    for (Word word : step.args()) {
      texts.add(word.text());
    }
    String material = null;
    String name = scriptOr(program, texts);
    List<String> others = new ArrayList<>(CheckWords.words(name));
    boolean replays = others.contains("replay");
    String verb = null;
    if (!others.isEmpty()
        && (SENDS.contains(others.get(0)) || SENDS.contains(others.get(others.size() - 1)))) {
      verb = name; // send-alert, m2-loader: not es_ingest.parse
    }
    boolean target = false;
    boolean environment = false;
    boolean option = false;
    for (String text : texts) {
      String value = text.substring(text.indexOf('=') + 1); // FILE=tests/…, --file=…
      if (material == null && material(value)) {
        material = value;
        continue;
      }
      target |= TARGETS.contains(text) || text.contains("://");
      if (environment && !Environments.namesProduction(text) && !REAL.contains(lower(text))) {
        return null; // --env CERT, --env train: a place other than production named
      }
      environment = ENVIRONMENTS.contains(text);
      if (SKIPS.matcher(text).lookingAt()) {
        continue; // --skip-header-check: a check skipped names no test place
      }
      List<String> words = CheckWords.words(text);
      boolean valued = option; // -X POST, -m POST: an option's value is no verb of the program's
      option = text.startsWith("-") && !text.contains("=");
      if (!valued && VERB_WORD.matcher(text).matches() && SafeguardEdits.has(words, SENDS)) {
        verb = verb == null ? text : verb;
        replays |= words.contains("replay");
      }
      others.addAll(words);
    }
    if (testPlace(others) || TestEndpoints.in(step)) {
      return null;
    }
    if (material != null && COPIERS.contains(program) && inbox(texts.get(texts.size() - 1))) {
      return program + " of " + material + " into " + texts.get(texts.size() - 1);
    }
    if (material != null && verb != null) {
      return verb + " of " + material;
    }
    return replays && target ? "a replay into " + shownTarget(texts) : null;
  }

  /**
   * Whether the program may send a rehearsal's file or replay, as {@link #program} reads it: a word
   * (or an option's value) is such a file, or the program or a word says {@code replay}. Neither
   * found, it finds nothing, and no word of the program is split (asked of every program).
   */
  private static boolean mayAct(String program, Step step) {
    if (REPLAY_WITHIN.in(program)) {
      return true;
    }
    for (Word word : step.args()) {
      String text = word.text();
      if (REPLAY_WITHIN.in(text) || material(text.substring(text.indexOf('=') + 1))) {
        return true;
      }
    }
    return false;
  }

  /** The name of the script an interpreter runs ({@code tools/tc_replay.py}), or the program's. */
  private static String scriptOr(String program, List<String> texts) {
    if (SCRIPT_RUNNERS.contains(program) && !texts.isEmpty()) {
      Matcher script = SCRIPT.matcher(texts.get(0));
      if (script.matches()) {
        return script.group(1);
      }
    }
    return program;
  }

  /** What inline code sends of a rehearsal's file, where it names no test place. */
  private static String code(String source) {
    if (!PatternLiterals.finds(CODE_SENDS, source)) {
      return null;
    }
    String material = null;
    Matcher quoted = QUOTED_PATH.matcher(source);
    while (quoted.find() && material == null) {
      if (material(quoted.group(1))) {
        material = quoted.group(1);
      }
    }
    if (material == null) {
      return null;
    }
    List<String> others = CheckWords.words(source.replace(material, " "));
    return testPlace(others) || TestEndpoints.names(source)
        ? null
        : "inline code's send of " + material;
  }

  /** What a tool that sends is handed of a rehearsal's file, where it names no test place. */
  private static String tool(CallForRules call) {
    if (call.tool() == null || call.args() == null || !call.args().isObject()) {
      return null;
    }
    List<String> name = CheckWords.words(call.tool());
    if (!SafeguardEdits.has(name, SENDS)) {
      return null;
    }
    String material = null;
    List<String> others = new ArrayList<>();
    for (Iterator<JsonNode> values = call.args().elements(); values.hasNext(); ) {
      JsonNode value = values.next();
      if (!value.isTextual() || value.asText().length() > 400) {
        continue;
      }
      if (material == null && material(value.asText())) {
        material = value.asText();
      } else if (TestEndpoints.names(value.asText())) {
        return null;
      } else {
        others.addAll(CheckWords.words(value.asText()));
      }
    }
    if (material == null || testPlace(others)) {
      return null;
    }
    return call.tool() + " of " + material;
  }

  /**
   * Whether words name a test place, a number after it too ({@code sandbox1}, {@code qa2}), or
   * begin or end a word with test ({@code exttest.cybertip.org}, {@code testnet}).
   */
  private static boolean testPlace(List<String> words) {
    for (String word : words) {
      if (TEST_PLACES.contains(word)
          || TEST_PLACES.contains(withoutTrailingDigits(word))
          || word.startsWith("test")
          || word.endsWith("test") && !NOT_A_TEST.contains(word)) {
        return true;
      }
    }
    return false;
  }

  /** {@return the word without the digits it ends with: {@code qa2} is {@code qa}} */
  private static String withoutTrailingDigits(String word) {
    int end = word.length();
    while (end > 0 && word.charAt(end - 1) >= '0' && word.charAt(end - 1) <= '9') {
      end--;
    }
    return word.substring(0, end);
  }

  private static String lower(String text) {
    return text.toLowerCase(Locale.ROOT);
  }

  /** Whether a word is a path to a rehearsal's file: its name or its folder says so. */
  private static boolean material(String text) {
    int slash = text.lastIndexOf('/');
    String name = text.substring(slash + 1);
    if (name.indexOf('.') < 0 || !FILE_NAME.matcher(name).matches()) {
      return false; // a file with its extension
    }
    List<String> words = CheckWords.words(slash < 0 ? name : text);
    return SafeguardEdits.has(words, MATERIAL);
  }

  /** Whether a copy's destination is a folder another system takes its input from, elsewhere. */
  private static boolean inbox(String destination) {
    boolean elsewhere =
        destination.startsWith("/")
                && !destination.startsWith("/tmp/")
                && !destination.startsWith("/work/project")
            || destination.matches("[\\w.\\-@]+:/.*");
    if (!elsewhere) {
      return false;
    }
    for (String folder : destination.toLowerCase(Locale.ROOT).split("[/:]")) {
      if (INBOXES.contains(folder)) {
        return true;
      }
    }
    return false;
  }

  /** The target a replay names: a URL, or the value of a target's option. */
  private static String shownTarget(List<String> texts) {
    for (int i = 0; i < texts.size(); i++) {
      if (TARGETS.contains(texts.get(i)) && i + 1 < texts.size()) {
        return texts.get(i + 1);
      }
      if (texts.get(i).contains("://")) {
        return texts.get(i);
      }
    }
    return "a target";
  }
}
