package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Whether a search of the printed environment ({@code env | grep …}) looks for secrets: whether its
 * pattern would find a typical secret variable by the part of its name that says it is one ({@code
 * tok} finds {@code GITHUB_TOKEN} by its {@code TOKEN}, {@code key|secret} finds {@code
 * AWS_SECRET_ACCESS_KEY}), or names on its own the service a typical key is for ({@code ^gh},
 * {@code aws}, {@code openai}). A pattern that holds such a part only inside another word finds
 * none ({@code KEYCLOAK_URL} holds {@code key}, {@code author} holds {@code auth}: no secret's name
 * holds either).
 *
 * <p>The pattern is read as grep's, without a regular expression engine: its alternatives ({@code
 * |}, {@code \|}) are the runs of letters, digits and {@code _} it must find in order, {@code ^}
 * anchoring the first; a character made optional ({@code x?}, {@code x*}) or a class ({@code
 * [a-z]}) only splits runs, which can only make more names match. Case is ignored, as {@code -i}
 * would, since the guard does not know how the names are written.
 */
final class SecretSearch {
  /**
   * Typical names of variables that hold secrets, as the services and tools that read them name
   * them.
   */
  private static final List<String> NAMES =
      List.of(
          "GITHUB_TOKEN",
          "GH_TOKEN",
          "GH_ENTERPRISE_TOKEN",
          "GITLAB_TOKEN",
          "CR_PAT",
          "NPM_TOKEN",
          "npm_config__authtoken",
          "PYPI_TOKEN",
          "TWINE_PASSWORD",
          "CARGO_REGISTRY_TOKEN",
          "AWS_ACCESS_KEY_ID",
          "AWS_SECRET_ACCESS_KEY",
          "AWS_SESSION_TOKEN",
          "OPENAI_API_KEY",
          "ANTHROPIC_API_KEY",
          "CLAUDE_CODE_OAUTH_TOKEN",
          "GEMINI_API_KEY",
          "GOOGLE_API_KEY",
          "GOOGLE_APPLICATION_CREDENTIALS",
          "AZURE_CLIENT_SECRET",
          "AZURE_OPENAI_API_KEY",
          "HF_TOKEN",
          "HUGGING_FACE_HUB_TOKEN",
          "SLACK_BOT_TOKEN",
          "STRIPE_SECRET_KEY",
          "SENDGRID_API_KEY",
          "TWILIO_AUTH_TOKEN",
          "DD_API_KEY",
          "SENTRY_AUTH_TOKEN",
          "VAULT_TOKEN",
          "CLOUDFLARE_API_TOKEN",
          "DIGITALOCEAN_ACCESS_TOKEN",
          "FLY_API_TOKEN",
          "HEROKU_API_KEY",
          "VERCEL_TOKEN",
          "NETLIFY_AUTH_TOKEN",
          "DOCKER_PASSWORD",
          "DB_PASSWORD",
          "PGPASSWORD",
          "MYSQL_PWD",
          "SECRET_KEY",
          "JWT_SECRET",
          "API_KEY",
          "PRIVATE_KEY",
          "ACCESS_TOKEN",
          "CLIENT_SECRET",
          "SSH_PASSPHRASE");

  /** The parts of a name that say it holds a secret. */
  private static final List<String> SECRET_PARTS =
      List.of(
          "TOKEN",
          "SECRET",
          "PASSWORD",
          "PASSPHRASE",
          "PWD",
          "PAT",
          "KEY",
          "AUTH",
          "CREDENTIALS",
          "AUTHTOKEN");

  /**
   * Services whose keys a typical environment holds, by the word their variables begin with: a
   * search for one alone ({@code ^aws}, {@code grep -i openai}) prints its keys.
   */
  private static final Set<String> SERVICES =
      NameSet.of(
          "gh",
          "github",
          "gitlab",
          "glab",
          "aws",
          "openai",
          "anthropic",
          "claude",
          "gemini",
          "azure",
          "hf",
          "huggingface",
          "hugging_face",
          "pypi",
          "twine",
          "vault",
          "stripe",
          "slack",
          "sentry",
          "cloudflare",
          "vercel",
          "netlify",
          "heroku",
          "twilio",
          "sendgrid");

  /** Each name's characters that belong to a part saying it is a secret's, upper case. */
  private static final List<boolean[]> SECRET_CHARS = new ArrayList<>();

  /** {@link #NAMES} in capitals, as the search compares them. */
  private static final List<String> UPPER_NAMES =
      NAMES.stream().map(name -> name.toUpperCase(Locale.ROOT)).toList();

  static {
    for (String name : NAMES) {
      String upper = name.toUpperCase(Locale.ROOT);
      boolean[] secret = new boolean[upper.length()];
      for (String part : SECRET_PARTS) {
        for (int at = upper.indexOf(part); at >= 0; at = upper.indexOf(part, at + 1)) {
          boolean starts =
              at == 0 || !Character.isLetter(upper.charAt(at - 1)) || part.length() > 3;
          int end = at + part.length();
          boolean ends = end == upper.length() || !Character.isLetter(upper.charAt(end));
          // PAT, KEY and PWD only as words of their own (not PATH); the longer ones anywhere
          // (PGPASSWORD, npm's _authtoken).
          if (starts && (ends || part.length() > 3)) {
            for (int k = at; k < end; k++) {
              secret[k] = true;
            }
          }
        }
      }
      SECRET_CHARS.add(secret);
    }
  }

  private SecretSearch() {}

  /**
   * Whether a grep pattern looks for secrets in the environment.
   *
   * @param pattern the pattern as given
   * @return whether it would find a typical secret's variable by its secret part, or names a
   *     service alone
   */
  static boolean looksForSecret(String pattern) {
    for (String alternative : alternatives(pattern)) {
      boolean anchored = false;
      String a = alternative;
      while (a.startsWith("(") || a.startsWith("^")) {
        anchored |= a.charAt(0) == '^';
        a = a.substring(1);
      }
      List<String> runs = runs(a);
      if (runs.isEmpty()) {
        continue;
      }
      if (runs.size() == 1) {
        String only = runs.get(0).toLowerCase(Locale.ROOT);
        if (SERVICES.contains(only)
            || only.endsWith("_") && SERVICES.contains(only.substring(0, only.length() - 1))) {
          return true;
        }
      }
      List<String> upper = runs.stream().map(run -> run.toUpperCase(Locale.ROOT)).toList();
      for (int n = 0; n < NAMES.size(); n++) {
        if (findsBySecretPart(UPPER_NAMES.get(n), SECRET_CHARS.get(n), upper, anchored)) {
          return true;
        }
      }
    }
    return false;
  }

  /** The alternatives of a pattern: split at {@code |} and {@code \|}. */
  private static List<String> alternatives(String pattern) {
    List<String> out = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      if (c == '|') {
        out.add(current.toString());
        current.setLength(0);
      } else if (c == '\\' && i + 1 < pattern.length() && pattern.charAt(i + 1) == '|') {
        out.add(current.toString());
        current.setLength(0);
        i++;
      } else {
        current.append(c);
      }
    }
    out.add(current.toString());
    return out;
  }

  /**
   * The runs of name characters an alternative must find, in order: a character followed by
   * {@code ?}, {@code *} or {@code {} is optional and left out, and any other character ends a run.
   */
  private static List<String> runs(String alternative) {
    List<String> runs = new ArrayList<>();
    StringBuilder run = new StringBuilder();
    for (int i = 0; i < alternative.length(); i++) {
      char c = alternative.charAt(i);
      char next = i + 1 < alternative.length() ? alternative.charAt(i + 1) : ' ';
      boolean optional = next == '?' || next == '*' || next == '{';
      if ((Character.isLetterOrDigit(c) || c == '_') && !optional) {
        run.append(c);
      } else {
        if (c == '[') {
          int close = alternative.indexOf(']', i + 2);
          i = close < 0 ? alternative.length() : close; // a class: any character
        } else if (c == '\\' && i + 1 < alternative.length()) {
          i++; // an escape: \w, \b, \. and the like
        }
        if (run.length() > 0) {
          runs.add(run.toString());
          run.setLength(0);
        }
      }
    }
    if (run.length() > 0) {
      runs.add(run.toString());
    }
    return runs;
  }

  /**
   * Whether the runs (in capitals) are found in the name in order (the first at its start when
   * anchored), one of them over a character of a secret's part.
   */
  private static boolean findsBySecretPart(
      String name, boolean[] secret, List<String> runs, boolean anchored) {
    int from = 0;
    boolean bySecret = false;
    for (int r = 0; r < runs.size(); r++) {
      String run = runs.get(r);
      int first = -1;
      for (int at = name.indexOf(run, from); at >= 0; at = name.indexOf(run, at + 1)) {
        if (r == 0 && anchored && at != 0) {
          break;
        }
        if (first < 0) {
          first = at;
        }
        for (int k = at; k < at + run.length() && !bySecret; k++) {
          bySecret = secret[k];
        }
      }
      if (first < 0) {
        return false;
      }
      from = first + run.length();
    }
    return bySecret;
  }
}
