package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Commands made at random of the shell's own pieces (quotes, substitutions, here-documents,
 * declarations, wrappers, inline code) never make the guard fail by an exception of its own: a call
 * it cannot read because of a bug is denied (fail closed) but names the exception, and {@code
 * export FOO=} and {@code perl -e '`'} were such calls. A malformed command is still denied, with
 * the parse's own reason. Seeded: the same commands every run.
 */
class GuardNeverThrowsTest {

  private static final String[] PIECES = {
    " ",
    "a",
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
    "<",
    ">",
    "<<",
    "EOF",
    "\n",
    "{",
    "}",
    ",",
    "~",
    "*",
    "#",
    "[",
    "]",
    "export ",
    "declare ",
    "local ",
    "for ",
    "in ",
    "do ",
    "done",
    "if ",
    "then ",
    "fi",
    "case ",
    "esac",
    "${",
    "$((",
    "))",
    "[[ ",
    " ]]",
    "time ",
    "function ",
    "-",
    "/",
    "!",
    "$'",
    "<<<",
    "<(",
    "1",
    "2>&1",
    "x+=",
    "sudo ",
    "env ",
    "bash -c ",
    "sh -c ",
    "eval ",
    "xargs ",
    "find . -exec ",
    "python3 -c ",
    "perl -e ",
    "node -e ",
    "ruby -e ",
    "awk ",
    "rm ",
    "-rf ",
    "git ",
    "push ",
    "--force ",
    "curl ",
    "| sh",
    "cat ",
    "~/.ssh/id_rsa ",
    ".env ",
    "echo ",
    "printf ",
    "kill ",
    "dd ",
    "of=",
    "chmod ",
    "-R ",
    "mv ",
    "tee ",
    "make ",
    "npm run ",
    "kubectl delete ",
    "terraform destroy ",
    "git -c alias.x=",
    "git config ",
    "source ",
    ". ",
    "watch ",
    "timeout 5 ",
    "nohup ",
    "busybox ",
    "/bin/rm ",
    "cd ",
    "..",
    "/etc/",
    "/dev/sda",
    "$HOME",
    "${HOME}"
  };

  @Test
  void noCommandMakesTheGuardFailByAnExceptionOfItsOwn() {
    Guard standard = guard(GuardPreset.STANDARD);
    Random random = new Random(44);
    List<String> failed = new ArrayList<>();
    for (int i = 0; i < 100_000 && failed.size() < 10; i++) {
      StringBuilder command = new StringBuilder();
      for (int k = 1 + random.nextInt(14); k > 0; k--) {
        command.append(PIECES[random.nextInt(PIECES.length)]);
      }
      GuardVerdict verdict = standard.decide(shell(command.toString()));
      if (String.valueOf(verdict.reason()).contains("could not read this call (")) {
        failed.add(command + " → " + verdict.reason());
      }
    }
    assertThat(failed).isEmpty();
  }
}
