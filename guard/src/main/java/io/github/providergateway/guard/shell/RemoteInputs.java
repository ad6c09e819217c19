package io.github.providergateway.guard.shell;

import io.github.providergateway.guard.shell.RawCommand.RawRedirect;
import io.github.providergateway.guard.shell.programs.CarriedRun;
import io.github.providergateway.guard.shell.programs.ProducerKind;
import io.github.providergateway.guard.shell.programs.Programs;
import io.github.providergateway.guard.shell.syntax.ShellParseException;
import java.util.List;
import java.util.regex.Pattern;

/**
 * What ssh hands the remote side on its input, read as the code it is there: {@code ssh host bash
 * -s <<'EOF' … EOF}, {@code ssh host <<EOF} (the login shell reads it), {@code echo '…' | ssh host
 * sh}, {@code ssh host python3 - <<EOF} (decision 100: the lab's devices are reached so). The
 * remote command itself is ssh's carried code ({@code CarriedCode}); this reads only its input, and
 * only where the remote side runs it. What another program prints into a remote shell ({@code sed …
 * runbook | ssh host sudo bash}) is unread there, as it is here (decision 179).
 */
final class RemoteInputs {
  /** A remote command that runs its input as shell code: {@code bash -s}, {@code sudo sh}. */
  private static final Pattern SHELL =
      Pattern.compile(
          "(?:sudo(?:\\s+-[A-Za-z]+)*\\s+)?(?:/bin/|/usr/bin/)?(?:ba|z|da|k|a)?sh(?:\\s+-[a-z]+)*(?:\\s+--)?\\s*");

  /** A remote command that runs its input as Python: {@code python3 -}, {@code sudo python3}. */
  private static final Pattern PYTHON =
      Pattern.compile(
          "(?:sudo(?:\\s+-[A-Za-z]+)*\\s+)?(?:/usr/bin/)?python3?(?:\\s+-[a-zA-Z]*)*\\s*");

  private RemoteInputs() {}

  /**
   * Reads what ssh's input hands a remote shell or Python as their code.
   *
   * @param resolver the resolver
   * @param raw ssh's command
   * @param carried what ssh carries, its remote command among it (via {@code ssh})
   * @param depth the depth
   * @param via how ssh was reached
   */
  static void read(
      Resolver resolver, RawCommand raw, List<CarriedRun> carried, int depth, List<String> via)
      throws ShellParseException {
    String remote = null;
    for (CarriedRun run : carried) {
      if (run.via().equals("ssh")) {
        remote = run.script();
      }
    }
    boolean python = false;
    if (remote != null) {
      if (remote.length() > 200) {
        return;
      }
      python = PYTHON.matcher(remote).matches();
      if (!python && !SHELL.matcher(remote).matches()) {
        return; // ssh host 'cat > file' <<EOF: the input is data
      }
    }
    List<String> inner = Resolver.append(via, "ssh");
    for (RawRedirect r : raw.redirects) {
      if (r.body != null && r.operator.startsWith("<<")) {
        feed(resolver, r.body, python, depth, inner, " in the here-document of ssh");
      }
    }
    String piped = ShellInputs.pipedText(resolver, raw);
    if (piped != null) {
      feed(resolver, piped, python, depth, inner, " in the text piped into ssh");
    } else if (raw.pipedFrom != null
        && Programs.producerOf(ShellInputs.pipeBack(raw.pipedFrom)) == ProducerKind.UNKNOWN) {
      // sed … runbook | ssh host sudo bash (decision 179): what the remote shell runs is what
      // another program prints, as in … | bash here
      resolver.opaque(
          Opaque.Kind.COMPUTED_INPUT,
          raw.words,
          inner,
          Programs.producerShown(raw.pipedFrom.words));
    }
  }

  private static void feed(
      Resolver resolver, String text, boolean python, int depth, List<String> via, String where)
      throws ShellParseException {
    if (python) {
      resolver.command(
          List.of(Word.literal("python3"), Word.literal("-c"), Word.literal(text)), depth + 1, via);
    } else {
      resolver.script(text, depth, via, where);
    }
  }
}
