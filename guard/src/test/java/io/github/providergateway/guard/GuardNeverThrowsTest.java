package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Commands made at random of the shell's own pieces (quotes, substitutions, here-documents,
 * declarations, wrappers, inline code) never make the guard fail by an exception of its own: a call
 * it cannot read because of a bug is denied (fail closed) but names the exception, and {@code
 * export FOO=} and {@code perl -e '`'} were such calls. A malformed command is still denied, with
 * the parse's own reason. Seeded: the same commands every run.
 *
 * <p>How many: {@code mvn verify} decides the first {@value #VERIFY_COMMANDS} of the sweep's seeded
 * commands and the first {@value #VERIFY_COMMANDS_ON_DISK} on a disk, a tenth of what it decided
 * before: 150,000 decisions were about 80 % of a test JVM's minutes on the build's critical path.
 * The {@code fuzz} profile sets {@code guard.neverThrows.commands} to 100,000 (the disk's sweep
 * half of it), every command the sweeps ever decided, as it explores the parser for {@code
 * ShellSyntaxFuzzTest}:
 *
 * <pre>{@code
 * ./mvnw -o -P fuzz -pl guard verify -Dtest=GuardNeverThrowsTest
 * }</pre>
 *
 * <p>The seeds and the pieces are as they were, so the commands {@code verify} decides are the
 * first of the same sequences, and the profile's run decides all of them.
 */
class GuardNeverThrowsTest {
  /** The sweep's commands in {@code mvn verify}. */
  private static final int VERIFY_COMMANDS = 10_000;

  /** The disk's sweep's commands in {@code mvn verify}. */
  private static final int VERIFY_COMMANDS_ON_DISK = 5_000;

  /**
   * The commands a sweep decides: {@code guard.neverThrows.commands} where set (the {@code fuzz}
   * profile sets it), else {@code verify}'s count; the disk's sweep decides half as many.
   */
  private static int commands(boolean onDisk) {
    Integer set = Integer.getInteger("guard.neverThrows.commands");
    if (set == null) {
      return onDisk ? VERIFY_COMMANDS_ON_DISK : VERIFY_COMMANDS;
    }
    return onDisk ? set / 2 : set;
  }

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

  /** What reaches the guard's ground on a disk (issue 75): links, scripts, sockets, routes. */
  private static final String[] GROUND_PIECES = {
    "sh s.sh ",
    "./s.sh",
    "python3 p.py ",
    "cl/",
    "gh/",
    "loop/",
    "../",
    "settings.json",
    ".provider-token",
    "ln -s ",
    "os.symlink('",
    "curl ",
    "--unix-socket ",
    "hook.sock",
    "UNIX-CONNECT:",
    "nc -U ",
    "http://",
    "localhost:9400/hooks",
    "[::1]:",
    ":9400",
    "/dev/tcp/127.0.0.1/9400",
    "tmux send-keys ",
    "screen -X stuff ",
    "TIOCSTI",
    "gateway attach",
    "fuser -k ",
    "/tcp",
    "xargs cat ",
    "find ",
    "~/.copilot/extensions/tap"
  };

  private static final FakeGuardDisk DISK =
      new FakeGuardDisk()
          .link("/home/ada/code/app/cl", "/home/ada/.claude")
          .link("/home/ada/code/app/gh", "/home/ada/.copilot/extensions/tap")
          .link("/home/ada/code/app/loop", "/home/ada/code/app/loop")
          .file("/home/ada/code/app/s.sh", "gateway stop; echo $( ; cat gh/x\n")
          .file("/home/ada/code/app/p.py", "open('hook.sock') ; fetch('http://[::1]:9400/mcp')")
          .ports(9400, 0, 65535);

  /** The same, on a disk: following links and reading scripts fail no call either. */
  @Test
  @Timeout(value = 10, unit = TimeUnit.MINUTES)
  void noCommandOnADiskMakesTheGuardFailByAnExceptionOfItsOwn() {
    Guard onDisk = Guard.create(GuardSettings.defaults(), GuardFixture.ENVIRONMENT.withDisk(DISK));
    Random random = new Random(75);
    List<String> failed = new ArrayList<>();
    for (int i = 0, n = commands(true); i < n && failed.size() < 10; i++) {
      StringBuilder command = new StringBuilder();
      for (int k = 1 + random.nextInt(10); k > 0; k--) {
        command.append(
            random.nextBoolean()
                ? GROUND_PIECES[random.nextInt(GROUND_PIECES.length)]
                : PIECES[random.nextInt(PIECES.length)]);
      }
      GuardVerdict verdict = onDisk.decide(shell(command.toString()));
      if (String.valueOf(verdict.reason()).contains("could not read this call (")) {
        failed.add(command + " → " + verdict.reason());
      }
    }
    assertThat(failed).isEmpty();
  }

  @Test
  @Timeout(value = 10, unit = TimeUnit.MINUTES)
  void noCommandMakesTheGuardFailByAnExceptionOfItsOwn() {
    Guard standard = guard(GuardPreset.STANDARD);
    Random random = new Random(44);
    List<String> failed = new ArrayList<>();
    for (int i = 0, n = commands(false); i < n && failed.size() < 10; i++) {
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
