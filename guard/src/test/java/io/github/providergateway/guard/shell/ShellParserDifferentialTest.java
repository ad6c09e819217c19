package io.github.providergateway.guard.shell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * How bash splits a simple command into words is the truth the parser is held to: for each input,
 * the words of {@code echo INPUT} as the parser reads them are compared with the words bash gives.
 *
 * <p>This harness executes nothing the inputs ask for. Bash is asked only to split: {@code set -f;
 * eval "set -- $1"; printf '%s\0' "$@"} makes the input the arguments of {@code set --} (no command
 * of the input runs, globbing is off), and only inputs that {@link #harnessAccepts} are given to
 * it: no command or process substitution, no backquote, no separator, pipe, redirection or newline,
 * no parenthesis or brace, no tilde, and no {@code $} but the quoting forms {@code $'…'} and {@code
 * $"…"} — so no expansion can run anything either. The inputs are plain text written here or
 * generated from a fixed seed; {@code BASH_ENV} and {@code ENV} are cleared. Skipped when there is
 * no bash.
 */
@Tag("process")
class ShellParserDifferentialTest {
  private static final Path BASH = Path.of("/bin/bash");

  private static final List<String> HAND_WRITTEN =
      List.of(
          "git\\ push",
          "'git' \"push\"",
          "g''it push",
          "$'\\x67it' push",
          "git\tpush",
          "git \t  push\t",
          "\"a\"'b'c",
          "a\\\\b",
          "'it'\\''s'",
          "\"\\\\\\\"\"",
          "a#b #c",
          "\\#a b",
          "# all a comment",
          "\"a b\"c' d'",
          "\\ \\ ",
          "''",
          "\"\"",
          "'' ''",
          "a'' ''b",
          "\"\\a\\b\\\\\"",
          "\"it's\"",
          "'say \"hi\"'",
          "$'\\t\\n\\r'",
          "$'\\101\\102\\103'",
          "$'\\x41\\x4a'",
          "$'\\x4'",
          "$'\\u00e9\\u263a'",
          "$'\\U0001F600'",
          "$'\\e[0m'",
          "$'\\cA\\cz'",
          "$'\\''",
          "$'\\\"'",
          "$'\\\\'",
          "$'\\q\\z'",
          "$'\\x'",
          "$'\\?'",
          "$'a\\0b'",
          "$'\\0101'",
          "$\"locale string\"",
          "$\"a\"$'b'c",
          "rm -rf /",
          "r\\m -r\\f \\/",
          "'rm' '-rf' '/'",
          "\"r\"\"m\"",
          "*",
          "a?b",
          "[ab]",
          "\\*",
          "'*'",
          "a=b c=d",
          "FOO=1 rm x",
          "--force-with-lease",
          "+refs/heads/main",
          "é日本",
          "a\\\tb",
          "\"a\tb\"",
          "'a\tb'",
          "\\'",
          "\\\"",
          "a\\",
          "a$'b'",
          "\"$\"",
          "if then fi",
          "!",
          "time",
          "[[ x ]]",
          "!x",
          "=",
          "a==b",
          "%s\\\\0",
          "-e",
          "-n",
          "\\n\\t");

  private static final String[] FRAGMENTS = {
    "a",
    "rm",
    "-rf",
    "/",
    "git",
    "push",
    "x.txt",
    "=",
    "a=b",
    "%",
    "@",
    ":",
    ",",
    ".",
    "-",
    "+",
    "^",
    "é",
    "日本",
    "!",
    " ",
    "  ",
    "\t",
    " \t ",
    "'a b'",
    "''",
    "'\\'",
    "'\"'",
    "'a\tb'",
    "\"a b\"",
    "\"\"",
    "\"\\\"\"",
    "\"\\\\\"",
    "\"\\a\"",
    "\"'\"",
    "\"#\"",
    "\\ ",
    "\\a",
    "\\\\",
    "\\'",
    "\\\"",
    "\\#",
    "\\\t",
    "$'\\x72m'",
    "$'\\t'",
    "$'\\101'",
    "$'\\u00e9'",
    "$'\\''",
    "$'a\\\\b'",
    "$'\\e'",
    "$'\\cA'",
    "$'\\x'",
    "$'\\q'",
    "$'it\\'s'",
    "$\"a b\"",
    "$\"x\"",
    "*",
    "?",
    "[ab]",
    "#",
    "#x",
    "$'\\n'",
    "\"a\\nb\"",
    "\"\\$\"",
  };

  /** Whether {@code input} is one bash may split without anything in it running. */
  static boolean harnessAccepts(String input) {
    for (String forbidden :
        List.of("$(", "`", "<(", ">(", ";", "&", "|", ">", "<", "\n", "(", ")", "{", "}", "~")) {
      if (input.contains(forbidden)) {
        return false;
      }
    }
    for (int i = 0; i < input.length(); i++) {
      if (input.charAt(i) == '$') {
        char next = i + 1 < input.length() ? input.charAt(i + 1) : ' ';
        if (next != '\'' && next != '"') {
          return false;
        }
      }
    }
    return true;
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "echo $(rm x)",
        "`rm x`",
        "a;b",
        "a|b",
        "a&b",
        "a>b",
        "a<b",
        "<(x)",
        ">(x)",
        "a\nb",
        "$HOME",
        "${x}",
        "$1",
        "a$b",
        "\"$x\"",
        "$((1))",
        "(x)",
        "{a,b}",
        "~/x",
        "$'x'$y"
      })
  void theHarnessFilterRejectsWhatCouldRunOrExpand(String input) {
    assertThat(harnessAccepts(input)).isFalse();
  }

  @Test
  void theHarnessFilterLetsQuotingFormsThrough() {
    assertThat(harnessAccepts("$'\\x72m' $\"a\" 'b' \"c\" \\d")).isTrue();
  }

  static Stream<String> inputs() {
    Set<String> inputs = new LinkedHashSet<>();
    for (String input : HAND_WRITTEN) {
      assertThat(harnessAccepts(input))
          .as("hand-written input %s is in the harness's set", input)
          .isTrue();
      inputs.add(input);
    }
    Random random = new Random(44);
    while (inputs.size() < HAND_WRITTEN.size() + 160) {
      StringBuilder sb = new StringBuilder();
      int parts = 1 + random.nextInt(8);
      for (int i = 0; i < parts; i++) {
        sb.append(FRAGMENTS[random.nextInt(FRAGMENTS.length)]);
      }
      String input = sb.toString();
      if (harnessAccepts(input)) {
        inputs.add(input);
      }
    }
    return inputs.stream();
  }

  @Test
  void theDifferentialSetHasAtLeastOneHundredAndFiftyInputs() {
    assertThat(inputs().count()).isGreaterThanOrEqualTo(150);
  }

  @ParameterizedTest(name = "[{index}] echo {0}")
  @MethodSource("inputs")
  void theParserSplitsWordsAsBashDoes(String input) throws Exception {
    assumeTrue(
        Files.isExecutable(BASH), "no bash at " + BASH + ": the differential test is skipped");
    assertThat(harnessAccepts(input)).isTrue();
    String command = "echo " + input;
    ShellScript script = ShellParser.parse(command);
    assertThat(script.invocations()).hasSize(1);
    Invocation invocation = script.invocations().get(0);
    assertThat(invocation.wrappers()).isEmpty();
    List<String> parsed = invocation.words().stream().map(Word::text).toList();
    assertThat(parsed).as("words of %s", command).isEqualTo(bashSplits(command));
  }

  /** The words bash gives {@code command}, asking it only to split (see the class comment). */
  private static List<String> bashSplits(String command) throws IOException, InterruptedException {
    ProcessBuilder builder =
        new ProcessBuilder(
            BASH.toString(),
            "--norc",
            "--noprofile",
            "-c",
            "set -f; eval \"set -- $1\"; printf '%s\\0' \"$@\"",
            "_",
            command);
    builder.environment().remove("BASH_ENV");
    builder.environment().remove("ENV");
    builder.environment().put("LC_ALL", "C.UTF-8");
    builder.redirectErrorStream(false);
    builder.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    Process bash = builder.start();
    byte[] out = bash.getInputStream().readAllBytes();
    String err = new String(bash.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(bash.waitFor(10, TimeUnit.SECONDS)).isTrue();
    assertThat(bash.exitValue()).as("bash: %s", err).isZero();
    String text = new String(out, StandardCharsets.UTF_8);
    List<String> words = new ArrayList<>(Arrays.asList(text.split("\0", -1)));
    words.remove(words.size() - 1);
    return words;
  }
}
