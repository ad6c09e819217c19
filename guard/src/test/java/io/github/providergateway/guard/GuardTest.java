package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.github.providergateway.guard.GuardVerdict.Outcome;
import io.github.providergateway.guard.internal.BuiltinRule;
import io.github.providergateway.guard.internal.Catalogue;
import io.github.providergateway.guard.internal.RuleAction;
import io.github.providergateway.guard.shell.ShellParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The decision's order, what cannot be read, and the explanation. */
class GuardTest {
  private final Guard standard = guard(GuardPreset.STANDARD);

  @Test
  void aCommandPastABoundIsDeniedWithTheParsersMessage() {
    String tooLong = "echo " + "x".repeat(ShellParser.MAX_LENGTH);
    GuardVerdict verdict = standard.decide(shell(tooLong));
    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.ruleId()).isEqualTo("guard.unreadable");
    assertThat(verdict.reason()).contains("characters, over " + ShellParser.MAX_LENGTH);
  }

  /**
   * Issue 48: whatever throws while the guard reads a call ({@code Guard.explain}'s last catch) is
   * a deny of {@code guard.unreadable}, never an allow: here arguments that fail when read.
   */
  @Test
  void aCallTheGuardFailsToReadThroughIsDeniedNeverAllowed() {
    com.fasterxml.jackson.databind.node.ObjectNode failing =
        new com.fasterxml.jackson.databind.node.ObjectNode(JsonNodeFactory.instance) {
          @Override
          public com.fasterxml.jackson.databind.JsonNode get(String field) {
            throw new IllegalStateException("arguments that cannot be read");
          }
        };

    GuardVerdict verdict =
        standard.decide(new GuardCall("shell", failing, GuardFixture.PROJECT, null, null));

    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.ruleId()).isEqualTo("guard.unreadable");
    assertThat(verdict.reason()).contains("could not read this call (IllegalStateException)");
  }

  @Test
  void aMalformedCommandIsDenied() {
    GuardVerdict verdict = standard.decide(shell("echo 'unterminated"));
    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.ruleId()).isEqualTo("guard.unreadable");
  }

  @Test
  void aShellCallWithoutACommandIsDenied() {
    GuardCall call =
        new GuardCall(
            "shell",
            JsonNodeFactory.instance.objectNode().put("command", 3),
            GuardFixture.PROJECT,
            null,
            null);
    assertThat(standard.decide(call).ruleId()).isEqualTo("guard.unreadable");
  }

  @Test
  void aFileToolWhosePathIsBlankOrNotATextIsDenied() {
    GuardCall numbered =
        new GuardCall(
            "read", JsonNodeFactory.instance.objectNode().put("path", 3), null, null, null);
    GuardCall listed =
        new GuardCall(
            "edit",
            JsonNodeFactory.instance
                .objectNode()
                .set("file_path", JsonNodeFactory.instance.arrayNode()),
            null,
            null,
            null);

    assertThat(standard.decide(numbered).ruleId()).isEqualTo("guard.unreadable");
    assertThat(standard.decide(listed).reason()).contains("not a text", "fail closed");
    assertThat(standard.decide(GuardFixture.read(" ")).ruleId()).isEqualTo("guard.unreadable");
  }

  @Test
  void aToolCalledReadWithNoPathNamesNoFileSoNoFileRuleApplies() {
    // A provider's tool may be called "read" and take a URL: the guard has no file to check.
    GuardCall url =
        new GuardCall(
            "read",
            JsonNodeFactory.instance.objectNode().put("url", "https://example.com"),
            GuardFixture.PROJECT,
            null,
            null);

    assertThat(standard.decide(url).outcome()).isEqualTo(GuardVerdict.Outcome.ALLOW);
  }

  @Test
  void underOffWithNoRulesNothingNeedsReading() {
    assertThat(guard(GuardPreset.OFF).decide(shell("echo 'unterminated")).allowed()).isTrue();
  }

  @Test
  void aCatastrophicRuleDecidesBeforeAnyPlainRule() {
    Guard guard =
        guard("{\"rules\": [{\"id\": \"mine\", \"action\": \"ask\", \"command\": \"rm *\"}]}");
    assertThat(guard.decide(shell("rm -rf /")).ruleId()).isEqualTo("fs.delete-root");
    assertThat(guard.decide(shell("rm -rf /tmp/x")).ruleId()).isEqualTo("mine");
  }

  @Test
  void aDenyWinsOverAnEarlierAsk() {
    GuardVerdict verdict = standard.decide(shell("git stash drop && git push --force"));
    assertThat(verdict.ruleId()).isEqualTo("git.push-force");
  }

  @Test
  void explainShowsTheParseAndEveryRuleThatMatched() {
    GuardExplanation explanation =
        guard(GuardPreset.STRICT)
            .explain(shell("sudo rm -rf \"$DIR\" > log.txt; git push origin main"));
    assertThat(explanation.parse())
        .containsExactly(
            "rm -rf «$DIR» | wrappers: sudo | redirects: > log.txt", "git push origin main");
    assertThat(explanation.matched())
        .containsExactly(
            "fs.delete-unresolved: ask — fs.delete-unresolved: `rm -rf $DIR > log.txt` deletes a"
                + " folder whose path the guard cannot resolve (a variable, a substitution), which"
                + " may be anywhere; instead: delete with a literal path",
            "fs.write-outside-project: off in strict — fs.write-outside-project: `rm -rf $DIR >"
                + " log.txt` writes outside the project and the temporary folders; instead: write"
                + " inside the project",
            "git.push-main: ask — git.push-main: `git push origin main` pushes straight to the"
                + " main branch; instead: push a branch",
            "system.sudo: off in strict — system.sudo: `rm -rf $DIR > log.txt` runs a command as"
                + " root");
    assertThat(explanation.verdict().ruleId()).isEqualTo("fs.delete-unresolved");
  }

  @Test
  void theCatalogueHasTheAgreedIdsAndMoreThanSixtyRules() {
    Set<String> ids = Catalogue.all().stream().map(BuiltinRule::id).collect(Collectors.toSet());
    assertThat(ids)
        .contains(
            "fs.delete-root",
            "fs.delete-home",
            "fs.delete-outside-project",
            "git.push-force",
            "git.reset-hard",
            "secrets.ssh",
            "secrets.env-file",
            "remote.pipe-to-shell",
            "guard.self",
            "guard.unreadable");
    assertThat(ids).hasSizeGreaterThanOrEqualTo(60);
    for (BuiltinRule rule : Catalogue.all()) {
      assertThat(rule.why()).as(rule.id()).isNotBlank();
      assertThat(rule.presets()).as(rule.id()).isNotEmpty();
    }
  }

  @Test
  void theCatalogueIsWrittenAsATableForTheDocs() throws Exception {
    StringBuilder table =
        new StringBuilder(
            "| id | family | catastrophic | standard / strict / paranoid | what it stops |"
                + " instead |\n|---|---|---|---|---|---|\n");
    for (BuiltinRule rule : Catalogue.all()) {
      List<String> actions = new ArrayList<>();
      for (GuardPreset preset :
          List.of(GuardPreset.STANDARD, GuardPreset.STRICT, GuardPreset.PARANOID)) {
        RuleAction action = rule.action(preset.wireName());
        actions.add(action == null ? "—" : action.name().toLowerCase(Locale.ROOT));
      }
      table
          .append("| `")
          .append(rule.id())
          .append("` | ")
          .append(rule.category())
          .append(" | ")
          .append(rule.catastrophic() ? "yes" : "")
          .append(" | ")
          .append(String.join(" / ", actions))
          .append(" | ")
          .append(rule.why().replace("|", "\\|"))
          .append(" | ")
          .append(rule.instead() == null ? "" : rule.instead().replace("|", "\\|"))
          .append(" |\n");
    }
    Path out = Path.of("target", "guard-rules.md");
    Files.createDirectories(out.getParent());
    Files.writeString(out, table);
    assertThat(table.toString()).contains("| `git.push-force` | git |  | deny / deny / deny |");
  }
}
