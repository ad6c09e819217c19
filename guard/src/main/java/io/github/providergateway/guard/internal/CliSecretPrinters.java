package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Which subcommands of the CLIs that keep credentials print one ({@code gh auth token}, {@code aws
 * ecr get-login-password}) or print a secret they store ({@code vault kv get}, {@code kubectl get
 * secret -o yaml}): each tool's arguments read, for {@link PrintedSecretPredicates}.
 */
final class CliSecretPrinters {
  private CliSecretPrinters() {}

  /** Whether a tool is asked to print a credential it keeps. */
  static boolean printsCliToken(String program, List<String> args) {
    String first = word(args, 0);
    String second = word(args, 1);
    return switch (program) {
      case "gh" ->
          first.equals("auth")
                  && (second.equals("token")
                      || second.equals("git-credential") && args.contains("get")
                      || second.equals("status")
                          && (args.contains("-t") || args.contains("--show-token")))
              || first.equals("config") && second.equals("get") && args.contains("oauth_token");
      case "glab" ->
          first.equals("config") && second.equals("get") && anyHolds(args, "token")
              || first.equals("auth")
                  && second.equals("status")
                  && (args.contains("-t") || args.contains("--show-token"));
      case "gcloud" ->
          first.equals("auth")
                  && (args.contains("print-access-token") || args.contains("print-identity-token"))
              || first.equals("config") && second.equals("config-helper");
      case "aws" ->
          first.equals("configure")
                  && (second.equals("export-credentials")
                      || second.equals("get")
                          && args.size() > 2
                          && (args.get(2).contains("secret") || args.get(2).contains("token")))
              || first.equals("sts")
                  && (second.equals("get-session-token")
                      || second.startsWith("assume-role")
                      || second.equals("get-federation-token"))
              || (first.equals("ecr") || first.equals("ecr-public"))
                  && second.equals("get-login-password")
              || first.equals("codeartifact") && second.equals("get-authorization-token")
              || first.equals("sso") && second.equals("get-role-credentials")
              || first.equals("eks") && second.equals("get-token")
              || first.equals("rds") && second.equals("generate-db-auth-token")
              || first.equals("iam") && second.equals("create-access-key");
      case "az" ->
          first.equals("account") && second.equals("get-access-token")
              || first.equals("acr")
                  && (second.equals("login") && args.contains("--expose-token")
                      || second.equals("credential") && args.contains("show"))
              || args.contains("keys") && args.contains("list")
              || args.contains("create-for-rbac")
              || args.contains("credential") && args.contains("reset");
      case "vault" ->
          first.equals("print") && second.equals("token")
              || first.equals("token") && second.equals("create");
      case "heroku" -> first.equals("auth:token");
      // Salesforce: --verbose adds the org's auth URL (a refresh token) to its access token, and
      // a URL to open the org carries the session's id (decision 103).
      case "sf", "sfdx" ->
          (first.equals("org") && second.equals("display") || first.equals("force:org:display"))
                  && args.contains("--verbose")
              || (first.equals("org") && second.equals("open") || first.equals("force:org:open"))
                  && (args.contains("-r")
                      || args.contains("--url-only")
                      || args.contains("--urlonly"));
      case "kubectl", "oc" ->
          first.equals("create") && second.equals("token")
              || program.equals("oc")
                  && first.equals("whoami")
                  && (args.contains("-t") || args.contains("--show-token"));
      case "npm" ->
          (first.equals("config") && second.equals("get") || first.equals("get"))
                  && (anyHolds(args, "auth")
                      || anyHolds(args, "token")
                      || anyHolds(args, "_password"))
              || first.equals("token") && second.equals("create");
      case "fly", "flyctl" ->
          first.equals("auth") && second.equals("token")
              || first.equals("tokens") && (second.equals("create") || second.equals("deploy"));
      default -> program.startsWith("docker-credential-") && first.equals("get");
    };
  }

  /**
   * Whether a hosting platform's CLI prints an app's configuration, its secrets among it, or pulls
   * it into a file (decision 208): the Shopify CLI's {@code app env show} and {@code app env pull},
   * {@code heroku config} and {@code config:get}, {@code vercel env pull}, {@code netlify env:get}
   * and {@code env:list --plain}/{@code --json}, {@code railway variables}, {@code eb printenv},
   * {@code cf env}, {@code firebase functions:config:get}, {@code dokku config}, {@code kamal
   * secrets print}, Azure's app settings listed. {@code fly secrets list}, {@code wrangler secret
   * list} and {@code supabase secrets list} show names or digests only; setting a value prints
   * none.
   */
  static boolean printsAppSecrets(String program, List<String> args) {
    String first = word(args, 0);
    String second = word(args, 1);
    return switch (program) {
      case "shopify" ->
          first.equals("app")
              && second.equals("env")
              && (args.contains("show") || args.contains("pull"));
      case "heroku" -> first.equals("config") || first.equals("config:get");
      case "vercel" -> first.equals("env") && second.equals("pull");
      case "netlify" ->
          first.equals("env:get")
              || first.equals("env:list") && (args.contains("--plain") || args.contains("--json"));
      case "railway" ->
          (first.equals("variables") || first.equals("variable") && second.equals("list"))
              && args.stream().noneMatch(a -> a.equals("--set") || a.startsWith("--set="));
      case "eb" -> first.equals("printenv");
      case "cf" -> first.equals("env");
      case "firebase" -> first.equals("functions:config:get");
      case "dokku" ->
          first.equals("config")
              || first.equals("config:show")
              || first.equals("config:get")
              || first.equals("config:export");
      case "kamal" -> first.equals("secrets") && second.equals("print");
      case "az" ->
          (first.equals("webapp") || first.equals("functionapp"))
              && second.equals("config")
              && args.contains("appsettings")
              && args.contains("list");
      default -> false;
    };
  }

  /** {@return the tool's {@code i}th argument, or the empty string} */
  private static String word(List<String> args, int i) {
    return args.size() > i ? args.get(i) : "";
  }

  /** Whether an argument holds {@code part}, in any case. */
  private static boolean anyHolds(List<String> args, String part) {
    for (String arg : args) {
      if (arg.toLowerCase(Locale.ROOT).contains(part)) {
        return true;
      }
    }
    return false;
  }

  /** pass's and gopass's commands that print no password. */
  private static final Set<String> PASS_QUIET =
      NameSet.of(
          "ls",
          "list",
          "find",
          "search",
          "insert",
          "add",
          "edit",
          "generate",
          "rm",
          "remove",
          "delete",
          "mv",
          "rename",
          "cp",
          "copy",
          "git",
          "init",
          "help",
          "version",
          "--help",
          "--version",
          "setup",
          "sync",
          "audit",
          "config",
          "mounts",
          "recipients",
          "fsck");

  /**
   * Vault's paths that {@code vault read} answers with settings or public material, not a secret: a
   * transit key's metadata (its material comes only from {@code transit/export/}), the server's own
   * settings, auth methods' roles, the certificate authority's public certificates, identities.
   */
  private static final List<String> VAULT_METADATA =
      List.of("transit/keys/", "sys/", "auth/", "pki/cert/", "pki/ca", "identity/");

  /** {@code vault read PATH} of a path that holds a secret (any but {@link #VAULT_METADATA}). */
  private static boolean vaultReadsSecret(List<String> args) {
    if (args.isEmpty() || !args.get(0).equals("read")) {
      return false;
    }
    for (int i = 1; i < args.size(); i++) {
      String arg = args.get(i);
      if (!arg.startsWith("-")) {
        String path = arg.startsWith("/") ? arg.substring(1) : arg;
        return VAULT_METADATA.stream().noneMatch(path::startsWith);
      }
    }
    return true; // no path read: as before, a print
  }

  /**
   * Whether a secret store is asked to print a secret it keeps: Vault's {@code kv get} and {@code
   * read}, AWS Secrets Manager, Parameter Store with decryption and KMS, Google's Secret Manager,
   * Azure Key Vault, a Kubernetes secret's data, pass and gopass, 1Password, Bitwarden, LastPass,
   * the macOS keychain, the freedesktop secret service, Doppler and Infisical.
   */
  static boolean printsStoredSecret(String program, List<String> args) {
    String first = word(args, 0);
    String second = word(args, 1);
    return switch (program) {
      case "vault" -> first.equals("kv") && second.equals("get") || vaultReadsSecret(args);
      case "aws" ->
          first.equals("secretsmanager")
                  && (second.equals("get-secret-value") || second.equals("batch-get-secret-value"))
              || first.equals("ssm")
                  && second.startsWith("get-parameter")
                  && args.contains("--with-decryption")
              || first.equals("kms") && second.equals("decrypt");
      case "gcloud" ->
          first.equals("secrets") && second.equals("versions") && args.contains("access");
      case "az" -> first.equals("keyvault") && second.equals("secret") && args.contains("show");
      case "kubectl", "oc" -> kubeSecret(args);
      case "pass", "gopass" ->
          !first.isEmpty()
              && !PASS_QUIET.contains(first)
              && !args.contains("-c")
              && !args.contains("--clip");
      case "op" ->
          (first.equals("read") || first.equals("inject") || first.equals("document"))
                  && !args.contains("-o")
                  && !args.contains("--out-file")
                  && !args.contains("--output")
                  && (!first.equals("document") || second.equals("get"))
              || first.equals("item") && second.equals("get") && args.contains("--reveal");
      case "bw" -> first.equals("get");
      case "lpass" -> first.equals("show");
      case "security" ->
          (first.equals("find-generic-password") || first.equals("find-internet-password"))
              && (args.contains("-w") || args.contains("-g"));
      case "secret-tool" -> first.equals("lookup");
      case "doppler" -> first.equals("secrets") && !args.contains("--only-names");
      case "infisical" -> first.equals("secrets") || first.equals("export");
      default -> false;
    };
  }

  /**
   * {@code kubectl get secret … -o yaml} (or json, jsonpath, a template): the secret's data, base64
   * that anyone decodes. A plain listing, {@code describe} and {@code -o name} show none.
   */
  private static boolean kubeSecret(List<String> args) {
    if (args.contains("view-secret")) {
      return true;
    }
    if (!args.contains("get") && !args.contains("extract")) {
      return false;
    }
    boolean secret = false;
    String output = null;
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      secret |=
          a.equals("secret")
              || a.equals("secrets")
              || a.startsWith("secret/")
              || a.startsWith("secrets/")
              || a.contains(",secret")
              || a.startsWith("secret,");
      if ((a.equals("-o") || a.equals("--output")) && i + 1 < args.size()) {
        output = args.get(i + 1);
      } else if (a.startsWith("--output=") || a.startsWith("-o") && a.length() > 2) {
        output = a.substring(a.startsWith("-o=") ? 3 : a.startsWith("-o") ? 2 : 9);
      }
    }
    if (args.contains("extract")) {
      // oc extract secret/x writes its keys into files; with --to=- it prints them.
      int to = args.indexOf("--to");
      return secret
          && (args.contains("--to=-")
              || to >= 0 && to + 1 < args.size() && args.get(to + 1).equals("-"));
    }
    return secret
        && output != null
        && (output.equals("yaml")
            || output.equals("json")
            || output.startsWith("jsonpath")
            || output.startsWith("go-template")
            || output.startsWith("template")
            || output.startsWith("custom-columns"));
  }
}
