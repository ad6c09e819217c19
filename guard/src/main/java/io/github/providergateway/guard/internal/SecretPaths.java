package io.github.providergateway.guard.internal;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Which paths hold secrets, and the rule of each: SSH and GPG keys, {@code .env} files (not {@code
 * .env.example} and its kind), cloud and cluster credentials, registry and git tokens, browsers'
 * stores, password stores, the agents' token files; a glob is read as naming a secret when it would
 * match one. Read from the path alone, by {@link SecretRules} and by the rules that see a path in
 * inline code or a container's mount.
 */
final class SecretPaths {
  private static final BuiltinRule SSH = RuleBook.rule("secrets.ssh");
  private static final BuiltinRule ENV_FILE = RuleBook.rule("secrets.env-file");
  private static final BuiltinRule AWS = RuleBook.rule("secrets.aws");
  private static final BuiltinRule GCLOUD = RuleBook.rule("secrets.gcloud");
  private static final BuiltinRule AZURE = RuleBook.rule("secrets.azure");
  private static final BuiltinRule KUBE = RuleBook.rule("secrets.kube");
  private static final BuiltinRule DOCKER = RuleBook.rule("secrets.docker");
  private static final BuiltinRule NETRC = RuleBook.rule("secrets.netrc");
  private static final BuiltinRule REGISTRY = RuleBook.rule("secrets.package-registry");
  private static final BuiltinRule GIT_CREDENTIALS = RuleBook.rule("secrets.git-credentials");
  private static final BuiltinRule GPG = RuleBook.rule("secrets.gpg");
  private static final BuiltinRule AGENT_TOKENS = RuleBook.rule("secrets.agent-tokens");
  private static final BuiltinRule DATABASE = RuleBook.rule("secrets.database");
  private static final BuiltinRule TERRAFORM = RuleBook.rule("secrets.terraform");
  private static final BuiltinRule SYSTEM = RuleBook.rule("secrets.system");
  private static final BuiltinRule PROCESS_ENVIRONMENT =
      RuleBook.rule("secrets.process-environment");
  private static final BuiltinRule TOOL_CREDENTIALS = RuleBook.rule("secrets.tool-credentials");
  private static final BuiltinRule PASSWORD_STORE = RuleBook.rule("secrets.password-store");

  private SecretPaths() {}

  private static final Path ETC = Path.of("/etc");

  private static final Set<String> ENV_SAFE =
      Set.of("example", "sample", "template", "dist", "defaults", "schema");

  /**
   * The files in which browsers keep their cookies and saved passwords (Chromium's family and
   * Firefox), by name: read below a browser's profile folder only.
   */
  private static final Set<String> BROWSER_STORES =
      Set.of(
          "Cookies",
          "Login Data",
          "Login Data For Account",
          "Web Data",
          "Local State",
          "cookies.sqlite",
          "logins.json",
          "key3.db",
          "key4.db",
          "signons.sqlite",
          "Cookies.binarycookies");

  /** The folders of the home below which browsers keep their profiles. */
  private static final Set<String> BROWSER_HOMES = Set.of(".config", ".mozilla", "snap", ".var");

  private static final Set<String> SSH_PUBLIC =
      Set.of("known_hosts", "known_hosts.old", "config", "authorized_keys", "authorized_keys2");

  /** The secret a target is, or one its glob would match; or {@code null}. */
  static BuiltinRule secretOrGlob(Path home, Target target) {
    if (processEnvironment(target.raw())
        || target.path() != null && processEnvironment(target.path().toString())) {
      return PROCESS_ENVIRONMENT;
    }
    return target.glob() == null ? secret(home, target.path()) : globbed(home, target);
  }

  /**
   * Whether a path, as written, is a process's environment ({@code /proc/self/environ}, {@code
   * /proc/$PID/environ}, {@code /proc/*}{@code /environ}): every variable the process was given,
   * tokens and keys among them. Read as written, since the process's number is rarely literal.
   */
  private static boolean processEnvironment(String raw) {
    return raw.startsWith("/proc/") && raw.endsWith("/environ");
  }

  /**
   * Where the secrets of a home typically are: a glob with a wildcard in a folder's name ({@code
   * ~/.ss?/id_rsa}, {@code ~/.[a]ws/credentials}) reads a secret when it would match one of these.
   */
  private static final List<String> HOME_SECRETS =
      homeSecrets(
          List.of(
              ".ssh/id_rsa",
              ".ssh/id_ed25519",
              ".ssh/id_ecdsa",
              ".ssh/id_dsa",
              ".aws/credentials",
              ".azure/accessTokens.json",
              ".kube/config",
              ".docker/config.json",
              ".netrc",
              ".pgpass",
              ".npmrc",
              ".pypirc",
              ".git-credentials",
              ".gnupg/private-keys-v1.d",
              ".terraform.d/credentials.tfrc.json"),
          // ...then the agents' sign-in tokens that are one file each (agents.json), then:
          List.of(
              ".config/gcloud/credentials.db",
              ".config/gh/hosts.yml",
              ".config/git/credentials",
              ".aws/cli/cache",
              ".vault-token",
              ".m2/settings.xml",
              ".gradle/gradle.properties",
              ".config/rclone/rclone.conf",
              ".pulumi/credentials.json",
              ".config/glab-cli/config.yml",
              ".fly/config.yml",
              ".config/doctl/config.yaml",
              ".s3cfg",
              ".boto",
              ".databrickscfg",
              ".oci/config"));

  /** {@code first}, the agents' one-file tokens, {@code then}: a glob takes the first it meets. */
  private static List<String> homeSecrets(List<String> first, List<String> then) {
    List<String> all = new java.util.ArrayList<>(first);
    all.addAll(AgentGround.LITERAL_TOKEN_FILES);
    all.addAll(then);
    return List.copyOf(all);
  }

  /** A glob reads a secret when it would match a typical one in the folder it lists. */
  private static BuiltinRule globbed(Path home, Target target) {
    Glob glob = Glob.path(Glob.bracketsAsAny(target.glob()));
    Path dir = target.path();
    String tail = target.glob().substring(target.glob().lastIndexOf('/') + 1);
    String listedTail = target.glob().substring(dir.toString().length());
    if (listedTail.indexOf('/', 1) > 0) {
      // A wildcard in a folder's name: the secrets it could reach, and a file named as a secret
      // is (`*/.env`, `~/.ss?/id_rsa`).
      for (String secret : HOME_SECRETS) {
        Path candidate = home.resolve(secret);
        if (glob.matches(candidate.toString())) {
          return secret(home, candidate);
        }
      }
      if (Places.firstWildcard(tail) < 0) {
        BuiltinRule byName = secret(home, dir.resolve(tail));
        if (byName == ENV_FILE || byName == SSH || byName == PASSWORD_STORE) {
          return byName;
        }
      }
    }
    for (String probe :
        new String[] {
          ".env",
          ".env.local",
          "id_rsa",
          "id_ed25519",
          "credentials",
          "config",
          "config.json",
          ".netrc",
          ".npmrc",
          ".pypirc",
          ".git-credentials",
          "auth.json",
          ".credentials.json",
          "oauth_creds.json",
          "private-keys-v1.d"
        }) {
      if (probe.startsWith(".") && !tail.startsWith(".")) {
        continue; // like the shell, a glob matches a dot file only when it starts with a dot
      }
      Path candidate = dir.resolve(probe);
      BuiltinRule rule = secret(home, candidate);
      boolean byNameOnly = rule == SSH && !candidate.startsWith(home.resolve(".ssh"));
      if (byNameOnly && !tail.isEmpty() && "*?[".indexOf(tail.charAt(0)) >= 0) {
        continue; // `grep x *` names no key; `cat id_*` does
      }
      if (rule != null && glob.matches(candidate.toString())) {
        return rule;
      }
    }
    if (tail.endsWith(".pub") || tail.startsWith("known_hosts")) {
      return null; // ~/.ssh/*.pub: the public halves, which no probe above matched
    }
    BuiltinRule folder = secret(home, dir);
    return folder;
  }

  /**
   * The secret a path is, or {@code null}.
   *
   * @param home the user's home
   * @param path the absolute path, or {@code null}
   * @return the rule that guards it
   */
  static BuiltinRule secret(Path home, Path path) {
    if (path == null || path.getFileName() == null) {
      return null;
    }
    String name = path.getFileName().toString();
    if (isEnvFile(name)) {
      return ENV_FILE;
    }
    if (isPrivateKeyName(name)) {
      return SSH;
    }
    if (path.startsWith(ETC)) {
      return name.equals("shadow")
              || name.equals("gshadow")
              || name.startsWith("ssh_host_") && name.endsWith("_key")
          ? SYSTEM
          : null;
    }
    if (!path.startsWith(home) || path.equals(home)) {
      return null;
    }
    String first = path.getName(home.getNameCount()).toString();
    if (passwordStore(home.relativize(path), first, name)) {
      return PASSWORD_STORE;
    }
    if (!first.startsWith(".") && !first.equals("_netrc")) {
      return null; // a project's file: none of the dot folders and files below
    }
    Path rel = home.relativize(path);
    String second = rel.getNameCount() > 1 ? rel.getName(1).toString() : null;
    String rest = rel.toString();
    if (AgentGround.token(rest, name)) {
      return AGENT_TOKENS; // the agents' sign-in tokens: their rows' tokenFiles (agents.json)
    }
    return switch (first) {
      case ".ssh" ->
          second == null || !SSH_PUBLIC.contains(second) && !second.endsWith(".pub") ? SSH : null;
      case ".aws" ->
          second == null
                  || second.equals("credentials")
                  || second.equals("sso")
                  || second.equals("cli") // cli/cache: the session credentials of assumed roles
              ? AWS
              : null;
      case ".azure" -> AZURE;
      case ".kube" -> second == null || second.equals("config") ? KUBE : null;
      case ".docker" -> second == null || second.equals("config.json") ? DOCKER : null;
      case ".netrc", "_netrc" -> NETRC;
      case ".pgpass", ".my.cnf", ".mylogin.cnf" -> DATABASE;
      case ".terraform.d" -> name.startsWith("credentials") ? TERRAFORM : null;
      case ".terraformrc" -> TERRAFORM;
      case ".npmrc", ".pypirc", ".yarnrc.yml" -> REGISTRY;
      case ".gem", ".cargo" -> second != null && second.startsWith("credentials") ? REGISTRY : null;
      case ".git-credentials" -> GIT_CREDENTIALS;
      case ".gnupg" ->
          second == null || second.equals("private-keys-v1.d") || second.equals("secring.gpg")
              ? GPG
              : null;
      case ".config" -> config(rel, second, name);
      case ".m2" ->
          name.equals("settings.xml") || name.equals("settings-security.xml") ? REGISTRY : null;
      case ".gradle" -> rest.equals(".gradle/gradle.properties") ? REGISTRY : null;
      case ".ivy2", ".sbt", ".lein" -> name.contains("credentials") ? REGISTRY : null;
      case ".composer" -> name.equals("auth.json") ? REGISTRY : null;
      case ".nuget" -> name.equalsIgnoreCase("NuGet.Config") ? REGISTRY : null;
      case ".jfrog" -> REGISTRY;
      case ".vault-token",
          ".s3cfg",
          ".boto",
          ".databrickscfg",
          ".sentryclirc",
          ".oci",
          ".ngrok2",
          ".wrangler",
          ".tsh",
          ".railway",
          ".aliyun" ->
          TOOL_CREDENTIALS;
      case ".pulumi" -> name.equals("credentials.json") ? TOOL_CREDENTIALS : null;
      case ".fly" -> name.equals("config.yml") ? TOOL_CREDENTIALS : null;
      case ".huggingface" -> name.equals("token") ? TOOL_CREDENTIALS : null;
      case ".kaggle" -> name.equals("kaggle.json") ? TOOL_CREDENTIALS : null;
      case ".circleci" -> name.equals("cli.yml") ? TOOL_CREDENTIALS : null;
      case ".cloudflared" ->
          name.endsWith(".pem") || name.endsWith(".json") ? TOOL_CREDENTIALS : null;
      case ".cache" -> rest.equals(".cache/huggingface/token") ? TOOL_CREDENTIALS : null;
      case ".local" ->
          rest.startsWith(".local/share/com.vercel.cli/") && name.equals("auth.json")
              ? TOOL_CREDENTIALS
              : null;
      default -> null;
    };
  }

  /**
   * A browser's cookies or saved passwords (below its profile folder), the desktop's keyrings, or
   * macOS's keychains: every site's session and password the person has, in one file.
   */
  private static boolean passwordStore(Path rel, String first, String name) {
    String rest = rel.toString();
    if (rest.startsWith(".local/share/keyrings/") || rest.startsWith("Library/Keychains/")) {
      return true;
    }
    if (!BROWSER_STORES.contains(name)) {
      return false;
    }
    return BROWSER_HOMES.contains(first)
        || rest.startsWith("Library/Application Support/")
        || rest.startsWith("Library/Cookies/");
  }

  static BuiltinRule config(Path rel, String second, String name) {
    if (second == null) {
      return null;
    }
    String third = rel.getNameCount() > 2 ? rel.getName(2).toString() : null;
    return switch (second) {
      case "gcloud" -> GCLOUD;
      case "git" -> "credentials".equals(third) ? GIT_CREDENTIALS : null;
      case "gh" -> "hosts.yml".equals(third) ? GIT_CREDENTIALS : null;
      case "github-copilot" -> third == null || name.endsWith(".json") ? AGENT_TOKENS : null;
      case "glab-cli", "hub" -> GIT_CREDENTIALS;
      case "containers" -> name.equals("auth.json") ? DOCKER : null;
      case "helm" -> "registry".equals(third) ? DOCKER : null;
      case "composer" -> name.equals("auth.json") ? REGISTRY : null;
      case "jfrog" -> REGISTRY;
      case "rclone", "doctl", "stripe", "ngrok", "hcloud", "scw", "linode-cli", ".wrangler" ->
          TOOL_CREDENTIALS;
      case "netlify" -> name.equals("config.json") ? TOOL_CREDENTIALS : null;
      case "configstore" ->
          name.equals("firebase-tools.json") || name.equals("snyk.json") ? TOOL_CREDENTIALS : null;
      default -> null;
    };
  }

  static boolean isEnvFile(String name) {
    if (name.equals(".env")) {
      return true;
    }
    if (!name.startsWith(".env.")) {
      return false;
    }
    String suffix = name.substring(5).toLowerCase(Locale.ROOT);
    for (String part : suffix.split("\\.")) {
      if (ENV_SAFE.contains(part)) {
        return false;
      }
    }
    return true;
  }

  private static boolean isPrivateKeyName(String name) {
    return !name.endsWith(".pub")
        && (name.equals("id_rsa")
            || name.equals("id_dsa")
            || name.equals("id_ecdsa")
            || name.equals("id_ed25519")
            || name.equals("id_ecdsa_sk")
            || name.equals("id_ed25519_sk"));
  }
}
