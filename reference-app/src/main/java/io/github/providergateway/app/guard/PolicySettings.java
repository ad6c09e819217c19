package io.github.providergateway.app.guard;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.app.home.DurationText;
import io.github.providergateway.app.home.SystemSettings;
import io.github.providergateway.loop.base.SafeFiles;
import io.github.providergateway.loop.base.UnsafeFileException;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.security.PublicKey;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The {@code "policy"} section of the organisation's settings (issue 66, docs/team.md "The signed
 * policy"):
 *
 * <pre>{@code
 * "policy": {"url": "https://policy.example.com/gateway/policy.json",
 *            "publicKey": "ed25519-public:MCowBQYDK2VwAyEA…",   (or a file name in the settings' folder)
 *            "refresh": "15m", "withoutPolicy": "deny", "maxBytes": 1048576, "timeout": "10s"}
 * }</pre>
 *
 * A section that cannot be used (no url, a url neither {@code https:} nor {@code file:}, no key) is
 * still a policy the organisation asked for: {@link #configured()} stays true, {@link #problems()}
 * says why, and the gateway behaves as with no good policy ({@link #withoutPolicy()}).
 *
 * @param configured whether the settings have a policy section at all
 * @param url where the policy is, or null when unusable
 * @param key the key its signature must verify with, or null when unusable
 * @param refresh how often it is fetched again
 * @param withoutPolicy what the gateway does while it has no good policy
 * @param maxBytes the largest policy read
 * @param timeout how long one fetch (policy and signature) may take
 * @param problems what is wrong with the section, a sentence each
 */
public record PolicySettings(
    boolean configured,
    URI url,
    PublicKey key,
    Duration refresh,
    WithoutPolicy withoutPolicy,
    long maxBytes,
    Duration timeout,
    List<String> problems) {

  /** Defaults of the bounds. */
  public static final Duration DEFAULT_REFRESH = Duration.ofMinutes(15);

  /** Defaults of the bounds. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

  /** Defaults of the bounds: 1 MiB. */
  public static final long DEFAULT_MAX_BYTES = 1L << 20;

  /** The shortest refresh taken: a shorter one would make every laptop a load on the host. */
  static final Duration MIN_REFRESH = Duration.ofMinutes(1);

  private static final Set<String> KEYS =
      Set.of("url", "publicKey", "refresh", "withoutPolicy", "maxBytes", "timeout");

  /** What the gateway does while it has no good policy. */
  public enum WithoutPolicy {
    /** Decide by the built-in rules (the standard preset), the person's settings on top. */
    BUILTIN("builtin"),
    /** Deny every call, by rule {@code policy.missing}. */
    DENY("deny");

    private final String wireName;

    WithoutPolicy(String wireName) {
      this.wireName = wireName;
    }

    /** {@return the name the settings spell it with} */
    public String wireName() {
      return wireName;
    }
  }

  public PolicySettings {
    problems = List.copyOf(problems);
  }

  /** {@return no policy: a machine whose settings name none} */
  public static PolicySettings none() {
    return new PolicySettings(
        false,
        null,
        null,
        DEFAULT_REFRESH,
        WithoutPolicy.BUILTIN,
        DEFAULT_MAX_BYTES,
        DEFAULT_TIMEOUT,
        List.of());
  }

  /** {@return whether a policy can be fetched and checked: a url and a key} */
  public boolean usable() {
    return configured && url != null && key != null;
  }

  /**
   * Reads {@code system}'s policy section. Never throws: what is wrong is in {@link #problems()}.
   */
  public static PolicySettings read(SystemSettings system) {
    JsonNode section = system.policy();
    if (section.isMissingNode() || section.isNull()) {
      return none();
    }
    List<String> problems = new ArrayList<>();
    if (!section.isObject()) {
      problems.add("policy: not an object");
      return new PolicySettings(
          true,
          null,
          null,
          DEFAULT_REFRESH,
          WithoutPolicy.DENY,
          DEFAULT_MAX_BYTES,
          DEFAULT_TIMEOUT,
          problems);
    }
    Iterator<String> names = section.fieldNames();
    while (names.hasNext()) {
      String name = names.next();
      if (!KEYS.contains(name)) {
        problems.add("policy: unknown key '" + name + "' is left out");
      }
    }
    WithoutPolicy without = WithoutPolicy.DENY;
    JsonNode withoutNode = section.get("withoutPolicy");
    if (withoutNode != null) {
      String text = withoutNode.asText("").toLowerCase(Locale.ROOT);
      if (text.equals("builtin")) {
        without = WithoutPolicy.BUILTIN;
      } else if (!text.equals("deny")) {
        problems.add("policy.withoutPolicy: 'builtin' or 'deny'; deny is used");
      }
    }
    return new PolicySettings(
        true,
        url(section.get("url"), problems),
        key(system, section.get("publicKey"), problems),
        duration(section.get("refresh"), "refresh", DEFAULT_REFRESH, MIN_REFRESH, problems),
        without,
        maxBytes(section.get("maxBytes"), problems),
        duration(section.get("timeout"), "timeout", DEFAULT_TIMEOUT, Duration.ZERO, problems),
        problems);
  }

  /**
   * The policy's address: {@code https:} or {@code file:}; {@code http:} only to this machine (a
   * local mirror, the tests), since anything else would cross a network in the clear.
   */
  static URI url(JsonNode node, List<String> problems) {
    if (node == null || !node.isTextual()) {
      problems.add("policy.url: missing; it names the policy (https://… or file:…)");
      return null;
    }
    URI uri;
    try {
      uri = new URI(node.asText());
    } catch (URISyntaxException e) {
      problems.add("policy.url: not a URL (" + e.getMessage() + ")");
      return null;
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("file") && overTheNetwork(uri) != null) {
      problems.add("policy.url: must be https://… or file:…, was " + uri);
      return null;
    }
    if (!scheme.equals("file") && uri.getHost() == null) {
      problems.add("policy.url: names no host: " + uri);
      return null;
    }
    return uri;
  }

  /**
   * Why the policy may not be fetched from {@code uri} over the network, or null when it may: it is
   * {@code https:}, or {@code http:} to this machine. The policy's URL and every redirect meet it
   * (issue 78: a loopback {@code http:} URL redirected to plain {@code http:} on another host).
   */
  static String overTheNetwork(URI uri) {
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    boolean loopback =
        "http".equals(scheme)
            && Set.of("localhost", "127.0.0.1", "[::1]").contains(String.valueOf(uri.getHost()));
    return scheme.equals("https") || loopback
        ? null
        : uri + " is neither https:// nor http:// to this machine";
  }

  private static PublicKey key(SystemSettings system, JsonNode node, List<String> problems) {
    if (node == null || !node.isTextual() || node.asText().isBlank()) {
      problems.add("policy.publicKey: missing; it is the text of 'policy keygen''s KEY.pub");
      return null;
    }
    String text = node.asText().strip();
    try {
      if (text.startsWith(PolicyKeys.PUBLIC_PREFIX) || text.startsWith(PolicyKeys.PRIVATE_PREFIX)) {
        return PolicyKeys.publicKey(text);
      }
      // The key decides which policy binds the user: the settings file's own checks (root's, no
      // link, writable by nobody else, nor its folders), issue 78.
      return PolicyKeys.readPublicKey(SafeFiles.checkRootFile(system.resolve(text)));
    } catch (UnsafeFileException unsafe) {
      problems.add(
          "policy.publicKey: "
              + unsafe.getMessage()
              + ": it is not the organisation's, and is ignored");
      return null;
    } catch (PolicyKeys.BadKeyException | IOException e) {
      problems.add("policy.publicKey: " + e.getMessage());
      return null;
    }
  }

  private static Duration duration(
      JsonNode node, String name, Duration fallback, Duration least, List<String> problems) {
    if (node == null) {
      return fallback;
    }
    try {
      Duration value = DurationText.parse(node.asText(""));
      if (value.compareTo(least) < 0) {
        problems.add("policy." + name + ": at least " + DurationText.format(least) + " is used");
        return least;
      }
      return value;
    } catch (IllegalArgumentException e) {
      problems.add("policy." + name + ": " + e.getMessage() + "; " + fallback + " is used");
      return fallback;
    }
  }

  private static long maxBytes(JsonNode node, List<String> problems) {
    if (node == null) {
      return DEFAULT_MAX_BYTES;
    }
    if (!node.canConvertToLong() || node.asLong() < 1) {
      problems.add("policy.maxBytes: a positive number of bytes; " + DEFAULT_MAX_BYTES + " used");
      return DEFAULT_MAX_BYTES;
    }
    return node.asLong();
  }
}
