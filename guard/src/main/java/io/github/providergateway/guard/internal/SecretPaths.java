package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.RuleSpec.When;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Which paths hold secrets, and the rule of each, as the book's secret clauses list them ({@code
 * "secret": {"places": ["~/.aws/credentials{,/**}"]}}): a path is the secret of the first rule, by
 * the clauses' order and then the book's, whose places hold it. A glob is read as naming a secret
 * when it would match one. Read from the path alone, by {@link SecretAccesses} and by the rules
 * that see a path in inline code or a container's mount.
 */
final class SecretPaths {
  /** The rules a glob's folder names by a file's name alone: see {@link #globbed}. */
  private static final BuiltinRule SSH = RuleBook.rule("secrets.ssh");

  private static final BuiltinRule ENV_FILE = RuleBook.rule("secrets.env-file");
  private static final BuiltinRule PASSWORD_STORE = RuleBook.rule("secrets.password-store");

  /**
   * A place whose meaning is Java: a file's name read as a {@code .env} file, a process's
   * environment read as written, the agents' token files, a tool's credentials in the home by their
   * file's name.
   */
  @FunctionalInterface
  private interface Named {
    /**
     * Whether the place holds the file.
     *
     * @param home the home
     * @param target the file as written, or {@code null} where only its path is known
     * @param path its path, or {@code null}
     */
    boolean holds(Path home, Target target, Path path);
  }

  /**
   * A secret clause of the book.
   *
   * @param rule its rule
   * @param named its named place, or {@code null}
   * @param globs its listed places, or {@code null}
   */
  private record Secret(BuiltinRule rule, Named named, PlaceGlobs globs) {
    /**
     * Whether the clause holds the file.
     *
     * @param listed whether the path starts as one of the book's listed paths does: else only a
     *     named place or a file's name can hold it
     */
    boolean holds(Path home, Target target, Path path, boolean listed) {
      if (named != null) {
        return named.holds(home, target, path);
      }
      return path != null && (listed || globs.hasNames()) && globs.holds(home, path);
    }
  }

  private static final List<Secret> SECRETS = fromBook();

  /** What every listed path of the secret clauses starts with, for one home. */
  private record Prefixes(Path home, String[] prefixes) {}

  private static volatile Prefixes prefixes;

  /**
   * Whether a path starts as one of the secret clauses' listed paths does: most files a call names
   * (the project's) do not, and are then tried only against names and named places.
   */
  private static boolean listed(Path home, Path path) {
    if (path == null) {
      return false;
    }
    Prefixes known = prefixes;
    if (known == null || !known.home().equals(home)) {
      List<String> all = new ArrayList<>();
      for (Secret secret : SECRETS) {
        if (secret.globs() != null) {
          all.addAll(List.of(secret.globs().prefixes(home)));
        }
      }
      known = new Prefixes(home, all.toArray(String[]::new));
      prefixes = known;
    }
    String text = path.toString();
    for (String prefix : known.prefixes()) {
      if (text.startsWith(prefix)) {
        return true;
      }
    }
    return false;
  }

  private SecretPaths() {}

  private static final Set<String> ENV_SAFE =
      NameSet.of("example", "sample", "template", "dist", "defaults", "schema");

  /** Every secret clause of the book, in the order a path is tried against them. */
  private static List<Secret> fromBook() {
    record Ordered(int order, Secret secret) {}
    List<Ordered> found = new ArrayList<>();
    for (RuleSpec spec : RuleBook.specs()) {
      for (When when : spec.matches().when()) {
        if (when.files() != null && when.files().kind().equals("secret")) {
          RuleSpec.Files files = when.files();
          Secret secret =
              files.place() == null
                  ? new Secret(spec.rule(), null, new PlaceGlobs(files.places()))
                  : new Secret(spec.rule(), named(files.place()), null);
          found.add(new Ordered(when.order(), secret));
        }
      }
    }
    found.sort(Comparator.comparingInt(Ordered::order)); // stable: the book's order among equals
    List<Secret> secrets = new ArrayList<>();
    for (Ordered ordered : found) {
      secrets.add(ordered.secret());
    }
    return List.copyOf(secrets);
  }

  private static Named named(String place) {
    return switch (place) {
      case "env-file" ->
          (home, target, path) ->
              path != null
                  && path.getFileName() != null
                  && isEnvFile(path.getFileName().toString());
      // Read as written: the process's number is rarely literal (/proc/$PID/environ).
      case "process-environment" ->
          (home, target, path) ->
              target != null
                  && (processEnvironment(target.raw())
                      || path != null && processEnvironment(path.toString()));
      case "agent-tokens" -> SecretPaths::agentTokens;
      case "home-tool-credentials" -> HomeCredentialFiles::holds;
      default -> throw new IllegalStateException("no secret place is named " + place);
    };
  }

  /**
   * The secret a target is, or one its glob would match; or {@code null}.
   *
   * @param home the user's home
   * @param target the file as the call names it
   * @return the rule that guards it
   */
  static BuiltinRule secretOrGlob(Path home, Target target) {
    Path path = target.glob() == null ? target.path() : null;
    boolean listed = listed(home, path);
    for (int i = 0; i < SECRETS.size(); i++) { // indexed: asked of every file a command names
      Secret secret = SECRETS.get(i);
      if (secret.holds(home, target, path, listed)) {
        return secret.rule();
      }
    }
    return target.glob() == null ? null : globbed(home, target);
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
    boolean listed = listed(home, path);
    for (int i = 0; i < SECRETS.size(); i++) {
      Secret secret = SECRETS.get(i);
      if (secret.holds(home, null, path, listed)) {
        return secret.rule();
      }
    }
    return null;
  }

  /**
   * Whether a path, as written, is a process's environment ({@code /proc/self/environ}, {@code
   * /proc/$PID/environ}, {@code /proc/*}{@code /environ}): every variable the process was given,
   * tokens and keys among them.
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
   * The agents' token files: Claude Code's, Codex's and Gemini CLI's credentials, GitHub Copilot's
   * tokens. The agents' own places (issue 79's footprint per agent).
   */
  private static boolean agentTokens(Path home, Target target, Path path) {
    if (path == null || !path.startsWith(home) || path.equals(home)) {
      return false;
    }
    Path rel = home.relativize(path);
    String name = path.getFileName().toString();
    if (AgentGround.token(rel.toString(), name)) {
      return true; // the agents' sign-in tokens: their rows' tokenFiles (agents.json)
    }
    // GitHub Copilot's sign-in in the editors' shared folder, which is no agent's own.
    return rel.getNameCount() > 1
        && rel.getName(0).toString().equals(".config")
        && rel.getName(1).toString().equals("github-copilot")
        && (rel.getNameCount() == 2 || name.endsWith(".json"));
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
}
