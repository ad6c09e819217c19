package io.github.providergateway.guard;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What an operating-system sandbox around an agent's commands enforces (issue 64): the second
 * boundary, for what the guard cannot read (a project's script, {@code npm test}, a compiled
 * program). The guard reads each command; the sandbox confines every process it starts, whatever
 * that process does. One policy, lowered into each agent's own sandbox settings by {@code gateway
 * setup}. It is the {@code "sandbox"} object of the person's {@code "guard"} configuration:
 *
 * <pre>{@code
 * "guard": {"sandbox": {
 *   "write": ["~/.local/share/my-tool"],   // beside the project, the temporary folders, the caches
 *   "denyRead": ["~/.config/my-secrets"],  // beside the gateway's home and the credential files
 *   "network": "allowlist",                // "open" (the default) or "allowlist"
 *   "allowedDomains": ["registry.npmjs.org", "*.github.com"]}}
 * }</pre>
 *
 * <ul>
 *   <li><b>Where a program may write</b>: the project, the temporary folders, and the caches builds
 *       need ({@link #DEFAULT_WRITABLE}); plus {@code write}. Everything else is read-only.
 *   <li><b>What no program may read</b>: the gateway's home (its tokens), private keys and other
 *       credential files no build needs ({@link #DEFAULT_DENY_READ}); plus {@code denyRead}. What
 *       the agent may read but not <i>print</i> (a {@code .env}, a token in a variable) stays the
 *       guard's: a sandbox cannot tell reading from printing. Git and ssh over ssh go through
 *       {@code ssh-agent}'s socket, since the keys themselves are not readable.
 *   <li><b>Where it may connect</b>: loopback always (a dev server, the gateway; in Claude Code's
 *       sandbox over HTTP through its proxy only, so not a database's own protocol); in {@code
 *       "allowlist"} mode, otherwise only the domains of {@code allowedDomains} ({@link
 *       #DEFAULT_ALLOWED_DOMAINS} when absent: package registries and git hosts).
 * </ul>
 *
 * <p>Paths are absolute or start with {@code ~/} (the user's home). A bad entry is left out and
 * named in {@link #problems()}, as the guard's other settings are; the defaults always hold (a
 * person's entry adds, never removes).
 *
 * @param writable where programs may write besides the project and the temporary folders: the
 *     defaults and the person's {@code write}, as written ({@code ~/} unexpanded)
 * @param denyRead what no program may read besides the gateway's home: the defaults and the
 *     person's {@code denyRead}, as written
 * @param network whether connections beyond loopback are limited to {@link #allowedDomains}
 * @param allowedDomains the domains reachable in {@link Network#ALLOWLIST} mode ({@code *.} for a
 *     domain's subdomains)
 * @param problems one line per entry left out, empty when all is well
 */
public record SandboxPolicy(
    List<String> writable,
    List<String> denyRead,
    Network network,
    List<String> allowedDomains,
    List<String> problems) {

  /** The caches builds write to, under the user's home: Maven, Gradle, npm, Yarn, Cargo, XDG's. */
  public static final List<String> DEFAULT_WRITABLE =
      List.of("~/.m2", "~/.gradle", "~/.npm", "~/.yarn", "~/.cargo", "~/.cache");

  /**
   * Credential files no build needs: private ssh keys (the agent's socket serves git and ssh),
   * GnuPG, the clouds' and Kubernetes' credentials, Docker's and git's stored logins, GitHub's CLI.
   * A build that needs a registry token reads it from {@code ~/.npmrc} or {@code
   * ~/.m2/settings.xml}, which stay readable (the guard keeps them from being printed).
   */
  public static final List<String> DEFAULT_DENY_READ =
      List.of(
          "~/.ssh/id_rsa",
          "~/.ssh/id_ecdsa",
          "~/.ssh/id_ecdsa_sk",
          "~/.ssh/id_ed25519",
          "~/.ssh/id_ed25519_sk",
          "~/.ssh/id_dsa",
          "~/.gnupg",
          "~/.aws",
          "~/.azure",
          "~/.config/gcloud",
          "~/.kube",
          "~/.docker/config.json",
          "~/.git-credentials",
          "~/.netrc",
          "~/.config/gh");

  /** The package registries and git hosts of ordinary work, for the allow-list mode. */
  public static final List<String> DEFAULT_ALLOWED_DOMAINS =
      List.of(
          "registry.npmjs.org",
          "registry.yarnpkg.com",
          "repo.maven.apache.org",
          "repo1.maven.org",
          "plugins.gradle.org",
          "services.gradle.org",
          "pypi.org",
          "files.pythonhosted.org",
          "crates.io",
          "static.crates.io",
          "index.crates.io",
          "proxy.golang.org",
          "github.com",
          "*.github.com",
          "*.githubusercontent.com",
          "gitlab.com",
          "bitbucket.org");

  /** The most entries a list of the person's takes: more are left out with a problem. */
  static final int MAX_ENTRIES = 256;

  /** The longest entry read. */
  static final int MAX_ENTRY_LENGTH = 1_024;

  private static final Set<String> KEYS =
      NameSet.of("write", "denyRead", "network", "allowedDomains");

  /** Whether connections beyond loopback are limited. */
  public enum Network {
    /** Any host (loopback too): the default, as ordinary work reaches hosts nobody listed. */
    OPEN,
    /** Loopback and the allowed domains only. */
    ALLOWLIST
  }

  /**
   * Checks and copies.
   *
   * @param writable where programs may write besides the project and the temporary folders
   * @param denyRead what no program may read besides the gateway's home
   * @param network whether connections beyond loopback are limited
   * @param allowedDomains the domains reachable in the allow-list mode
   * @param problems one line per entry left out
   */
  public SandboxPolicy {
    writable = List.copyOf(writable);
    denyRead = List.copyOf(denyRead);
    java.util.Objects.requireNonNull(network, "network");
    allowedDomains = List.copyOf(allowedDomains);
    problems = List.copyOf(problems);
  }

  /** {@return the policy of a configuration with no {@code "sandbox"} object: the defaults} */
  public static SandboxPolicy defaults() {
    return new SandboxPolicy(
        DEFAULT_WRITABLE, DEFAULT_DENY_READ, Network.OPEN, DEFAULT_ALLOWED_DOMAINS, List.of());
  }

  /**
   * Reads the {@code "sandbox"} object of the person's {@code "guard"} configuration; never throws.
   *
   * @param sandbox the object, or {@code null} or a missing node for the defaults
   * @return the policy: the defaults with the person's entries added
   */
  public static SandboxPolicy read(JsonNode sandbox) {
    if (sandbox == null || sandbox.isMissingNode() || sandbox.isNull()) {
      return defaults();
    }
    List<String> problems = new ArrayList<>();
    if (!sandbox.isObject()) {
      problems.add("guard.sandbox: not an object; the defaults hold");
      return new SandboxPolicy(
          DEFAULT_WRITABLE, DEFAULT_DENY_READ, Network.OPEN, DEFAULT_ALLOWED_DOMAINS, problems);
    }
    for (Iterator<String> names = sandbox.fieldNames(); names.hasNext(); ) {
      String name = names.next();
      if (!KEYS.contains(name)) {
        problems.add(
            "guard.sandbox: unknown key '"
                + name
                + "' (write, denyRead, network, allowedDomains) is left out");
      }
    }
    List<String> writable = withDefaults(DEFAULT_WRITABLE, paths(sandbox, "write", problems));
    List<String> denyRead = withDefaults(DEFAULT_DENY_READ, paths(sandbox, "denyRead", problems));
    Network network = network(sandbox.get("network"), problems);
    List<String> domains =
        sandbox.has("allowedDomains")
            ? domains(sandbox.get("allowedDomains"), problems)
            : DEFAULT_ALLOWED_DOMAINS;
    return new SandboxPolicy(writable, denyRead, network, domains, problems);
  }

  /**
   * {@return {@code entry} as an absolute path on this machine} ({@code ~/} is the user's home)
   *
   * @param entry an entry of {@link #writable} or {@link #denyRead}
   * @param environment the machine's folders
   */
  public static Path resolve(String entry, GuardEnvironment environment) {
    if (entry.equals("~")) {
      return environment.userHome();
    }
    return entry.startsWith("~/")
        ? environment.userHome().resolve(entry.substring(2)).normalize()
        : Path.of(entry).normalize();
  }

  /**
   * {@return what no program may read, resolved: {@link #denyRead} and the gateway's home}
   *
   * @param environment the machine's folders, the gateway's home among them
   */
  public List<Path> denyReadPaths(GuardEnvironment environment) {
    Set<Path> paths = new LinkedHashSet<>();
    paths.add(environment.gatewayHome());
    denyRead.forEach(entry -> paths.add(resolve(entry, environment)));
    return List.copyOf(paths);
  }

  /**
   * {@return where programs may write, resolved: the project, the temporary folders, {@link
   * #writable}}
   *
   * @param project the agent's project
   * @param environment the machine's folders
   */
  public List<Path> writablePaths(Path project, GuardEnvironment environment) {
    Set<Path> paths = new LinkedHashSet<>();
    paths.add(project.toAbsolutePath().normalize());
    paths.addAll(environment.tempDirs());
    writable.forEach(entry -> paths.add(resolve(entry, environment)));
    return List.copyOf(paths);
  }

  private static List<String> withDefaults(List<String> defaults, List<String> added) {
    Set<String> all = new LinkedHashSet<>(defaults);
    all.addAll(added);
    return List.copyOf(all);
  }

  private static List<String> paths(JsonNode sandbox, String key, List<String> problems) {
    List<String> paths = new ArrayList<>();
    for (String entry : strings(sandbox.get(key), key, problems)) {
      if (entry.startsWith("~/") || entry.startsWith("/")) {
        paths.add(entry);
      } else {
        problems.add(
            "guard.sandbox." + key + ": '" + entry + "' is neither absolute nor ~/...; left out");
      }
    }
    return paths;
  }

  private static List<String> domains(JsonNode node, List<String> problems) {
    List<String> domains = new ArrayList<>();
    for (String entry : strings(node, "allowedDomains", problems)) {
      String domain = entry.toLowerCase(Locale.ROOT);
      String bare = domain.startsWith("*.") ? domain.substring(2) : domain;
      if (bare.matches("[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+")) {
        domains.add(domain);
      } else {
        problems.add(
            "guard.sandbox.allowedDomains: '" + entry + "' is not a domain name; left out");
      }
    }
    return domains;
  }

  private static List<String> strings(JsonNode node, String key, List<String> problems) {
    List<String> strings = new ArrayList<>();
    if (node == null) {
      return strings;
    }
    if (!node.isArray()) {
      problems.add("guard.sandbox." + key + ": not a list of strings; left out");
      return strings;
    }
    for (JsonNode element : node) {
      if (strings.size() == MAX_ENTRIES) {
        problems.add(
            "guard.sandbox." + key + ": more than " + MAX_ENTRIES + " entries; the rest left out");
        break;
      }
      if (!element.isTextual() || element.asText().isBlank()) {
        problems.add("guard.sandbox." + key + ": " + element + " is not a string; left out");
      } else if (element.asText().length() > MAX_ENTRY_LENGTH) {
        problems.add(
            "guard.sandbox."
                + key
                + ": an entry over "
                + MAX_ENTRY_LENGTH
                + " characters; left out");
      } else {
        strings.add(element.asText());
      }
    }
    return strings;
  }

  private static Network network(JsonNode node, List<String> problems) {
    if (node == null) {
      return Network.OPEN;
    }
    String word = node.isTextual() ? node.asText() : node.toString();
    switch (word) {
      case "open":
        return Network.OPEN;
      case "allowlist":
        return Network.ALLOWLIST;
      default:
        problems.add("guard.sandbox.network: '" + word + "' is neither open nor allowlist; open");
        return Network.OPEN;
    }
  }
}
