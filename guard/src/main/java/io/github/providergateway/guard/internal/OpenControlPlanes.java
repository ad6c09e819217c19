package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;

/**
 * A server whose port runs anyone's code or hands out everything it holds, started on every
 * interface without a password (decision 238, {@code exposure.control-plane-open}): {@code ray
 * start --head --dashboard-host=0.0.0.0} (Ray's jobs API has no authentication: CVE-2023-48022,
 * "ShadowRay"), {@code mlflow server --host 0.0.0.0} (no authentication unless its basic-auth app
 * is named; runs and artifacts read and written by anyone), {@code redis-server --protected-mode
 * no}, {@code ttyd -W} (a writable shell in a browser) with no credential and no loopback
 * interface, {@code dask scheduler --host 0.0.0.0}.
 *
 * <p>Not read here: {@code code-server --auth none}, which {@code shared.notebook-open} denies; the
 * same servers on loopback or with their defaults ({@code ray start --head}, {@code mlflow ui},
 * whose dashboards listen on 127.0.0.1), and {@code jupyter} and {@code python -m http.server},
 * which {@code exposure.serve-open} reads.
 */
final class OpenControlPlanes {
  private OpenControlPlanes() {}

  /**
   * Whether a program starts such a server open to the network.
   *
   * @param program the program's name
   * @param args its arguments
   * @return whether it does
   */
  static boolean opens(String program, List<Word> args) {
    return switch (program) {
      case "ray" ->
          has(args, "start")
              && has(args, "--head")
              && everywhere(value(args, "--dashboard-host", null));
      case "mlflow" ->
          (first(args, "server") || first(args, "ui"))
              && everywhere(value(args, "--host", "-h"))
              && !has(args, "--app-name");
      case "redis-server" ->
          "no".equalsIgnoreCase(value(args, "--protected-mode", null))
              && !loopback(value(args, "--bind", null));
      case "ttyd" ->
          (has(args, "-W") || has(args, "--writable"))
              && value(args, "--credential", "-c") == null
              && !loopback(value(args, "--interface", "-i"));
      case "dask-scheduler" -> everywhere(value(args, "--host", null));
      case "dask" -> first(args, "scheduler") && everywhere(value(args, "--host", null));
      default -> false;
    };
  }

  /** Whether an address is every interface: {@code 0.0.0.0}, {@code ::}, {@code *}. */
  private static boolean everywhere(String address) {
    if (address == null) {
      return false;
    }
    String host = address.startsWith("[") ? address : address.split(":")[0];
    return host.equals("0.0.0.0")
        || host.equals("*")
        || address.equals("::")
        || host.equals("[::]");
  }

  /** Whether an address is this machine's loopback; {@code null} (none given) is not. */
  private static boolean loopback(String address) {
    if (address == null) {
      return false;
    }
    String lower = address.toLowerCase(Locale.ROOT);
    return lower.startsWith("127.")
        || lower.startsWith("localhost")
        || lower.startsWith("[::1]")
        || lower.equals("::1")
        || lower.equals("lo");
  }

  private static boolean has(List<Word> args, String word) {
    for (Word arg : args) {
      if (arg.text().equals(word)) {
        return true;
      }
    }
    return false;
  }

  private static boolean first(List<Word> args, String word) {
    for (Word arg : args) {
      if (!arg.text().startsWith("-")) {
        return arg.text().equals(word);
      }
    }
    return false;
  }

  /** An option's value, given as {@code --opt value}, {@code --opt=value} or a short option's. */
  private static String value(List<Word> args, String name, String shortName) {
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if ((text.equals(name) || text.equals(shortName)) && i + 1 < args.size()) {
        return args.get(i + 1).text();
      }
      if (text.startsWith(name + "=")) {
        return text.substring(name.length() + 1);
      }
    }
    return null;
  }
}
