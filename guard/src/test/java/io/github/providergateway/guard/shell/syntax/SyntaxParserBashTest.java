package io.github.providergateway.guard.shell.syntax;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Bash's grammar is the truth the parser is held to: for scripts made at random of the shell's
 * pieces (a fixed seed), the parser takes a script exactly when {@code bash -n} does, but where it
 * refuses on purpose what bash would take: a here-document with no line to end it (bash warns and
 * takes it to the end), and a backquoted substitution whose text is no script (bash reads it only
 * when it runs it, then fails that substitution alone).
 *
 * <p>This harness executes nothing: {@code bash -n} reads the script and runs none of it ({@code
 * BASH_ENV} and {@code ENV} cleared, no profile, no rc file). Skipped when there is no bash.
 */
@Tag("process")
class SyntaxParserBashTest {
  private static final Path BASH = Path.of("/bin/bash");

  private static final String[] PIECES = {
    " ",
    "a",
    "b",
    "x=",
    "=",
    "(",
    ")",
    "$",
    "$(",
    "`",
    "'",
    "\"",
    "\\",
    ";",
    "&",
    "|",
    "&&",
    "||",
    "<",
    ">",
    ">>",
    "<<",
    "EOF",
    "\n",
    "{",
    "}",
    "{a,b}",
    "~",
    "*",
    "#",
    "[",
    "]",
    "!",
    "$'",
    "<<<",
    "<(",
    ">(",
    "1",
    "2>&1",
    "x+=",
    "${",
    "${x:-",
    "$((",
    "))",
    "((",
    "[[ ",
    " ]]",
    "=~",
    " == ",
    "-f ",
    "if ",
    "then ",
    "elif ",
    "else ",
    "fi",
    "for ",
    "in ",
    "do ",
    "done",
    "while ",
    "until ",
    "case ",
    "esac",
    ";;",
    ";&",
    "select ",
    "function ",
    "f() ",
    "time ",
    "coproc ",
    "declare ",
    "local ",
    "export ",
    "eval ",
    "a[1]=",
    "$x",
    "${x}",
    "$1",
    "$?",
    "echo ",
    "rm ",
    "cat ",
    "<<-",
    "\t",
    "\\\n"
  };

  /** A refusal the parser makes on purpose where bash takes the script (see the class comment). */
  private static boolean refusedOnPurpose(ShellParseException e) {
    String message = e.getMessage();
    return message.contains("here-document with no line")
        || message.contains(" in the `…` at ")
        || message.contains("unterminated backquote");
  }

  @Test
  void theParserTakesAScriptExactlyWhenBashDoes() throws Exception {
    assumeTrue(Files.isExecutable(BASH), "no bash at " + BASH + ": the test is skipped");
    Set<String> scripts = new LinkedHashSet<>();
    Random random = new Random(60);
    while (scripts.size() < 400) {
      StringBuilder script = new StringBuilder();
      for (int k = 1 + random.nextInt(10); k > 0; k--) {
        script.append(PIECES[random.nextInt(PIECES.length)]);
      }
      scripts.add(script.toString());
    }
    List<String> disagreements = new ArrayList<>();
    int taken = 0;
    for (String script : scripts) {
      String bash = bashRefusal(script);
      ShellParseException refused = null;
      try {
        SyntaxParser.parse(script);
        taken++;
      } catch (ShellParseException e) {
        refused = e;
      }
      if (bash != null && refused == null) {
        disagreements.add("taken, bash refuses (" + bash + "): " + script);
      } else if (bash == null && refused != null && !refusedOnPurpose(refused)) {
        disagreements.add("refused (" + refused.getMessage() + "), bash takes: " + script);
      }
    }
    assertThat(disagreements).isEmpty();
    // Both kinds are in the set: the test would not pass by refusing, or taking, everything.
    assertThat(taken).isBetween(40, 360);
  }

  /** What {@code bash -n} says of {@code script}, or null when it takes it. */
  private static String bashRefusal(String script) throws IOException, InterruptedException {
    ProcessBuilder builder =
        new ProcessBuilder(BASH.toString(), "--norc", "--noprofile", "-n", "-c", "--", script);
    builder.environment().remove("BASH_ENV");
    builder.environment().remove("ENV");
    builder.environment().put("LC_ALL", "C.UTF-8");
    builder.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    builder.redirectOutput(ProcessBuilder.Redirect.DISCARD);
    Process bash = builder.start();
    String err = new String(bash.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(bash.waitFor(10, TimeUnit.SECONDS)).isTrue();
    // bash's exit status is no help: it may be 0 after an error. Its warnings are no refusals.
    for (String line : err.split("\n")) {
      if (!line.isBlank() && !line.contains("warning:")) {
        return line;
      }
    }
    return null;
  }
}
