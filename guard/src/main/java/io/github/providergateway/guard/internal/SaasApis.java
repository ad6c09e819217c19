package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A SaaS CLI's raw API passthrough, read as one request (decision 101): {@code auth0 api patch
 * "attack-protection/…" --data …}, {@code netlify api deleteSite}, {@code twilio
 * api:core:incoming-phone-numbers:remove}, {@code stripe post /v1/… --live}, {@code sf api request
 * rest … --method DELETE}. Its method and its path's words are classed as the {@code acts} rules
 * class an HTTP client's ({@link ActsPredicates#DESTROYING}), with the verbs of an admin API beside
 * them (a signing key rotated, a protection reset): a DELETE, a path saying one, a body {@code
 * "enabled": false} or a setting lowered ({@link SiteSettings}) destroys; another write writes; a
 * GET, a list, a fetch reads. The forges' own ({@code gh api}, {@code glab api}) are the forge
 * family's.
 */
final class SaasApis {
  private SaasApis() {}

  /** The CLIs whose {@code api} subcommand sends a raw request to the service's admin API. */
  static final Set<String> PASSTHROUGH =
      NameSet.of(
          "auth0",
          "vercel",
          "netlify",
          "okta",
          "clerk",
          "supabase",
          "fly",
          "flyctl",
          "render",
          "railway",
          "hcloud",
          "sentry-cli",
          "sf",
          "workos",
          "ldcli",
          "pd",
          "twilio",
          "stripe");

  /** What an admin API's path says beyond the HTTP clients' verbs: keys rotated, state reset. */
  private static final Set<String> ADMIN_VERBS =
      NameSet.of("rotate", "reset", "purge", "clear", "unlink", "unenroll", "invalidate");

  private static final Set<String> METHODS =
      NameSet.of("get", "head", "post", "put", "patch", "delete");

  /**
   * A raw request as read.
   *
   * @param method lower case
   * @param path the path or the operation's name, lower case
   * @param body what it sends, as {@link SiteSettings#normalised} makes it
   */
  record Api(String method, String path, String body) {
    boolean reads() {
      return method.equals("get") || method.equals("head");
    }

    /** {@return what it destroys or lowers, as the reason shows it, or {@code null}} */
    String destroys() {
      if (reads()) {
        return null;
      }
      String lowered = SiteSettings.lowered(path, body);
      if (lowered != null) {
        return lowered;
      }
      if (method.equals("delete")) {
        return "a DELETE of " + path;
      }
      if (ActsPredicates.says(path, ActsPredicates.DESTROYING)
          || ActsPredicates.says(path, ADMIN_VERBS)) {
        return method + " " + path;
      }
      return body.contains("\"enabled\":false") || body.contains("\"enabled\":\"false\"")
          ? "something turned off (\"enabled\": false)"
          : null;
    }
  }

  /** Adds each predicate of a program under its name. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put(
        "cli-api-destroys",
        (scan, step, read) -> {
          Api api = of(scan, step);
          return api != null && api.destroys() != null;
        });
    named.put(
        "cli-api-writes",
        (scan, step, read) -> {
          Api api = of(scan, step);
          // Test credentials' calls (Twilio's magic numbers) write nothing the account holds.
          return api != null && !api.reads() && !Environments.localTestData(scan, step);
        });
  }

  /** The program's raw request, read once a call; {@code null} for none. */
  static Api of(Scan scan, Step step) {
    if (!PASSTHROUGH.contains(step.program())) {
      return null; // most programs: a set lookup
    }
    Map<Step, Api> read = scan.once("SaasApis.requests", s -> new java.util.IdentityHashMap<>());
    return read.computeIfAbsent(step, SaasApis::read);
  }

  private static Api read(Step step) {
    List<Word> args = step.args();
    String program = step.program();
    List<String> positionals = new java.util.ArrayList<>();
    String method = null;
    boolean data = false;
    boolean live = false;
    StringBuilder body = new StringBuilder();
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i).text();
      String lower = a.toLowerCase(Locale.ROOT);
      String next = i + 1 < args.size() ? args.get(i + 1).text() : "";
      if (lower.equals("-x") || lower.equals("--method") || lower.equals("--request")) {
        method = next.toLowerCase(Locale.ROOT);
        i++;
      } else if (lower.equals("-d") || lower.startsWith("--data") || lower.equals("--body")) {
        data = true;
        if (!lower.contains("=")) {
          body.append(next).append(' ');
          i++;
        } else {
          body.append(a.substring(a.indexOf('=') + 1)).append(' ');
        }
      } else if (lower.equals("--live")) {
        live = true;
      } else if (lower.startsWith("-")) {
        if (lower.startsWith("--")
            && !lower.contains("=")
            && !next.startsWith("-")
            && positionals.isEmpty()) {
          i++; // a global option's value before the subcommand (--tenant x)
        }
        body.append(a).append(' ');
      } else {
        positionals.add(a);
        body.append(a).append(' ');
      }
    }
    if (positionals.isEmpty()) {
      return null;
    }
    String first = positionals.get(0).toLowerCase(Locale.ROOT);
    if (program.equals("twilio")) {
      return first.startsWith("api:") ? twilio(first, body) : null;
    }
    if (program.equals("stripe")) {
      boolean raw = first.equals("post") || first.equals("delete");
      return raw && live && positionals.size() > 1
          ? new Api(first, positionals.get(1).toLowerCase(Locale.ROOT), norm(body))
          : null;
    }
    if (!first.equals("api")) {
      return null;
    }
    int at = 1;
    if (program.equals("sf") && positionals.size() > 2) {
      at = 3; // sf api request rest <path>
    }
    if (at < positionals.size() && METHODS.contains(positionals.get(at).toLowerCase(Locale.ROOT))) {
      method = positionals.get(at).toLowerCase(Locale.ROOT);
      at++;
    }
    String path = at < positionals.size() ? positionals.get(at).toLowerCase(Locale.ROOT) : "";
    if (method == null && program.equals("netlify")) {
      method = operation(at < positionals.size() ? positionals.get(at) : "", data);
    }
    if (method == null) {
      method = data ? "post" : "get";
    }
    return new Api(method, path, norm(body));
  }

  /** netlify's operation named by its first word: {@code getSite}, {@code deleteSite}. */
  private static String operation(String name, boolean data) {
    List<String> words = ActsPredicates.words(name);
    String verb = words.isEmpty() ? "" : words.get(0);
    return switch (verb) {
      case "get", "list", "show" -> "get";
      case "delete", "remove", "unlink", "purge" -> "delete";
      case "update",
          "create",
          "set",
          "add",
          "provision",
          "restore",
          "rollback",
          "cancel",
          "lock",
          "unlock" ->
          "post";
      default -> data ? "post" : "get";
    };
  }

  /** twilio's {@code api:<product>:<version>:<resource>:<verb>}. */
  private static Api twilio(String command, StringBuilder body) {
    String path = command.replace(':', '/');
    String verb = path.substring(path.lastIndexOf('/') + 1);
    // Studio's flows/validate takes a definition and answers whether it is valid; it keeps nothing.
    boolean checkOnly = path.endsWith("/validate/" + verb);
    String method =
        checkOnly
            ? "get"
            : switch (verb) {
              case "list", "fetch" -> "get";
              case "remove", "delete" -> "delete";
              default -> "post";
            };
    return new Api(method, path, norm(body));
  }

  private static String norm(StringBuilder body) {
    return SiteSettings.normalised(body.toString());
  }
}
