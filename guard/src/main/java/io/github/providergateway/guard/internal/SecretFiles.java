package io.github.providergateway.guard.internal;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Files whose name says they hold a secret that the secret rules may leave to the person (a
 * project's configuration with keys): for the flow rules, reading one is reading a secret.
 */
final class SecretFiles {

  private static final List<String> ENDINGS =
      List.of(
          ".pem",
          ".key",
          ".p12",
          ".pfx",
          ".jks",
          ".keystore",
          ".tfvars",
          ".kdbx",
          ".ovpn",
          ".tfstate",
          ".asc",
          ".gpg");

  private static final Pattern ENV_EXAMPLE =
      Pattern.compile("\\.env\\.(?:example|sample|template|dist|defaults)");

  private static final Pattern SECRET_FILE =
      Pattern.compile(
          "id_(?:rsa|dsa|ecdsa|ed25519)|\\.npmrc|\\.pypirc|\\.netrc|\\.pgpass|\\.git-credentials"
              + "|\\.my\\.cnf|kubeconfig|credentials(?:\\..*)?|\\.envrc|\\.dev\\.vars"
              + "|wp-config\\.php|\\.htpasswd|.*service[-_]?account.*\\.json|.*-sa-key\\.json");

  private static final Pattern SECRET_WORD =
      Pattern.compile(".*(?:secret|credential|passw|token|apikey|api_key|private).*");

  private static final Pattern SOURCE_FILE =
      Pattern.compile(".*\\.(?:java|kt|ts|tsx|js|jsx|py|go|rs|rb|md|html|css)$");

  private SecretFiles() {}

  /** Whether the file {@code target} names holds a secret by its name. */
  static boolean secret(Target target) {
    return secretName(target.name());
  }

  /** Whether a file of this name holds a secret. */
  static boolean secretName(String fileName) {
    String name = fileName.toLowerCase(Locale.ROOT);
    if (name.isEmpty()) {
      return false;
    }
    if (name.equals(".env")
        || name.startsWith(".env.") && !PatternLiterals.matches(ENV_EXAMPLE, name)) {
      return true;
    }
    for (String end : ENDINGS) {
      if (name.endsWith(end)) {
        return true;
      }
    }
    if (PatternLiterals.matches(SECRET_FILE, name)) {
      return true;
    }
    return PatternLiterals.matches(SECRET_WORD, name)
        && !PatternLiterals.matches(SOURCE_FILE, name)
        && !name.contains("tokeniz");
  }
}
