package io.github.providergateway.guard.internal;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.guard.Guard;
import io.github.providergateway.guard.GuardCall;
import io.github.providergateway.guard.GuardEnvironment;
import io.github.providergateway.guard.GuardExplanation;
import io.github.providergateway.guard.GuardPreset;
import io.github.providergateway.guard.GuardSettings;
import io.github.providergateway.guard.GuardVerdict.Outcome;
import io.github.providergateway.guard.SessionPast;
import io.github.providergateway.guard.internal.RuleSpec.Example;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The rule book (issue 60, "rules as data"): every rule's examples decide as its spec says, in the
 * corpus's setting, and docs/guard.md's rule table is the book's. {@code -Dguard.docs.write=true}
 * writes the table into the docs instead of checking it.
 *
 * <p>Tagged {@code book}: it holds the rule book to itself (its examples, its patterns' gates, its
 * table in the docs). {@code .ci/run} runs it on JDK 17 and leaves it out of the newest JDK's run,
 * where {@code WholeDecisionsTest} still decides every example whole: a JDK that read a pattern
 * otherwise fails there.
 */
@Tag("book")
class RuleBookTest {
  private static final Path PROJECT = Path.of("/work/project");
  private static final GuardEnvironment ENVIRONMENT =
      new GuardEnvironment(
          Path.of("/home/user"),
          List.of(Path.of("/tmp")),
          Path.of("/home/user/.copilot/extensions/tap"));
  private static final Map<GuardPreset, Guard> GUARDS = new EnumMap<>(GuardPreset.class);

  static {
    for (GuardPreset preset : GuardPreset.values()) {
      GUARDS.put(
          preset,
          Guard.create(new GuardSettings(preset, List.of(), List.of(), List.of()), ENVIRONMENT));
    }
  }

  /** {@return the guard of a preset in the corpus's setting, for other tests of the book} */
  static Guard guard(GuardPreset preset) {
    return GUARDS.get(preset);
  }

  static Stream<Arguments> examples() {
    List<Arguments> all = new ArrayList<>();
    for (RuleSpec spec : RuleBook.specs()) {
      String id = spec.rule().id();
      for (Outcome kind : List.of(Outcome.DENY, Outcome.ASK, Outcome.ALLOW)) {
        List<Example> examples =
            switch (kind) {
              case DENY -> spec.examples().deny();
              case ASK -> spec.examples().ask();
              case ALLOW -> spec.examples().allow();
            };
        for (int i = 0; i < examples.size(); i++) {
          // The fourth argument, the example's name in whole-decisions.txt, is not in the test's
          // name: the names stay as they were.
          all.add(Arguments.of(id, kind, examples.get(i), id + "/" + lower(kind) + "-" + (i + 1)));
        }
      }
    }
    return all.stream();
  }

  /**
   * A blocking example whose recorded decision (whole-decisions.txt) is its expected outcome by its
   * own rule passes on that record; every other example is explained here, as every example was
   * before. The record says what the explanation would: {@code WholeDecisionsTest} proves every
   * line of it is what the guard decides now, for every book example under each preset, in the same
   * setting and with the same past as here ({@link #call}, {@link #pastOf}); {@code explain} and
   * {@code decide} are one decision ({@code Guard.explain(call, showParse, past)}), the first also
   * listing what matched; and the rule a verdict names is always among what matched, so "it denied
   * (or asked) by {@code id}" is both assertions below. These are half the book's examples (7,024
   * of 13,964 at decision 333), each decided here once more after that test decided it under every
   * preset: this test took 110 s of a test JVM in a full verify on two cores. An allow example is
   * still explained: that its rule did not match at all is in no record. A record that says
   * otherwise is not trusted: the example is explained, and a failure shows the explanation as
   * before.
   *
   * <p>What a reader loses: this test alone ({@code -Dtest=RuleBookTest}) trusts the record for
   * those examples, and only {@code WholeDecisionsTest} holds the record to the guard and to the
   * book. An example edited, inserted or moved in the book is read here under a name whose recorded
   * line may be another example's (the names are numbered by place), and can pass here on that
   * line: run {@code WholeDecisionsTest} with it, which fails on every line that moved. A run with
   * {@code -Ddecisions.update=true} writes the record from the guard, and the book's expectations
   * are then held against what the guard decides (in that one run this test may read the record
   * before it is written).
   */
  @ParameterizedTest(name = "{0} {1}: {2}")
  @MethodSource("examples")
  void everyExampleDecidesAsItsRuleSays(
      String id, Outcome expected, Example example, String recordedAs) {
    BuiltinRule rule = RuleBook.rule(id);
    GuardPreset preset =
        example.preset() != null ? GuardPreset.of(example.preset()) : firstPresetInForce(rule);
    String recorded = RecordedBook.decision(recordedAs, preset);
    if (expected != Outcome.ALLOW && (lower(expected) + " " + id).equals(recorded)) {
      return;
    }
    Guard guard = GUARDS.get(preset);
    GuardExplanation explanation =
        example.before().isEmpty()
            ? guard.explain(call(example))
            : guard.explain(call(example), pastOf(guard, example.before()));
    boolean found = explanation.matched().stream().anyMatch(line -> line.startsWith(id + ": "));
    String shown =
        preset.wireName()
            + " decided "
            + explanation.verdict()
            + ", matched "
            + explanation.matched();
    assertThat(explanation.verdict().outcome()).as(shown).isEqualTo(expected);
    assertThat(found)
        .as(id + (expected == Outcome.ALLOW ? " must not match: " : " must match: ") + shown)
        .isEqualTo(expected != Outcome.ALLOW);
  }

  /**
   * Every rule shows both sides: a call it blocks (deny or ask) and a near-miss it lets through
   * (the tool rules' examples give the provider's tool with the hints it declares).
   */
  @Test
  void everyRuleHasABlockingAndAnAllowExample() {
    List<String> missing = new ArrayList<>();
    for (RuleSpec spec : RuleBook.specs()) {
      String id = spec.rule().id();
      boolean blocks = !spec.examples().deny().isEmpty() || !spec.examples().ask().isEmpty();
      if (!blocks) {
        missing.add(id + ": no deny or ask example");
      }
      if (spec.examples().allow().isEmpty()) {
        missing.add(id + ": no allow example");
      }
    }
    assertThat(missing).as("rules without examples on both sides").isEmpty();
  }

  @Test
  void everyRuleOfTheBookIsInTheCatalogueAndBack() {
    assertThat(Catalogue.all())
        .containsExactlyElementsOf(RuleBook.specs().stream().map(RuleSpec::rule).toList());
  }

  @Test
  void theDocsRuleTableIsTheBooks() throws IOException {
    Path docs = Path.of("..", "docs", "guard.md");
    String text = Files.readString(docs, UTF_8);
    String begin =
        "<!-- rule-book: generated from guard/src/main/resources/io/github/providergateway/guard/rules by RuleBookTest -->\n";
    String end = "<!-- rule-book end -->\n";
    int from = text.indexOf(begin);
    int to = text.indexOf(end);
    assertThat(from).as("docs/guard.md marks the rule table").isNotNegative();
    String table = table();
    if (Boolean.getBoolean("guard.docs.write")) {
      Files.writeString(
          docs, text.substring(0, from + begin.length()) + table + text.substring(to), UTF_8);
      return;
    }
    assertThat(text.substring(from + begin.length(), to))
        .as("docs/guard.md's rule table; write it with -Dguard.docs.write=true")
        .isEqualTo(table);
  }

  /** The docs' table of every rule, in the book's order. */
  static String table() {
    java.util.Map<String, Integer> families = new java.util.LinkedHashMap<>();
    for (RuleSpec spec : RuleBook.specs()) {
      families.merge(spec.rule().category(), 1, Integer::sum);
    }
    List<String> counts =
        families.entrySet().stream()
            .sorted(java.util.Map.Entry.<String, Integer>comparingByValue().reversed())
            .map(e -> e.getKey() + " " + e.getValue())
            .toList();
    StringBuilder out =
        new StringBuilder(
            String.format(
                "%d built-in rules in %d families (%s):\n\n",
                RuleBook.specs().size(), families.size(), String.join(", ", counts)));
    out.append("| rule | family | presets | what it finds | matched by |\n|---|---|---|---|---|\n");
    for (RuleSpec spec : RuleBook.specs()) {
      BuiltinRule rule = spec.rule();
      String presets =
          rule.catastrophic()
              ? "deny in every preset but off (catastrophic)"
              : String.join(", ", rule.presets());
      String finds = rule.why() + (rule.instead() == null ? "" : " — instead: " + rule.instead());
      out.append("| `")
          .append(rule.id())
          .append("` | ")
          .append(rule.category())
          .append(" | ")
          .append(presets.isEmpty() ? "off in every preset" : presets)
          .append(" | ")
          .append(cell(finds))
          .append(" | ")
          .append(cell(spec.matches().description()))
          .append(" |\n");
    }
    return out.toString();
  }

  private static String cell(String text) {
    return text.replace("|", "\\|");
  }

  /**
   * The book's examples' decisions as whole-decisions.txt records them: each example's outcome and
   * rule, by its name and preset, read at first use.
   */
  private static final class RecordedBook {
    /** "outcome rule" by "book name preset": the record's lines of the book, before any reason. */
    private static final Map<String, String> DECISIONS = read();

    private static Map<String, String> read() {
      Map<String, String> decisions = new java.util.HashMap<>();
      try {
        for (String line : Files.readAllLines(WholeDecisionsTest.RECORD, UTF_8)) {
          int colon = line.indexOf(": ");
          if (line.startsWith("book ") && colon > 0) {
            int reason = line.indexOf(" | ", colon);
            decisions.put(
                line.substring(0, colon),
                line.substring(colon + 2, reason < 0 ? line.length() : reason));
          }
        }
      } catch (IOException missing) {
        return Map.of(); // no record: every example is explained (WholeDecisionsTest fails)
      }
      return decisions;
    }

    /**
     * {@return the recorded outcome and rule of the example named {@code name} under {@code preset}
     * ("deny fs.delete-root"), or null where none is recorded} A preset other than {@code standard}
     * has its own line only where it decides otherwise.
     */
    static String decision(String name, GuardPreset preset) {
      if (preset == GuardPreset.OFF) {
        return null;
      }
      String own = DECISIONS.get("book " + name + " " + preset.wireName());
      return own != null ? own : DECISIONS.get("book " + name + " standard");
    }
  }

  private static GuardPreset firstPresetInForce(BuiltinRule rule) {
    for (GuardPreset preset :
        List.of(GuardPreset.STANDARD, GuardPreset.STRICT, GuardPreset.PARANOID)) {
      if (rule.action(preset.wireName()) != null) {
        return preset;
      }
    }
    return GuardPreset.STANDARD;
  }

  /**
   * The past of a session that ran {@code before}, in the corpus's project whose remotes are {@code
   * origin} and {@code upstream}.
   */
  static SessionPast pastOf(Guard guard, List<Example> before) {
    SessionPast past = SessionPast.start(REMOTES);
    for (Example earlier : before) {
      GuardCall call = call(earlier);
      past =
          past.after(
              new SessionPast.PastCall(
                  call.tool(), call.args().toString(), Instant.parse("2026-11-28T10:00:00Z"), "-"),
              guard.flowOf(call));
    }
    return past;
  }

  /** The remotes of the corpus's project. */
  static final Map<String, String> REMOTES =
      Map.of(
          "origin",
          "https://github.com/acme/shop.git",
          "upstream",
          "https://github.com/upstream-org/shop.git");

  static GuardCall call(Example example) {
    ObjectNode args = JsonNodeFactory.instance.objectNode();
    if (example.args() != null) {
      args.setAll((ObjectNode) example.args());
    } else if (example.tool().equals("shell")) {
      args.put("command", example.text());
    } else if (example.text() != null) {
      args.put("path", example.text());
    }
    Path cwd = example.cwd() == null ? PROJECT : Path.of(example.cwd());
    return new GuardCall(
        example.tool(), args, example.session() ? PROJECT : null, cwd, hints(example.hints()));
  }

  private static GuardCall.ToolHints hints(CallForRules.Hints hints) {
    return hints == null
        ? null
        : new GuardCall.ToolHints(
            hints.destructive(),
            hints.readOnly(),
            hints.openWorld(),
            hints.provider(),
            hints.trust());
  }

  static String lower(Outcome outcome) {
    return outcome.name().toLowerCase(Locale.ROOT);
  }
}
