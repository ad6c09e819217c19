package io.github.providergateway.guard.corpus;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.guard.Guard;
import io.github.providergateway.guard.GuardSettings;
import io.github.providergateway.guard.corpus.CorpusCase.Split;
import io.github.providergateway.guard.corpus.CorpusTally.Decided;
import io.github.providergateway.guard.corpus.CorpusTally.Group;
import io.github.providergateway.guard.corpus.CorpusTally.Row;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Runs the shipped corpus through the guard with the {@code standard} preset and publishes the
 * figures (issue 44, "Measured, and published"): {@code target/guard-corpus-report.md} (the table
 * and every miss), {@code target/guard-corpus-report.json} (the table) and {@code
 * target/guard-corpus-decisions.jsonl} (a decision a case, which {@code compare.mjs} reads to list
 * where cc-safety-net disagrees). The goals hold on the tuning split and on the whole corpus; the
 * holdout's figures are reported apart.
 */
class CorpusTest {
  private static final Path TARGET = Path.of("target");
  private static final ObjectMapper JSON = JsonMapper.builder().build();
  private static GuardCorpus corpus;
  private static CorpusTally tally;

  @BeforeAll
  static void runTheCorpus() throws IOException {
    corpus = GuardCorpus.load();
    Guard guard = Guard.create(GuardSettings.defaults(), corpus.setting().environment());
    tally = new CorpusTally();
    for (CorpusCase corpusCase : corpus.cases()) {
      tally.add(corpusCase, guard.decide(corpusCase.call(corpus.setting())));
    }
    Files.createDirectories(TARGET);
    Files.writeString(TARGET.resolve("guard-corpus-report.md"), report(), UTF_8);
    JSON.writerWithDefaultPrettyPrinter()
        .writeValue(TARGET.resolve("guard-corpus-report.json").toFile(), summary());
    Files.write(TARGET.resolve("guard-corpus-decisions.jsonl"), decisions(), UTF_8);
  }

  @Test
  void everyCaseIsDecidedAndReported() throws IOException {
    assertThat(tally.decided()).hasSameSizeAs(corpus.cases());
    String report = Files.readString(TARGET.resolve("guard-corpus-report.md"), UTF_8);
    assertThat(report).contains("| must-block | holdout |", "| bypass, not one-call visible |");
    assertThat(Files.readAllLines(TARGET.resolve("guard-corpus-decisions.jsonl")))
        .hasSameSizeAs(corpus.cases());
  }

  @Test
  void theIssuesGoalsHoldOnTheTuningSplitAndOnTheWhole() {
    List<String> failures = new ArrayList<>();
    tally.goalFailures(Split.TUNING).forEach(f -> failures.add("tuning: " + f));
    tally.goalFailures(null).forEach(f -> failures.add("whole corpus: " + f));
    assertThat(failures).as("see target/guard-corpus-report.md").isEmpty();
  }

  private static String report() {
    StringBuilder out = new StringBuilder();
    out.append("# The guard's corpus, standard preset\n\n")
        .append(corpus.cases().size())
        .append(" cases; blocked is ask or deny. The goals: at least 99 % of must-block and 95 %")
        .append(" of one-call-visible bypass blocked, at most 1 % of must-allow blocked.\n\n")
        .append(tally.markdown())
        .append("\n## Goals\n\n");
    for (Split split : new Split[] {Split.TUNING, Split.HOLDOUT, Split.BLIND, null}) {
      List<String> failures = tally.goalFailures(split);
      out.append("- ")
          .append(CorpusTally.splitName(split))
          .append(": ")
          .append(failures.isEmpty() ? "met" : String.join("; ", failures))
          .append('\n');
    }
    out.append("\n## Misses\n");
    for (Group group : Group.values()) {
      List<Decided> misses = tally.misses(group, null);
      out.append("\n### ").append(group.label()).append(" (").append(misses.size()).append(")\n\n");
      for (Decided one : misses) {
        CorpusCase c = one.corpusCase();
        out.append("- `")
            .append(c.id())
            .append("` ")
            .append(c.split().wireName())
            .append(", labelled ")
            .append(c.expected().wireName())
            .append(", decided ")
            .append(one.outcome().name().toLowerCase(java.util.Locale.ROOT))
            .append(one.ruleId() == null ? "" : " by " + one.ruleId())
            .append(": `")
            .append(shown(c.subject()))
            .append("`\n");
      }
    }
    List<String> elsewhere = new ArrayList<>();
    for (Decided one : tally.decided()) {
      String family = one.corpusCase().family();
      if (one.blocked() && family != null && !family.equals(family(one.ruleId()))) {
        elsewhere.add(
            "- `"
                + one.corpusCase().id()
                + "` labelled "
                + family
                + ", blocked by "
                + one.ruleId());
      }
    }
    out.append("\n## Blocked by a rule of another family than labelled (")
        .append(elsewhere.size())
        .append(")\n\n");
    elsewhere.forEach(line -> out.append(line).append('\n'));
    return out.toString();
  }

  /** The corpus family a rule id belongs to: its prefix, with the rules' finer families folded. */
  private static String family(String ruleId) {
    if (ruleId == null) {
      return null;
    }
    if (ruleId.equals("guard.unreadable")) {
      return "unreadable";
    }
    String prefix = ruleId.substring(0, Math.max(0, ruleId.indexOf('.')));
    return switch (prefix) {
      case "system" -> "fs";
      case "db", "cloud" -> "infra";
      default -> prefix;
    };
  }

  private static String shown(String subject) {
    StringBuilder visible = new StringBuilder();
    subject
        .codePoints()
        .forEach(
            point -> {
              if (point == '\n') {
                visible.append("\\n");
              } else if (point == '\t') {
                visible.append("\\t");
              } else if (point == '`') {
                visible.append('\'');
              } else if (point > 0x7e && !Character.isLetter(point)
                  || point >= 0xff01 && point <= 0xff5e) {
                visible.append(String.format("\\u%04x", point));
              } else {
                visible.appendCodePoint(point);
              }
            });
    String line = visible.toString();
    return line.length() <= 100 ? line : line.substring(0, 100) + "… (" + line.length() + " chars)";
  }

  private static ObjectNode summary() {
    ObjectNode root = JSON.createObjectNode().put("preset", "standard");
    root.put("cases", corpus.cases().size());
    ArrayNode rows = root.putArray("rows");
    for (Group group : Group.values()) {
      for (Split split : new Split[] {Split.TUNING, Split.HOLDOUT, Split.BLIND, null}) {
        Row row = tally.row(group, split);
        rows.addObject()
            .put("category", group.label())
            .put("split", CorpusTally.splitName(split))
            .put("cases", row.cases())
            .put("blocked", row.blocked())
            .put("allowed", row.allowed())
            .put("asLabelled", row.asExpected());
      }
    }
    ObjectNode goals = root.putObject("goalFailures");
    for (Split split : new Split[] {Split.TUNING, Split.HOLDOUT, Split.BLIND, null}) {
      ArrayNode list = goals.putArray(CorpusTally.splitName(split));
      tally.goalFailures(split).forEach(list::add);
    }
    return root;
  }

  private static List<String> decisions() throws IOException {
    List<String> lines = new ArrayList<>();
    for (Decided one : tally.decided()) {
      ObjectNode line =
          JSON.createObjectNode()
              .put("id", one.corpusCase().id())
              .put("decision", one.outcome().name().toLowerCase(java.util.Locale.ROOT))
              .put("rule", one.ruleId());
      lines.add(JSON.writeValueAsString(line));
    }
    return lines;
  }
}
