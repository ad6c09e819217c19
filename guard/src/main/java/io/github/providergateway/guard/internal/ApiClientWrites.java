package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;

/**
 * A write through a service's generic API client (decision 122, {@code shapes.api-client-writes}):
 * {@code gh api}, {@code glab api}, {@code hub api}, {@code az rest}, which reach every endpoint of
 * the service the client is logged in to, past the commands that would name the act. It acts when
 * it deletes, when its body turns something off ({@code "status":"disabled"}, {@code
 * enabled=false}), when it dispatches or deploys with production named, and, for {@code az rest},
 * whenever it writes: its endpoints are the company's directory and cloud.
 */
final class ApiClientWrites {
  private ApiClientWrites() {}

  /** Whether the step writes through a generic API client as above. */
  static boolean writes(Scan scan, Step step) {
    String program = step.program();
    if (!ShapeObjects.API_CLIENTS.contains(program)) {
      return false;
    }
    List<Word> args = step.args();
    if (args.isEmpty()) {
      return false;
    }
    String sub = args.get(0).text();
    boolean rest = program.equals("az") && sub.equals("rest");
    if (!rest && !sub.equals("api")) {
      return false;
    }
    String method = method(args, rest);
    if (method.equals("GET") || method.equals("HEAD")) {
      return false;
    }
    if (rest || method.equals("DELETE")) {
      return true;
    }
    for (Word word : args) {
      String text = word.text();
      if (text.length() > 4096) {
        continue;
      }
      if (turnsOff(text)) {
        return true; // -f enabled=false, --input - <<< '{"…":{"status":"disabled"}}'
      }
      String lower = text.toLowerCase(Locale.ROOT);
      if ((lower.contains("dispatches") || lower.contains("deployments"))
          && Environments.namesProduction(lower)) {
        return true; // …/workflows/deploy-prod.yml/dispatches
      }
    }
    for (Redirect redirect : step.invocation().redirects()) {
      String body = redirect.body() != null ? redirect.body() : redirect.target().text();
      if (redirect.operator().startsWith("<<") && body.length() < 4096 && turnsOff(body)) {
        return true;
      }
    }
    return false;
  }

  /** The method a call states, or what its fields make it: {@code -f} posts, none gets. */
  private static String method(List<Word> args, boolean rest) {
    boolean fields = false;
    for (int i = 1; i < args.size(); i++) {
      String text = args.get(i).text();
      String next = i + 1 < args.size() ? args.get(i + 1).text() : "";
      if (text.equals("-X") || text.equals("--method")) {
        return next.toUpperCase(Locale.ROOT);
      }
      if (text.startsWith("--method=") || text.startsWith("-X") && text.length() > 2) {
        return text.substring(text.startsWith("-X") ? 2 : 9).toUpperCase(Locale.ROOT);
      }
      fields |=
          text.equals("-f")
              || text.equals("-F")
              || text.startsWith("--raw-field")
              || text.startsWith("--field")
              || text.equals("--input")
              || text.equals("--body");
    }
    return fields ? "POST" : "GET";
  }

  private static boolean turnsOff(String text) {
    if (text == null || text.isEmpty()) {
      return false;
    }
    String lower = text.toLowerCase(Locale.ROOT);
    for (String off : ShapeObjects.OFF_WORDS) {
      if (lower.contains(off)) {
        return true;
      }
    }
    return false;
  }
}
