package io.github.providergateway.guard.shell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.github.providergateway.guard.Guard;
import io.github.providergateway.guard.GuardCall;
import io.github.providergateway.guard.GuardEnvironment;
import io.github.providergateway.guard.GuardSettings;
import io.github.providergateway.guard.GuardVerdict;
import io.github.providergateway.guard.shell.syntax.ShellParseException;
import io.github.providergateway.guard.shell.syntax.ShellParseException.Reason;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A shell runs a script a complete command at a time, so the commands before the first it cannot
 * read run ({@link ShellParser#parseRunnable}); the code a command writes and runs is read so.
 */
class RunnableScriptTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '→',
      quoteCharacter = '\u0000',
      textBlock =
          """
          rm a\\nfi\\nrm b                  → rm a
          rm a; fi                          →
          rm a\\nif b; then c               → rm a
          rm a &&\\nrm b\\n(                → rm a\\nrm b
          cat <<EOF\\nfi\\nEOF\\nrm a\\ndone → cat <<EOF=fi⏎\\nrm a
          rm a\\necho "b                   → rm a
          rm a\\nrm b                       → rm a\\nrm b
          """)
  void theCommandsBeforeTheFirstUnreadableOneAreRead(String script, String expected)
      throws Exception {
    ShellScript read = ShellParser.parseRunnable(unescape(script));
    assertThat(Rendering.render(read)).as(script).isEqualTo(unescape(expected));
  }

  @Test
  void aBoundPassedIsStillRefused() {
    ShellParseException e =
        catchThrowableOfType(
            ShellParseException.class,
            () -> ShellParser.parseRunnable("rm a\n" + "a ".repeat(ShellParser.MAX_WORDS + 1)));
    assertThat(e.reason()).isEqualTo(Reason.TOO_MANY_WORDS);
  }

  /**
   * The file the command writes and a shell runs is read by the resolver first, whole and strictly:
   * what it cannot read it denies, so the decision does not rest on the runnable prefix (a parser
   * that refused something bash reads would otherwise drop the rest unread). The home's deletion
   * before the {@code fi} is read by FedCode's reading, which takes that prefix; either denies.
   */
  @Test
  void codeWrittenAndRunThatTheShellStopsInIsDenied() {
    Guard guard =
        Guard.create(
            GuardSettings.defaults(),
            new GuardEnvironment(
                Path.of("/home/ada"), List.of(Path.of("/tmp")), Path.of("/home/ada/.gw")));
    Path project = Path.of("/home/ada/code/app");
    GuardVerdict verdict =
        guard.decide(
            new GuardCall(
                "shell",
                JsonNodeFactory.instance
                    .objectNode()
                    .put("command", "printf 'rm -rf ~\\nfi\\n' > x.sh && sh x.sh"),
                project,
                project,
                null));
    assertThat(verdict.outcome()).isEqualTo(GuardVerdict.Outcome.DENY);
    assertThat(verdict.ruleId()).isIn("fs.delete-home", "guard.unreadable");
  }

  /**
   * A script's comments are no code: two apostrophes in them ({@code agent's}, {@code JVM's}) and
   * an arithmetic {@code $((…))} between them once made the whole script unreadable (this
   * repository's own {@code ./gateway} among them), while a substitution hidden in an evaluated
   * string is still read (issue 75).
   */
  @Test
  void anArithmeticExpansionBetweenTwoApostrophesOfCommentsIsNoHiddenSubstitution()
      throws Exception {
    String script =
        "# an agent's own launcher\nstart=$SECONDS\necho \"built in $((SECONDS - start)) s\"\n"
            + "# the JVM's copy\nexec java -jar app.jar\n";

    assertThat(ShellParser.parseRunnable(script).invocations())
        .extracting(Invocation::program)
        .containsExactly("echo", "java", "app"); // java -jar app.jar runs app (decision 197)
    assertThat(
            ShellParser.parse("x='a[$(rm -rf ~)]'; echo $((x))").invocations().stream()
                .map(Invocation::program))
        .contains("rm");
  }

  private static String unescape(String text) {
    return text == null ? "" : text.replace("\\n", "\n");
  }
}
