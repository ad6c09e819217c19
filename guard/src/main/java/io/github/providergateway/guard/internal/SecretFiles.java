package io.github.providergateway.guard.internal;

import java.util.List;
import java.util.Locale;

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
        || name.startsWith(".env.")
            && !name.matches("\\.env\\.(?:example|sample|template|dist|defaults)")) {
      return true;
    }
    for (String end : ENDINGS) {
      if (name.endsWith(end)) {
        return true;
      }
    }
    if (name.matches(
        "id_(?:rsa|dsa|ecdsa|ed25519)|\\.npmrc|\\.pypirc|\\.netrc|\\.pgpass|\\.git-credentials"
            + "|\\.my\\.cnf|kubeconfig|credentials(?:\\..*)?|\\.envrc|\\.dev\\.vars"
            + "|wp-config\\.php|\\.htpasswd|.*service[-_]?account.*\\.json|.*-sa-key\\.json")) {
      return true;
    }
    return name.matches(".*(?:secret|credential|passw|token|apikey|api_key|private).*")
        && !name.matches(".*\\.(?:java|kt|ts|tsx|js|jsx|py|go|rs|rb|md|html|css)$")
        && !name.contains("tokeniz");
  }
}
