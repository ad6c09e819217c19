package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The forge rules' harms under the spellings the red-team pass of issue 80 found past them: a
 * branch's rules turned off by a ruleset's {@code enforcement=disabled} or its deletion, protection
 * replaced by a {@code PUT} or deleted through GraphQL, an organisation's admin role given by the
 * API, and a secret file staged by a pathspec's magic ({@code git add -f ':(glob)**}{@code
 * /.env'}).
 */
final class ForgeSpellings {
  private ForgeSpellings() {}

  /** GraphQL mutations that weaken or remove a branch's protection or a ruleset. */
  private static final List<String> WEAKENING_MUTATIONS =
      List.of(
          "deletebranchprotectionrule",
          "updatebranchprotectionrule",
          "deleterepositoryruleset",
          "updaterepositoryruleset");

  /** The names of files that hold secrets, staged by a pathspec. */
  private static final Set<String> SECRET_NAMES =
      NameSet.of(
          ".env", "id_rsa", "id_ed25519", "id_ecdsa", ".npmrc", ".pypirc", "credentials.json");

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("api-weakens-rules", (scan, step, read) -> weakensRules(read.args()));
    named.put(
        "api-grants-org-admin",
        (scan, step, read) -> {
          List<Word> args = read.args();
          return method(args, "PUT")
              && path(args, "/memberships/")
              && field(args, "role").equals("admin");
        });
    named.put(
        "removes-protection-elsewhere",
        (scan, step, read) -> {
          List<Word> args = step.args();
          String method =
              step.program().equals("glab")
                  ? (method(args, "DELETE") ? "delete" : "")
                  : ServiceCalls.method(step.program(), args);
          if (!"delete".equals(method)) {
            return false;
          }
          for (Word w : args) {
            String t = w.text();
            if (t.length() < 2048
                && (t.contains("/branches/") && t.contains("/protection")
                    || t.contains("protected_branches/")
                    || t.contains("/rulesets/"))) {
              return true;
            }
          }
          return false;
        });
    named.put(
        "adds-secret-pathspec",
        (scan, step, read) -> {
          for (Word word : read.args()) {
            if (secretPathspec(word.text())) {
              return true;
            }
          }
          return false;
        });
  }

  /**
   * {@code gh api} turning a branch's rules off: a ruleset written with {@code
   * enforcement=disabled} or deleted, protection replaced by a {@code PUT} of its own, or a GraphQL
   * mutation that deletes or updates protection or a ruleset.
   */
  static boolean weakensRules(List<Word> args) {
    if (path(args, "graphql")) {
      for (Word w : args) {
        String t = w.text().toLowerCase(Locale.ROOT);
        for (String mutation : WEAKENING_MUTATIONS) {
          if (t.length() < 8192 && t.contains(mutation)) {
            return true;
          }
        }
      }
      return false;
    }
    if (path(args, "/rulesets/")) {
      return method(args, "DELETE")
          || (method(args, "PUT") || method(args, "PATCH"))
              && field(args, "enforcement").equals("disabled");
    }
    return method(args, "PUT") && path(args, "/protection");
  }

  /** {@return whether {@code -X}/{@code --method} is {@code method}} */
  private static boolean method(List<Word> args, String method) {
    for (int i = 0; i < args.size(); i++) {
      String t = args.get(i).text();
      String value = null;
      if ((t.equals("-X") || t.equals("--method")) && i + 1 < args.size()) {
        value = args.get(i + 1).text();
      } else if (t.startsWith("-X") && t.length() > 2) {
        value = t.substring(2);
      } else if (t.startsWith("--method=")) {
        value = t.substring("--method=".length());
      }
      if (value != null && value.equalsIgnoreCase(method)) {
        return true;
      }
    }
    return false;
  }

  /** {@return whether a word that is no option's value holds {@code part} of the API's path} */
  private static boolean path(List<Word> args, String part) {
    for (Word w : args) {
      String t = w.text();
      if (!t.startsWith("-") && !t.contains("=") && t.contains(part)) {
        return true;
      }
    }
    return false;
  }

  /** {@return the value of a {@code -f}/{@code -F} field, or the empty string} */
  private static String field(List<Word> args, String name) {
    for (int i = 0; i + 1 < args.size(); i++) {
      String t = args.get(i).text();
      if (Set.of("-f", "-F", "--field", "--raw-field").contains(t)) {
        String v = args.get(i + 1).text();
        if (v.startsWith(name + "=")) {
          return v.substring(name.length() + 1).replace("\"", "").replace("'", "");
        }
      }
    }
    return "";
  }

  /**
   * {@code :(glob)**}{@code /.env}, {@code :(top).env}: a pathspec's magic naming a secret file.
   */
  static boolean secretPathspec(String text) {
    if (!text.startsWith(":") || text.length() > 1024) {
      return false;
    }
    String path = text;
    if (path.startsWith(":(")) {
      int close = path.indexOf(')');
      path = close < 0 ? "" : path.substring(close + 1);
    } else {
      int i = 1;
      while (i < path.length() && "/!^".indexOf(path.charAt(i)) >= 0) {
        i++;
      }
      if (i < path.length() && path.charAt(i) == ':') {
        i++;
      }
      path = path.substring(i);
    }
    if (path.startsWith("!") || text.startsWith(":!") || text.startsWith(":^")) {
      return false; // an exclusion
    }
    String base = path.substring(path.lastIndexOf('/') + 1);
    return SECRET_NAMES.contains(base)
        || base.startsWith(".env.")
            && !base.endsWith(".example")
            && !base.endsWith(".sample")
            && !base.endsWith(".template")
            && !base.endsWith(".dist");
  }
}
