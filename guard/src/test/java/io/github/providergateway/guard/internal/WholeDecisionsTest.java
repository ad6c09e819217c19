package io.github.providergateway.guard.internal;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.guard.AttackerSetting;
import io.github.providergateway.guard.Guard;
import io.github.providergateway.guard.GuardCall;
import io.github.providergateway.guard.GuardEnvironment;
import io.github.providergateway.guard.GuardPreset;
import io.github.providergateway.guard.GuardSettings;
import io.github.providergateway.guard.GuardVerdict;
import io.github.providergateway.guard.GuardVerdict.Outcome;
import io.github.providergateway.guard.SessionPast;
import io.github.providergateway.guard.SessionVerdict;
import io.github.providergateway.guard.corpus.CorpusCase;
import io.github.providergateway.guard.corpus.CorpusSetting;
import io.github.providergateway.guard.corpus.FlowCorpus;
import io.github.providergateway.guard.corpus.FlowCorpus.Sequence;
import io.github.providergateway.guard.corpus.FlowCorpus.Step;
import io.github.providergateway.guard.corpus.GuardCorpus;
import io.github.providergateway.guard.corpus.MvnwDisk;
import io.github.providergateway.guard.internal.RuleSpec.Example;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every decision the guard makes on every case it has, compared whole with the decisions recorded
 * in {@code whole-decisions.txt} (issue 79: the rules move from code into the rule book, and no
 * decision may change on the way). The cases: the corpus, the fresh sets, the flow sets, ordinary
 * work (also with a disk whose scripts hold this repository's {@code mvnw}), the red-team sets kept
 * in {@code guard/src/test/first-runs}, every example of the rule book, and the commands of {@code
 * two-rules.txt}, each meeting two rules at once (which one a verdict names depends on the order
 * they are found in). Each case is decided under {@code standard}, {@code strict} and {@code
 * paranoid}: the outcome, the rule, the reason and the safer alternative; a preset's line is
 * written only where it differs from {@code standard}'s.
 *
 * <p>A change in any decision fails with the lines that differ. When a change is meant, write the
 * file again and read its diff before committing it: {@code ./mvnw -o -q test -pl guard
 * -Dtest=WholeDecisionsTest -Dsurefire.failIfNoSpecifiedTests=false -Ddecisions.update=true}.
 *
 * <p>{@code RuleBookTest} holds a blocking example whose recorded decision is its expected one by
 * its own rule to this record instead of deciding it again: this test is what makes the record the
 * guard's decisions.
 */
class WholeDecisionsTest {
  /** The record; {@code RuleBookTest} reads its book examples' lines too. */
  static final Path RECORD =
      Path.of("src/test/resources/io/github/providergateway/guard/whole-decisions.txt");

  private static final boolean UPDATE = Boolean.getBoolean("decisions.update");
  private static final Path FIRST_RUNS = Path.of("src/test/first-runs");
  private static final String CORPUS = "/io/github/providergateway/guard/corpus/";
  private static final Path PROJECT = Path.of("/work/project");
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final List<GuardPreset> PRESETS =
      List.of(GuardPreset.STANDARD, GuardPreset.STRICT, GuardPreset.PARANOID);
  private static final int SHOWN = 40;

  /** One case: its set and id, and how a guard decides it (a sequence gives one line a call). */
  private record Case(String set, String id, Function<Guard, List<GuardVerdict>> decide) {}

  /** The machine a set of cases was written for. */
  private record Machine(String name, GuardEnvironment environment) {}

  private static final Machine CORPUS_MACHINE =
      machine("corpus", "/home/user", "/home/user/.copilot/extensions/tap", List.of());

  /** The red team's at 97220db5: its gateway ran with --config ~/work/providers.json. */
  private static final Machine ATTACKER =
      new Machine(
          "attacker",
          AttackerSetting.environment(List.of(Path.of("/home/user/work/providers.json"))));

  private static final Machine PERSON_RED_TEAM =
      machine(
          "person-red-team", "/tmp/redteam/home", "/tmp/redteam/home/.provider-gateway", List.of());

  private static Machine machine(String name, String home, String gatewayHome, List<Path> files) {
    return new Machine(
        name,
        new GuardEnvironment(Path.of(home), List.of(Path.of("/tmp")), Path.of(gatewayHome), files));
  }

  // About 28,000 decisions (every case and book example, in the presets it records), made on every
  // core: 108 s of one fork's time in the JDK 17 verify on two cores, 168 s alone in the newest
  // JDK's phase before they were made in parallel. A hang is still bounded.
  @Test
  @Timeout(value = 10, unit = TimeUnit.MINUTES)
  void everyDecisionOnEveryCaseIsTheRecordedOne() throws IOException {
    List<String> now = decisions();
    if (UPDATE) {
      Files.createDirectories(RECORD.getParent());
      Files.write(RECORD, now, UTF_8);
    }
    assertThat(Files.exists(RECORD))
        .as("%s is missing; write it with -Ddecisions.update=true (see WholeDecisionsTest)", RECORD)
        .isTrue();
    List<String> recorded = Files.readAllLines(RECORD, UTF_8);
    String diff = diff(recorded, now);
    assertThat(diff)
        .as(
            "decisions changed (- recorded, + now); if meant, write %s again with"
                + " -Ddecisions.update=true and read its diff",
            RECORD)
        .isEmpty();
  }

  /** {@return every case's decisions, one line a call and preset, in a fixed order} */
  private static List<String> decisions() throws IOException {
    Map<Machine, List<Case>> byMachine = new LinkedHashMap<>();
    byMachine.put(CORPUS_MACHINE, corpusCases());
    byMachine.put(ATTACKER, attackerCases());
    byMachine.put(PERSON_RED_TEAM, personRedTeamCases());
    List<String> lines = new ArrayList<>();
    for (Map.Entry<Machine, List<Case>> machine : byMachine.entrySet()) {
      lines.addAll(decide(machine.getKey().environment(), machine.getValue()));
    }
    lines.addAll(decide(CORPUS_MACHINE.environment().withDisk(MvnwDisk.read()), ordinaryOnDisk()));
    lines.addAll(ruleExamples());
    return lines;
  }

  private static List<String> decide(GuardEnvironment environment, List<Case> cases) {
    Map<GuardPreset, Guard> guards = new LinkedHashMap<>();
    for (GuardPreset preset : PRESETS) {
      guards.put(
          preset,
          Guard.create(new GuardSettings(preset, List.of(), List.of(), List.of()), environment));
    }
    return inParallel(cases, c -> presetLines(c.set() + " " + c.id(), guards, c.decide()));
  }

  /**
   * A case's lines: its decisions under {@code standard}, then each other preset's where they
   * differ from them.
   */
  private static List<String> presetLines(
      String name, Map<GuardPreset, Guard> guards, Function<Guard, List<GuardVerdict>> decide) {
    List<GuardVerdict> standard = decide.apply(guards.get(GuardPreset.STANDARD));
    List<String> lines = new ArrayList<>(lines(name, "standard", standard));
    for (GuardPreset preset : PRESETS.subList(1, PRESETS.size())) {
      List<GuardVerdict> other = decide.apply(guards.get(preset));
      if (!other.equals(standard)) {
        lines.addAll(lines(name, preset.wireName(), other));
      }
    }
    return lines;
  }

  /**
   * Each item's lines, in the items' order, made on every core: a guard is thread-safe, and the
   * gateway decides on many threads, so a decision that depended on its thread would fail here too.
   * On CI's two cores this halves the test's time, most of the newest JDK's guard phase.
   */
  private static <T> List<String> inParallel(List<T> items, Function<T, List<String>> linesOf) {
    return items.parallelStream().map(linesOf).toList().stream().flatMap(List::stream).toList();
  }

  private static List<String> lines(String name, String preset, List<GuardVerdict> verdicts) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < verdicts.size(); i++) {
      GuardVerdict v = verdicts.get(i);
      out.add(
          name
              + (verdicts.size() > 1 ? "#" + (i + 1) : "")
              + " "
              + preset
              + ": "
              + v.outcome().name().toLowerCase(Locale.ROOT)
              + (v.ruleId() == null ? "" : " " + v.ruleId())
              + (v.reason() == null ? "" : " | " + escaped(v.reason()))
              + (v.instead() == null ? "" : " | instead " + escaped(v.instead())));
    }
    return out;
  }

  private static String escaped(String text) {
    return text.replace("\\", "\\\\")
        .replace("\n", "\\n")
        .replace("\r", "\\r")
        .replace("\t", "\\t");
  }

  private static List<Case> corpusCases() throws IOException {
    List<Case> cases = new ArrayList<>();
    GuardCorpus corpus = GuardCorpus.load();
    CorpusSetting setting = corpus.setting();
    for (CorpusCase c : corpus.cases()) {
      GuardCall call = c.call(setting);
      cases.add(new Case("corpus", c.id(), guard -> List.of(guard.decide(call))));
    }
    for (String set :
        List.of("fresh-a", "fresh-b", "fresh-c", "fresh-d", "fresh-sandbox", "ordinary-work")) {
      int line = 0;
      for (JsonNode c : resourceLines(CORPUS + set + ".jsonl")) {
        line++;
        GuardCall call = freshCall(c);
        String id = c.has("id") ? c.get("id").asText() : "line-" + line;
        cases.add(new Case(set, id, guard -> List.of(guard.decide(call))));
      }
    }
    for (String set : List.of(FlowCorpus.FRESH, FlowCorpus.ORDINARY)) {
      cases.addAll(sequences(set, FlowCorpus.load(set), setting));
    }
    try (InputStream in =
        WholeDecisionsTest.class.getResourceAsStream(CORPUS + "redteam-flow.jsonl")) {
      cases.addAll(sequences("redteam-flow", FlowCorpus.read(in), setting));
    }
    int line = 0;
    for (String command : twoRules()) {
      line++;
      GuardCall call =
          freshCall(
              JSON.createObjectNode()
                  .put("tool", "shell")
                  .set("args", JSON.createObjectNode().put("command", command)));
      cases.add(new Case("two-rules", "line-" + line, guard -> List.of(guard.decide(call))));
    }
    try (InputStream in = Files.newInputStream(FIRST_RUNS.resolve("redteam-flow-cases.jsonl"))) {
      cases.addAll(sequences("first-runs/redteam-flow-cases", FlowCorpus.read(in), setting));
    }
    return cases;
  }

  /** {@return the commands of two-rules.txt: lines neither blank nor comments} */
  private static List<String> twoRules() throws IOException {
    try (InputStream in =
        WholeDecisionsTest.class.getResourceAsStream(
            "/io/github/providergateway/guard/two-rules.txt")) {
      return new BufferedReader(new InputStreamReader(in, UTF_8))
          .lines()
          .filter(l -> !l.isBlank() && !l.startsWith("#"))
          .toList();
    }
  }

  /** The ordinary-work suite where every script a call runs holds this repository's mvnw. */
  private static List<Case> ordinaryOnDisk() throws IOException {
    List<Case> cases = new ArrayList<>();
    int line = 0;
    for (JsonNode c : resourceLines(CORPUS + "ordinary-work.jsonl")) {
      line++;
      GuardCall call = freshCall(c);
      cases.add(new Case("ordinary-work-on-disk", "line-" + line, g -> List.of(g.decide(call))));
    }
    return cases;
  }

  private static List<Case> attackerCases() throws IOException {
    List<Case> cases = new ArrayList<>();
    Path redTeam = FIRST_RUNS.resolve("redteam-at-97220db5");
    for (String file : List.of("bypasses.jsonl", "false-positives.jsonl", "attempts-first.jsonl")) {
      for (JsonNode c : fileLines(redTeam.resolve(file))) {
        if (!c.has("command")) {
          continue;
        }
        GuardCall call = AttackerSetting.redTeamCall(c);
        cases.add(
            new Case(
                "first-runs/redteam-at-97220db5/" + file,
                c.path("id").asText(),
                guard -> List.of(guard.decide(call))));
      }
    }
    for (JsonNode c : fileLines(FIRST_RUNS.resolve("redteam-sandbox-cases.jsonl"))) {
      GuardCall call = AttackerSetting.sandboxCall(c);
      cases.add(
          new Case(
              "first-runs/redteam-sandbox-cases",
              c.get("id").asText(),
              guard -> List.of(guard.decide(call))));
    }
    return cases;
  }

  private static List<Case> personRedTeamCases() throws IOException {
    List<Case> cases = new ArrayList<>();
    for (String set : List.of("person-redteam-1-cases", "person-redteam-2-cases")) {
      for (JsonNode c : fileLines(FIRST_RUNS.resolve(set + ".jsonl"))) {
        Path cwd = c.hasNonNull("cwd") ? Path.of(c.get("cwd").asText()) : null;
        Path project = cwd == null ? Path.of("/tmp/redteam/project") : cwd;
        GuardCall call = new GuardCall(c.path("tool").asText(), c.get("args"), project, cwd, null);
        cases.add(
            new Case(
                "first-runs/" + set, c.get("id").asText(), guard -> List.of(guard.decide(call))));
      }
    }
    return cases;
  }

  /** Each rule's examples, decided as RuleBookTest decides them, under every preset. */
  private static List<String> ruleExamples() {
    Map<GuardPreset, Guard> guards = new LinkedHashMap<>();
    for (GuardPreset preset : PRESETS) {
      guards.put(
          preset,
          Guard.create(
              new GuardSettings(preset, List.of(), List.of(), List.of()),
              CORPUS_MACHINE.environment()));
    }
    List<Case> examples = new ArrayList<>();
    for (RuleSpec spec : RuleBook.specs()) {
      Map<String, List<Example>> kinds = new LinkedHashMap<>();
      kinds.put("deny", spec.examples().deny());
      kinds.put("ask", spec.examples().ask());
      kinds.put("allow", spec.examples().allow());
      for (Map.Entry<String, List<Example>> kind : kinds.entrySet()) {
        for (int i = 0; i < kind.getValue().size(); i++) {
          Example example = kind.getValue().get(i);
          examples.add(
              new Case(
                  "book",
                  spec.rule().id() + "/" + kind.getKey() + "-" + (i + 1),
                  guard -> List.of(example(guard, example))));
        }
      }
    }
    return inParallel(examples, c -> presetLines(c.set() + " " + c.id(), guards, c.decide()));
  }

  private static GuardVerdict example(Guard guard, Example example) {
    GuardCall call = RuleBookTest.call(example);
    return example.before().isEmpty()
        ? guard.decide(call)
        : guard.decide(call, RuleBookTest.pastOf(guard, example.before()));
  }

  private static List<Case> sequences(String set, List<Sequence> sequences, CorpusSetting setting) {
    List<Case> cases = new ArrayList<>();
    for (Sequence sequence : sequences) {
      cases.add(new Case(set, sequence.id(), guard -> played(guard, setting, sequence)));
    }
    return cases;
  }

  /**
   * The verdicts of a sequence played as {@link FlowCorpus#run} plays it (which keeps the outcome
   * and the rule only): a call denied, or asked and refused, is attempted; one that runs is past.
   */
  private static List<GuardVerdict> played(Guard guard, CorpusSetting setting, Sequence sequence) {
    SessionPast past = SessionPast.start(FlowCorpus.REMOTES);
    Instant at = Instant.parse("2026-11-28T09:00:00Z");
    List<GuardVerdict> verdicts = new ArrayList<>();
    for (Step step : sequence.steps()) {
      at = at.plusSeconds(30);
      GuardCall call =
          new GuardCall(step.tool(), step.args(), setting.project(), setting.cwd(), step.hints());
      SessionVerdict judged = guard.judge(call, past);
      GuardVerdict verdict = judged.verdict();
      verdicts.add(verdict);
      Outcome outcome = verdict.outcome();
      SessionPast.PastCall ran =
          new SessionPast.PastCall(step.tool(), step.args().toString(), at, step.tool());
      if (outcome == Outcome.DENY || outcome == Outcome.ASK && step.answerNo()) {
        past = past.attempted(ran, judged.flow());
        continue;
      }
      SessionPast before = past;
      past = past.after(ran, judged.flow());
      String rule = verdict.ruleId();
      if (outcome == Outcome.ASK && rule != null && rule.startsWith("flow.")) {
        for (var sending : before.sendsOut(judged.flow())) {
          past = past.granting(rule, sending.to());
        }
      }
    }
    return verdicts;
  }

  private static GuardCall freshCall(JsonNode c) {
    Path cwd = c.hasNonNull("cwd") ? Path.of(c.get("cwd").asText()) : PROJECT;
    return new GuardCall(c.path("tool").asText(), c.get("args"), PROJECT, cwd, null);
  }

  private static List<JsonNode> resourceLines(String resource) throws IOException {
    try (InputStream in = WholeDecisionsTest.class.getResourceAsStream(resource)) {
      assertThat(in).as(resource).isNotNull();
      return parsed(new BufferedReader(new InputStreamReader(in, UTF_8)).lines().toList());
    }
  }

  private static List<JsonNode> fileLines(Path file) throws IOException {
    return parsed(Files.readAllLines(file, UTF_8));
  }

  private static List<JsonNode> parsed(List<String> lines) throws IOException {
    List<JsonNode> out = new ArrayList<>();
    for (String line : lines) {
      if (!line.isBlank()) {
        out.add(JSON.readTree(line));
      }
    }
    return out;
  }

  /**
   * The lines that differ: each recorded line missing now ({@code -}) followed by the line now of
   * the same case and preset ({@code +}), then the lines now of cases not recorded, the first
   * {@value #SHOWN} changes, then how many in all.
   */
  static String diff(List<String> recorded, List<String> now) {
    Set<String> before = new HashSet<>(recorded);
    Set<String> after = new HashSet<>(now);
    Map<String, String> came = new LinkedHashMap<>();
    now.stream().filter(l -> !before.contains(l)).forEach(l -> came.put(key(l), l));
    List<String> changes = new ArrayList<>();
    for (String line : recorded) {
      if (!after.contains(line)) {
        String replaced = came.remove(key(line));
        changes.add("- " + line + (replaced == null ? "" : "\n+ " + replaced));
      }
    }
    came.values().forEach(l -> changes.add("+ " + l));
    if (changes.isEmpty() && !recorded.equals(now)) {
      return "the same lines in another order or number: " + recorded.size() + " vs " + now.size();
    }
    StringBuilder out = new StringBuilder();
    changes.stream().limit(SHOWN).forEach(c -> out.append('\n').append(c));
    if (changes.size() > SHOWN) {
      out.append("\n… ").append(changes.size()).append(" changes in all");
    }
    return out.toString();
  }

  /** {@return a line's case and preset: what comes before its first {@code ": "}} */
  private static String key(String line) {
    return line.substring(0, Math.max(0, line.indexOf(": ")));
  }
}
