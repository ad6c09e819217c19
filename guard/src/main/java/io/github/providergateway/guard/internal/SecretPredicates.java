package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the secret rules of {@code secrets.json} read of a program where data cannot say it: the
 * environment sent after it was printed, gpg exporting secret keys, a kubeconfig shown with its
 * credentials, ps showing the processes' environments. The files that hold secrets are the book's
 * lists ({@link SecretPaths}).
 */
final class SecretPredicates {
  private SecretPredicates() {}

  /**
   * Adds the predicates.
   *
   * @param named the table of {@link Where}
   */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put(
        "sends-after-environment-dump",
        new ProgramNames(
            ProgramKind.SENDER::names,
            (scan, step, read) ->
                step.is(ProgramKind.SENDER) && EnvironmentDumps.before(scan, step)));
    named.put(
        "sends-key-material",
        new ProgramNames(
            ProgramKind.SENDER::names,
            (scan, step, read) -> step.is(ProgramKind.SENDER) && keyMaterialSent(step)));
    named.put(
        "exports-secret-keys",
        (scan, step, read) -> {
          for (String arg : step.invocation().args()) {
            if (arg.startsWith("--export-secret")) {
              return true;
            }
          }
          return false;
        });
    named.put(
        "shows-raw-kubeconfig",
        (scan, step, read) -> {
          List<String> args = step.invocation().args();
          return args.contains("config")
              && args.contains("view")
              && (args.contains("--raw") || args.contains("--flatten"));
        });
    named.put(
        "shows-process-environments",
        (scan, step, read) -> psShowsEnvironment(step.invocation().args()));
  }

  /**
   * Whether a sender's words expand a variable holding key material ({@code curl -d
   * "$OTA_SIGNING_KEY" …}): a key that signs or decrypts is used where it is, never sent.
   */
  private static boolean keyMaterialSent(Step step) {
    for (Word word : step.args()) {
      if (word.text().length() < 4_096 && SecretNames.expandedKeyMaterial(word.text()) != null) {
        return true;
      }
    }
    return false;
  }

  /** ps's options that take a value in the next word when it is not attached. */
  private static final Set<String> PS_VALUES =
      NameSet.of(
          "-o",
          "-O",
          "-p",
          "-u",
          "-U",
          "-g",
          "-G",
          "-t",
          "-C",
          "-q",
          "-k",
          "-s",
          "--sort",
          "--format",
          "--pid",
          "--ppid",
          "--user",
          "--User",
          "--group",
          "--Group",
          "--tty",
          "--sid",
          "--cols",
          "--columns",
          "--rows",
          "--lines",
          "-N",
          "-M");

  /** The options ps takes in BSD's form, with no dash: {@code aux}, {@code eww}. */
  private static final String PS_BSD = "aAcCeEfghHjlLmMnNrsStTuvwxXZ";

  /**
   * Whether ps shows the processes' environments: BSD's {@code e} ({@code ps eww}, {@code ps
   * auxe}), or macOS's {@code -E}. Every variable of every process of the user is printed, the
   * agents' API keys among them. ({@code -e} with a dash selects every process; it shows no
   * environment.)
   */
  static boolean psShowsEnvironment(List<String> args) {
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      if (a.startsWith("-")) {
        if (!a.startsWith("--") && a.indexOf('E') > 0) {
          return true;
        }
        if (PS_VALUES.contains(a)
            || !a.startsWith("--")
                && a.length() > 2
                && "oOpuUgGtCqks".indexOf(a.charAt(a.length() - 1)) >= 0) {
          i++; // -o user, -eo user: the value, no BSD options
        }
        continue;
      }
      boolean bsd = !a.isEmpty();
      for (int k = 0; k < a.length() && bsd; k++) {
        bsd = PS_BSD.indexOf(a.charAt(k)) >= 0;
      }
      if (bsd && a.indexOf('e') >= 0) {
        return true;
      }
    }
    return false;
  }
}
