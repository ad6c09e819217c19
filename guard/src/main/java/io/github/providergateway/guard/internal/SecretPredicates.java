package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

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
    String previous = "";
    for (Word word : step.args()) {
      String text = word.text();
      String name = text.length() < 4_096 ? SecretNames.expandedKeyMaterial(text) : null;
      if (name != null && !(header(previous, text) && SecretNames.servicesPrivateKey(name))) {
        return true; // a service's "private key" in a header is its API key (Klaviyo's)
      }
      if (text.length() < 1_024 && keyFileSent(previous, text)) {
        return true; // curl -F f=@keys/release-signing.key …, -T tls.key
      }
      previous = text;
    }
    for (Redirect redirect : step.invocation().redirects()) {
      String fed = RedirectedInput.text(redirect);
      if (fed != null && fed.length() < 4_096 && SecretNames.expandedKeyMaterial(fed) != null) {
        return true; // curl -d @- … <<< "$OTA_SIGNING_KEY": fed to the sender
      }
      if (redirect.operator().equals("<")
          && redirect.target() != null
          && SecretsCarried.privateKey(redirect.target().text())) {
        return true; // nc host 443 < keys/release-signing.key
      }
    }
    return false;
  }

  /**
   * Whether a sender's word names a private key's file it sends: {@code @FILE} as a body or a
   * form's field ({@code -d @tls.key}, {@code -F f=@keys/release-signing.key}), or the file an
   * upload option takes ({@code -T}, {@code --upload-file}).
   */
  private static boolean keyFileSent(String previous, String text) {
    int at = text.indexOf('@');
    String file =
        previous.equals("-T") || previous.equals("--upload-file")
            ? text
            : at >= 0 && (at == 0 || text.charAt(at - 1) == '=') ? text.substring(at + 1) : null;
    if (file != null && file.indexOf(';') > 0) {
      file = file.substring(0, file.indexOf(';')); // -F f=@key.pem;type=text/plain
    }
    return file != null && !file.isEmpty() && SecretsCarried.privateKey(file);
  }

  /** Whether a word is a request's header: after {@code -H}, or {@code Name: value}. */
  private static boolean header(String previous, String text) {
    return previous.equals("-H")
        || previous.equals("--header")
        || text.startsWith("--header=")
        || text.startsWith("-H")
        || PatternLiterals.finds(HEADER_ITEM, text);
  }

  /** A header given as one word ({@code Authorization:"Klaviyo-API-Key $K"}), not a URL. */
  private static final Pattern HEADER_ITEM =
      Pattern.compile("^['\"]?[A-Za-z][A-Za-z0-9-]{0,60}:(?!//)");

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
