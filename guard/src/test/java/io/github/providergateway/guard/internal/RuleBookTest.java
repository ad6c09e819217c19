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
      for (Example example : spec.examples().deny()) {
        all.add(Arguments.of(spec.rule().id(), Outcome.DENY, example));
      }
      for (Example example : spec.examples().ask()) {
        all.add(Arguments.of(spec.rule().id(), Outcome.ASK, example));
      }
      for (Example example : spec.examples().allow()) {
        all.add(Arguments.of(spec.rule().id(), Outcome.ALLOW, example));
      }
    }
    return all.stream();
  }

  @ParameterizedTest(name = "{0} {1}: {2}")
  @MethodSource("examples")
  void everyExampleDecidesAsItsRuleSays(String id, Outcome expected, Example example) {
    BuiltinRule rule = RuleBook.rule(id);
    GuardPreset preset =
        example.preset() != null ? GuardPreset.of(example.preset()) : firstPresetInForce(rule);
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
