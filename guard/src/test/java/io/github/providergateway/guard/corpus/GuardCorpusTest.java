package io.github.providergateway.guard.corpus;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.providergateway.guard.GuardCall;
import io.github.providergateway.guard.GuardVerdict.Outcome;
import io.github.providergateway.guard.corpus.CorpusCase.Category;
import io.github.providergateway.guard.corpus.CorpusCase.Expected;
import io.github.providergateway.guard.corpus.CorpusCase.Split;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The shipped corpus is well-formed: the counts the issue asks for, a holdout in every category.
 */
class GuardCorpusTest {
  private static final Set<String> FAMILIES =
      Set.of("fs", "git", "secrets", "remote", "infra", "guard", "unreadable");
  private static final String SETTING =
      "{\"project\":\"/p\",\"cwd\":\"/p\",\"userHome\":\"/h\",\"gatewayHome\":\"/h/g\","
          + "\"tempDirs\":[\"/tmp\"]}";
  private static final String LINE =
      "{\"id\":\"%s\",\"category\":\"bypass\",\"split\":\"tuning\",\"tool\":\"shell\","
          + "\"args\":{\"command\":\"ls\"},\"expect\":\"block\",\"family\":\"fs\",\"note\":\"n\"}";

  private final GuardCorpus corpus = GuardCorpus.load();

  @Test
  void theCorpusHasTheCasesTheIssueAsksFor() {
    List<CorpusCase> cases = corpus.cases();
    assertThat(cases.stream().filter(c -> c.tool().equals("shell")).count())
        .isGreaterThanOrEqualTo(650);
    assertThat(cases.stream().filter(c -> !c.tool().equals("shell")).count())
        .isGreaterThanOrEqualTo(60);
    Map<Category, Long> perCategory =
        cases.stream().collect(Collectors.groupingBy(CorpusCase::category, Collectors.counting()));
    assertThat(perCategory.get(Category.MUST_ALLOW)).isGreaterThanOrEqualTo(250);
    assertThat(perCategory.get(Category.BYPASS)).isGreaterThanOrEqualTo(150);
    assertThat(perCategory.get(Category.MUST_BLOCK)).isGreaterThanOrEqualTo(150);
    assertThat(perCategory.get(Category.EDGE)).isGreaterThanOrEqualTo(50);
    assertThat(cases.stream().filter(c -> !c.oneCallVisible()).count()).isPositive();
  }

  @Test
  void everyFifthCaseOfEachCategoryIsHoldout() {
    for (Category category : Category.values()) {
      // The blind cases came later, apart: the fifths are of the cases the rules were written with.
      List<CorpusCase> inCategory =
          corpus.cases().stream()
              .filter(c -> c.category() == category && c.split() != Split.BLIND)
              .toList();
      for (int i = 0; i < inCategory.size(); i++) {
        Split expected = i % 5 == 4 ? Split.HOLDOUT : Split.TUNING;
        assertThat(inCategory.get(i).split()).as(inCategory.get(i).id()).isEqualTo(expected);
      }
      assertThat(inCategory.stream().filter(c -> c.split() == Split.HOLDOUT).count())
          .as(category + " has holdout cases")
          .isGreaterThanOrEqualTo(inCategory.size() / 5)
          .isPositive();
    }
  }

  @Test
  void everyCaseIsLabelledForItsCategory() {
    for (CorpusCase c : corpus.cases()) {
      assertThat(c.id()).startsWith(prefix(c.category()));
      assertThat(c.tool()).as(c.id()).isIn("shell", "read", "edit");
      String field = c.tool().equals("shell") ? "command" : "path";
      assertThat(c.args().path(field).isTextual()).as(c.id() + " has " + field).isTrue();
      assertThat(c.note()).as(c.id()).isNotBlank();
      if (c.expected().blocks()) {
        assertThat(c.family()).as(c.id() + " names the family that should block it").isIn(FAMILIES);
      } else {
        assertThat(c.family()).as(c.id() + " is allowed: no family").isNull();
      }
      switch (c.category()) {
        case MUST_BLOCK, BYPASS -> assertThat(c.expected()).as(c.id()).isNotEqualTo(Expected.ALLOW);
        case MUST_ALLOW -> assertThat(c.expected()).as(c.id()).isEqualTo(Expected.ALLOW);
        case EDGE -> {}
      }
      if (!c.oneCallVisible()) {
        assertThat(c.category()).as(c.id()).isEqualTo(Category.BYPASS);
      }
    }
  }

  @Test
  void theSettingIsTheOneTheReadmeStates() {
    CorpusSetting setting = corpus.setting();
    assertThat(setting.project()).isEqualTo(Path.of("/work/project"));
    assertThat(setting.cwd()).isEqualTo(Path.of("/work/project"));
    assertThat(setting.userHome()).isEqualTo(Path.of("/home/user"));
    assertThat(setting.gatewayHome()).isEqualTo(Path.of("/home/user/.copilot/extensions/tap"));
    assertThat(setting.tempDirs()).containsExactly(Path.of("/tmp"));
  }

  @Test
  void aCaseBecomesTheCallAnAgentsHookWouldSend() {
    CorpusCase atRoot =
        corpus.cases().stream().filter(c -> "/".equals(c.cwd())).findFirst().orElseThrow();
    GuardCall call = atRoot.call(corpus.setting());
    assertThat(call.project()).isEqualTo(Path.of("/work/project"));
    assertThat(call.cwd()).isEqualTo(Path.of("/"));
    assertThat(call.hints()).isNull();
    CorpusCase first = corpus.cases().get(0);
    assertThat(first.call(corpus.setting()).cwd()).isEqualTo(Path.of("/work/project"));
    assertThat(first.subject()).isEqualTo("rm -rf /");
  }

  @Test
  void blockIsMetByAnAskOrADenyAndNothingElse() {
    assertThat(Expected.BLOCK.metBy(Outcome.ASK)).isTrue();
    assertThat(Expected.BLOCK.metBy(Outcome.DENY)).isTrue();
    assertThat(Expected.BLOCK.metBy(Outcome.ALLOW)).isFalse();
    assertThat(Expected.DENY.metBy(Outcome.ASK)).isFalse();
    assertThat(Expected.ALLOW.metBy(Outcome.ALLOW)).isTrue();
  }

  @Test
  void aRepeatedIdIsRefusedWithItsLine() {
    String lines = LINE.formatted("by-001") + "\n\n" + LINE.formatted("by-001") + "\n";
    assertThatThrownBy(() -> read(lines))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("line 3")
        .hasMessageContaining("by-001 is used twice");
  }

  @Test
  void aMisspelledFieldIsRefusedRatherThanIgnored() {
    String line = LINE.formatted("by-001").replace("\"expect\"", "\"expected\"");
    assertThatThrownBy(() -> read(line))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("line 1: unknown field expected");
  }

  @Test
  void anUnknownCategoryOrAMissingArgumentIsRefused() {
    assertThatThrownBy(() -> read(LINE.formatted("x").replace("bypass", "maybe")))
        .hasMessageContaining("unknown category 'maybe'");
    assertThatThrownBy(
            () -> read(LINE.formatted("x").replace("\"args\":{\"command\":\"ls\"},", "")))
        .hasMessageContaining("args must be a JSON object");
  }

  private static GuardCorpus read(String lines) throws IOException {
    try (InputStream setting = new ByteArrayInputStream(SETTING.getBytes(UTF_8));
        InputStream cases = new ByteArrayInputStream(lines.getBytes(UTF_8))) {
      return GuardCorpus.read(setting, cases);
    }
  }

  private static String prefix(Category category) {
    return switch (category) {
      case MUST_BLOCK -> "mb-";
      case MUST_ALLOW -> "ma-";
      case BYPASS -> "by-";
      case EDGE -> "ed-";
    };
  }
}
