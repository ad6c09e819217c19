package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.guard.GuardExplanation;
import io.github.providergateway.guard.GuardPreset;
import io.github.providergateway.guard.internal.RuleSpec.Example;
import io.github.providergateway.guard.internal.RuleSpec.Files;
import io.github.providergateway.guard.internal.RuleSpec.When;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A when clause over files (issue 79, "a path's place"): what the call reads, writes or deletes,
 * and where it lies, as a named place or as the book's paths; and what the book refuses rather than
 * ignores. The rules' own examples are decided by RuleBookTest and WholeDecisionsTest.
 */
class FileClausesTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String RULE =
      """
      {"id": "fs.example", "presets": {"standard": "deny", "strict": "deny", "paranoid": "deny"},
       "why": "an example", "match": {"when": [%s]},
       "examples": {"deny": ["touch ~/.bashrc"], "allow": ["cat ~/.bashrc"]}}
      """;

  @Test
  void aClauseOverFilesNamesItsPlaceOrListsPaths() {
    When named = clause("{\"writes\": {\"place\": \"system-folder\"}}");
    assertThat(named.files())
        .isEqualTo(new Files("writes", "system-folder", List.of(), true, true));
    assertThat(named.programs()).containsExactly("*");
    When listed = clause("{\"program\": \"cp\", \"reads\": {\"places\": [\"~/.netrc\"]}}");
    assertThat(listed.files()).isEqualTo(new Files("reads", null, List.of("~/.netrc"), true, true));
    assertThat(listed.programs()).containsExactly("cp");
    assertThat(WhenText.of(List.of(named, listed)))
        .isEqualTo("writes a file in the place system-folder; reads `~/.netrc` by `cp`");
  }

  @Test
  void aSecretClauseSaysWhetherTheShellsWritesMatch() {
    assertThat(clause("{\"secret\": {\"place\": \"env-file\", \"shell-writes\": false}}").files())
        .isEqualTo(new Files("secret", "env-file", List.of(), true, false));
    matches(
        "secrets.env-file",
        List.of("cat .env", "cp .env /tmp/x"),
        List.of("cp .env.example .env", "cat .env.example"));
    matches(
        "secrets.ssh-write",
        List.of("echo k >> ~/.ssh/authorized_keys", "mv ~/.ssh ~/.ssh.bak"),
        List.of("chmod 600 ~/.ssh/config", "cat ~/.ssh/config"));
    matches(
        "secrets.ssh", List.of("cat ~/.ssh/*", "cp ./id_rsa ./keys/"), List.of("cat ~/.ssh/x.pub"));
  }

  @Test
  void whatAClauseOverFilesCannotSayIsRefused() {
    assertThatThrownBy(() -> clause("{\"writes\": {\"place\": \"x\", \"places\": [\"~/.x\"]}}"))
        .hasMessage("fs.example: writes names a place or lists places");
    assertThatThrownBy(() -> clause("{\"writes\": {\"folder\": \"x\"}}"))
        .hasMessage("fs.example: writes has a place or places, and metadata, not folder");
    assertThatThrownBy(
            () -> clause("{\"writes\": {\"place\": \"x\"}, \"reads\": {\"place\": \"x\"}}"))
        .hasMessageStartingWith("fs.example: a when clause has one of");
    assertThatThrownBy(() -> clause("{\"subcommand\": \"x\", \"writes\": {\"place\": \"x\"}}"))
        .hasMessage("fs.example: a when clause over files gives no 'subcommand'");
    RuleSpec nowhere = spec("{\"writes\": {\"place\": \"on-mars\"}}");
    assertThatThrownBy(() -> new BookRules(List.of(nowhere), "fs"))
        .hasMessage("no place is named on-mars");
    RuleSpec relative = spec("{\"writes\": {\"places\": [\"config/.bashrc\"]}}");
    assertThatThrownBy(() -> new BookRules(List.of(relative), "fs"))
        .hasMessage("a listed place is ~/…, /… or a name, not config/.bashrc");
  }

  @Test
  void aListedPathIsThatFileAndAFolderWithItsSlashIsWhatIsBelowIt() {
    matches(
        "fs.shell-startup",
        List.of("echo x > ~/.config/nvim/init.lua", "echo x > ~/.config/nvim/plugin/a.lua"),
        List.of(
            "echo x > ~/.config/nvim/notes.lua",
            "echo x > ~/.config/nvim/init.lua.bak",
            "touch ~/.bashrc.d",
            "cat ~/.config/nvim/plugin/a.lua"));
  }

  @Test
  void theNamedPlacesReadTheFileWritten() {
    matches(
        "fs.write-system",
        List.of("echo x > /etc/hosts", "rm /usr/local/bin/tool"),
        List.of("echo x > /etc", "echo x > /var/lib/x", "cat /etc/hosts"));
    matches(
        "fs.write-outside-project",
        List.of("echo x > /var/lib/x", "echo x > ~/notes"),
        List.of("echo x > /dev/null", "echo x > /dev/sdz1", "echo x > build/x", "cat /var/x"));
  }

  /** Whether each of {@code yes} and none of {@code no} matches the rule, under standard. */
  private static void matches(String id, List<String> yes, List<String> no) {
    for (String command : yes) {
      assertThat(matched(command)).as(command).contains(id);
    }
    for (String command : no) {
      assertThat(matched(command)).as(command).doesNotContain(id);
    }
  }

  /** The ids of the rules a command matches, under standard. */
  private static List<String> matched(String command) {
    GuardExplanation explanation =
        RuleBookTest.guard(GuardPreset.STANDARD)
            .explain(RuleBookTest.call(new Example("shell", command, null, null, true, null)));
    return explanation.matched().stream()
        .map(line -> line.substring(0, line.indexOf(':')))
        .toList();
  }

  private static When clause(String clause) {
    return spec(clause).matches().when().get(0);
  }

  private static RuleSpec spec(String clause) {
    try {
      return RuleBook.spec("fs", JSON.readTree(RULE.formatted(clause)));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
