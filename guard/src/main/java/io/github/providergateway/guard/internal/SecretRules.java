package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Access.Kind;
import io.github.providergateway.guard.internal.Scan.Step;
import java.nio.file.Path;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reading, copying or sending secrets: SSH and GPG private keys, {@code .env} files (not {@code
 * .env.example} and its kind), cloud and cluster credentials, registry and git tokens, and the
 * agents' own token files. Read by path, so {@code cat ~/.ssh/id_rsa}, {@code curl
 * -d @~/.ssh/id_rsa}, {@code < ~/.ssh/id_rsa} and the read tool on it are one rule. A glob is read
 * as naming a secret when it would match one ({@code cat ~/.ssh/*}, {@code cat .env*}).
 */
final class SecretRules implements Family {
  private static final String NO_SECRETS = "ask the person for the value you need";

  static final BuiltinRule SSH = RuleBook.rule("secrets.ssh");
  static final BuiltinRule ENV_FILE = RuleBook.rule("secrets.env-file");
  static final BuiltinRule AWS = RuleBook.rule("secrets.aws");
  static final BuiltinRule GCLOUD = RuleBook.rule("secrets.gcloud");
  static final BuiltinRule AZURE = RuleBook.rule("secrets.azure");
  static final BuiltinRule KUBE = RuleBook.rule("secrets.kube");
  static final BuiltinRule DOCKER = RuleBook.rule("secrets.docker");
  static final BuiltinRule NETRC = RuleBook.rule("secrets.netrc");
  static final BuiltinRule REGISTRY = RuleBook.rule("secrets.package-registry");
  static final BuiltinRule GIT_CREDENTIALS = RuleBook.rule("secrets.git-credentials");
  static final BuiltinRule GPG = RuleBook.rule("secrets.gpg");
  static final BuiltinRule AGENT_TOKENS = RuleBook.rule("secrets.agent-tokens");

  static final BuiltinRule DATABASE = RuleBook.rule("secrets.database");
  static final BuiltinRule TERRAFORM = RuleBook.rule("secrets.terraform");
  static final BuiltinRule SYSTEM = RuleBook.rule("secrets.system");
  static final BuiltinRule SSH_WRITE = RuleBook.rule("secrets.ssh-write");
  static final BuiltinRule PROCESS_ENVIRONMENT = RuleBook.rule("secrets.process-environment");

  static final BuiltinRule ENVIRONMENT_SENT = RuleBook.rule("secrets.environment-sent");
  static final BuiltinRule TOOL_CREDENTIALS = RuleBook.rule("secrets.tool-credentials");
  static final BuiltinRule PASSWORD_STORE = RuleBook.rule("secrets.password-store");

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

  @Override
  public List<BuiltinRule> rules() {
    return List.of(
        SSH,
        SSH_WRITE,
        ENVIRONMENT_SENT,
        ENV_FILE,
        AWS,
        GCLOUD,
        AZURE,
        KUBE,
        DOCKER,
        NETRC,
        REGISTRY,
        GIT_CREDENTIALS,
        GPG,
        AGENT_TOKENS,
        DATABASE,
        TERRAFORM,
        SYSTEM,
        PROCESS_ENVIRONMENT,
        TOOL_CREDENTIALS,
        PASSWORD_STORE);
  }

  @Override
  public void scan(Scan scan) {
    boolean environmentDumped = false;
    for (Step step : scan.steps()) {
      String program = step.program();
      if (environmentDumped && step.is(ProgramKind.SENDER)) {
        scan.hit(ENVIRONMENT_SENT, step, null);
      }
      environmentDumped |= EnvironmentDumps.dumps(step);
      switch (program) { // one switch, not four comparisons a program
        case "gpg", "gpg2" -> {
          for (String arg : step.invocation().args()) {
            if (arg.startsWith("--export-secret")) {
              scan.hit(GPG, step, null);
            }
          }
        }
        case "kubectl", "oc" -> {
          List<String> args = step.invocation().args();
          if (args.contains("config")
              && args.contains("view")
              && (args.contains("--raw") || args.contains("--flatten"))) {
            scan.hit(KUBE, step, null);
          }
        }
        case "ps" -> {
          if (psShowsEnvironment(step.invocation().args())) {
            scan.hit(PROCESS_ENVIRONMENT, step, null);
          }
        }
        default -> {}
      }
    }
    Path home = scan.places().home();
    Path sshFolder = home.resolve(".ssh");
    // A long command names the same few files again and again, and their targets are shared:
    // each target is read once.
    Map<Target, Optional<BuiltinRule>> read = new IdentityHashMap<>();
    List<Access> accesses = scan.accesses();
    for (int i = 0; i < accesses.size(); i++) { // indexed: a long command has hundreds
      Access access = accesses.get(i);
      Target target = access.target();
      // get and put, not computeIfAbsent: its capturing lambda would be a new object an access.
      Optional<BuiltinRule> known = read.get(target);
      if (known == null) {
        known = Optional.ofNullable(secretOrGlob(home, target));
        read.put(target, known);
      }
      BuiltinRule rule = known.orElse(null);
      if (rule == null && access.kind() == Kind.READ) {
        // Where it is on the disk: cat k/id_rsa with k -> ~/.ssh reads the key (issue 75).
        Target real = scan.realPaths().of(target);
        BuiltinRule onDisk = real == null ? null : secretOrGlob(home, real);
        if (onDisk != null) {
          scan.hit(onDisk, new Access(Kind.READ, real, access.invocation()));
        }
      }
      if (rule == null) {
        Path path = target.path();
        if (access.changes()
            && path != null
            && path.startsWith(sshFolder)
            && !access.metadataOnly()) {
          scan.hit(SSH_WRITE, access);
        }
        continue;
      }
      if (access.kind() == Kind.READ) {
        scan.hit(rule, access);
      } else if (rule == SSH && path(target).startsWith(sshFolder) && !access.metadataOnly()) {
        scan.hit(SSH_WRITE, access);
      } else if (access.invocation() == null || rule != ENV_FILE && !access.metadataOnly()) {
        // The edit tool shows and rewrites what it changes; a shell writing a .env file (cp
        // .env.example .env) reads nothing of it.
        scan.hit(rule, access);
      }
    }
  }

  /** The secret a target is, or one its glob would match; or {@code null}. */
  private static BuiltinRule secretOrGlob(Path home, Target target) {
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

  private static Path path(Target target) {
    return target.path() == null ? Path.of("") : target.path();
  }

  /**
   * Where the secrets of a home typically are: a glob with a wildcard in a folder's name ({@code
   * ~/.ss?/id_rsa}, {@code ~/.[a]ws/credentials}) reads a secret when it would match one of these.
   */
  private static final List<String> HOME_SECRETS =
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
          ".terraform.d/credentials.tfrc.json",
          ".claude/.credentials.json",
          ".codex/auth.json",
          ".gemini/oauth_creds.json",
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
          ".oci/config");

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
      case ".claude" -> rest.equals(".claude/.credentials.json") ? AGENT_TOKENS : null;
      case ".codex" -> rest.equals(".codex/auth.json") ? AGENT_TOKENS : null;
      case ".gemini" ->
          rest.equals(".gemini/oauth_creds.json") || rest.startsWith(".gemini/mcp-oauth-tokens")
              ? AGENT_TOKENS
              : null;
      case ".copilot" -> name.toLowerCase(Locale.ROOT).contains("token") ? AGENT_TOKENS : null;
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

  private static BuiltinRule config(Path rel, String second, String name) {
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

  /** ps's options that take a value in the next word when it is not attached. */
  private static final Set<String> PS_VALUES =
      Set.of(
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
