package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Set;

/**
 * Where a program's standard output goes, as far as one command shows it: into the transcript the
 * agent reads (and its provider keeps), or not, because it is saved to a file, captured by {@code
 * $(…)} into a variable or another program's argument, or fed to a program that takes a secret on
 * its standard input to use it ({@code docker login --password-stdin}).
 *
 * <p>The parse lists every program of a command but not which feeds which (as {@link RemoteFlows}
 * reads a download piped into a shell), so a program is read as fed only when the command has a
 * pipe and a later program is one of those that take a secret on standard input and print none of
 * it; any other reader of the pipe ({@code base64}, {@code cut}, {@code tee}) prints it on.
 */
final class Output {
  /**
   * Files writing to which is read as still showing the text: the terminal's own, and {@code
   * /dev/null}, since the parse keeps no descriptor and {@code 2>/dev/null} (standard output still
   * shown) reads as {@code >/dev/null}.
   */
  private static final Set<String> SHOWN =
      NameSet.of("/dev/stdout", "/dev/stderr", "/dev/tty", "/dev/fd/1", "/dev/fd/2", "/dev/null");

  /** Options that make a program take a secret on standard input. */
  private static final Set<String> STDIN_OPTIONS =
      NameSet.of(
          "--password-stdin",
          "--with-token",
          "--token-stdin",
          "--stdin",
          "--from-file=/dev/stdin",
          "--passphrase-fd");

  /** Programs that read a secret on standard input to use it, or print only a digest of it. */
  private static final Set<String> CONSUMERS =
      NameSet.of(
          "wc",
          "sha256sum",
          "sha1sum",
          "sha512sum",
          "md5sum",
          "shasum",
          "b2sum",
          "cksum",
          "pbcopy",
          "xclip",
          "xsel",
          "wl-copy",
          "chpasswd",
          "ssh-add");

  private Output() {}

  /**
   * Whether what {@code steps.get(i)} prints reaches the transcript.
   *
   * @param scan the call
   * @param i the program's index in {@link Scan#steps()}
   * @return whether it does
   */
  static boolean shown(Scan scan, int i) {
    List<Step> steps = scan.steps();
    Step step = steps.get(i);
    if (savedToFile(step)) {
      return false;
    }
    if (captured(step)) {
      return printedByEnclosing(steps, step);
    }
    return !fed(scan, i);
  }

  /** Whether a program's standard output goes to a file, not the terminal. */
  static boolean savedToFile(Step step) {
    for (Redirect redirect : step.invocation().redirects()) {
      if (!redirect.writes() || redirect.operator().equals(">&")) {
        continue; // >&2 writes to a descriptor: the terminal's standard error is shown too
      }
      String file = redirect.target().text();
      if (!SHOWN.contains(file)) {
        return true;
      }
    }
    return false;
  }

  /** Whether a program's output is captured by a substitution. */
  static boolean captured(Step step) {
    return step.reachedBy("$(") || step.reachedBy("`") || step.reachedBy("<(");
  }

  /**
   * Whether a captured program's output is an argument of a printer ({@code echo "$(gh auth
   * token)"}), which prints it on: a printer's word that substitutes the program by name.
   */
  private static boolean printedByEnclosing(List<Step> steps, Step captured) {
    String program = captured.program();
    for (Step step : steps) {
      if (step == captured || !step.is(ProgramKind.ECHO) || captured(step)) {
        continue;
      }
      for (Word word : step.args()) {
        String text = word.text();
        if (!word.literal()
            && (text.contains("$(") || text.contains("`"))
            && text.contains(program)) {
          return true;
        }
      }
    }
    return false;
  }

  /** Whether a later program of a piped command takes the output in to use it. */
  private static boolean fed(Scan scan, int i) {
    String source = scan.source();
    if (source == null || !piped(source)) {
      return false;
    }
    List<Step> steps = scan.steps();
    for (int k = i + 1; k < steps.size(); k++) {
      if (consumer(steps.get(k))) {
        return true;
      }
    }
    return false;
  }

  /** Whether a program takes a secret in to use it, or prints only a digest of it. */
  static boolean consumer(Step step) {
    if (CONSUMERS.contains(step.program())) {
      return true;
    }
    List<String> args = step.invocation().args();
    for (String arg : args) {
      if (STDIN_OPTIONS.contains(arg) || arg.endsWith("=/dev/stdin")) {
        return true;
      }
    }
    return switch (step.program()) {
      // gh secret set NAME (and variable set) read the value on standard input without --body.
      case "gh", "glab" ->
          args.size() >= 2
              && (args.get(0).equals("secret") || args.get(0).equals("variable"))
              && args.get(1).equals("set");
      // git credential approve stores what it reads; vault login - and docker secret create - read
      // it.
      case "git" -> args.contains("credential") && args.contains("approve");
      case "vault", "docker", "podman" -> args.contains("-");
      default -> false;
    };
  }

  /** Whether the command has a pipe: a {@code |} that is no {@code ||}. */
  private static boolean piped(String source) {
    for (int i = 0; i < source.length(); i++) {
      if (source.charAt(i) == '|') {
        if (i + 1 < source.length() && source.charAt(i + 1) == '|') {
          i++;
        } else {
          return true;
        }
      }
    }
    return false;
  }
}
