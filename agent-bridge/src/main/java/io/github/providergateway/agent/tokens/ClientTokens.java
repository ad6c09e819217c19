package io.github.providergateway.agent.tokens;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.loop.base.OwnerOnlyFiles;
import io.github.providergateway.loop.base.SafeFiles;
import io.github.providergateway.loop.base.UnsafeFileException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.random.RandomGenerator;
import java.util.regex.Pattern;

/**
 * Bearer tokens of named clients, kept in a file in the gateway's home: one file a door on the
 * gateway's port that admits clients by name. The MCP front door's ({@link #mcpHttp}, {@value
 * #MCP_HTTP_FILE}, tokens {@code mcp-…}) admit MCP clients over Streamable HTTP; the hooks' ({@link
 * #hooks}, {@value #HOOKS_FILE}, tokens {@code hook-…}) admit Claude Code's HTTP hook. A token
 * opens its own door only.
 *
 * <p>The file holds each client's name and the SHA-256 of its token, never the token: {@link
 * #issue} shows a token once, to the person who asked for it ({@code gateway mcp --print-config
 * http}, {@code gateway hook --print-config claude}). It is owner-only (0600), written whole to a
 * new file and moved into place, so a reader never sees half of it.
 *
 * <pre>{@code
 * {"clients": [{"name": "claude", "sha256": "9f86d0…"},
 *              {"name": "setup-gemini", "sha256": "4e07b1…", "kind": "agent"}]}
 * }</pre>
 *
 * <p>A client is of a {@link Kind}: a {@link Kind#CLIENT} (the default, and what an entry without
 * {@code "kind"} is) opens sessions that are a stranger's, which hook adapters never take for an
 * agent's; an {@link Kind#AGENT} token is one {@code gateway setup} wrote into an agent's own
 * owner-only settings, and its sessions are that agent's (openedBy {@code agent:<name>}). A {@code
 * "kind"} this version does not know makes the file not read (fail closed: nobody is admitted).
 *
 * <p>Revoking a client ({@link #revoke}, {@code --revoke NAME}, or deleting its entry from the file
 * by hand) takes effect at the running gateway's next look at the file: it checks the file's time
 * and size at every request, and re-reads it when they changed. A file that does not read as this
 * format admits nobody (fail closed) and says so in the log; so does one that another user could
 * have written or read ({@link SafeFiles#checkSecretFile}, looked at every request: a client token
 * of theirs, planted in a home others may write, would open the door to them), and the commands
 * that change or list the file refuse it.
 *
 * <p>Thread-safe.
 */
public final class ClientTokens {

  private static final System.Logger LOG = System.getLogger(ClientTokens.class.getName());
  private static final ObjectMapper JSON = new ObjectMapper();

  /** The MCP front door's file, in the gateway's home. */
  public static final String MCP_HTTP_FILE = "mcp-http-clients.json";

  /** The HTTP hooks' file, in the gateway's home. */
  public static final String HOOKS_FILE = "hook-clients.json";

  /** What a client may be called: what shells, JSON and logs take without quoting. */
  public static final Pattern CLIENT_NAME = Pattern.compile("[A-Za-z0-9_.-]{1,64}");

  /** Whose sessions a token opens: a stranger's or an agent's own. */
  public enum Kind {
    /**
     * A front-door client ({@code gateway mcp --print-config http}): it chooses its own label and
     * roots, so its sessions are never taken for an agent's.
     */
    CLIENT,
    /**
     * An agent's own MCP connection, written by {@code gateway setup} into the agent's owner-only
     * settings: its sessions are the agent's, for hooks, providers and the status page.
     */
    AGENT
  }

  /**
   * A client the file names: a token presented is this one's while the file keeps it.
   *
   * @param name the client's name
   * @param sha256 the SHA-256 of its token, in lower-case hex
   * @param kind whose sessions its token opens
   */
  public record Client(String name, String sha256, Kind kind) {
    /**
     * Checks the kind.
     *
     * @param name the client's name
     * @param sha256 the SHA-256 of its token, in lower-case hex
     * @param kind whose sessions its token opens
     */
    public Client {
      requireNonNull(kind, "kind");
    }

    /**
     * A client of {@link Kind#CLIENT}.
     *
     * @param name the client's name
     * @param sha256 the SHA-256 of its token, in lower-case hex
     */
    public Client(String name, String sha256) {
      this(name, sha256, Kind.CLIENT);
    }
  }

  /** One entry of the file: its token's hash and its kind. */
  private record Entry(String sha256, Kind kind) {}

  private final Path file;
  private final String tokenPrefix;
  private final String door;
  private final RandomGenerator random;

  /** What the file said when last read, and how to tell it changed. Guarded by this. */
  private Map<String, Client> byHash = Map.of();

  private Object seenKey;
  private long seenTime = Long.MIN_VALUE;
  private long seenSize = -1;

  /** Bumped whenever what the file says changed; sessions of clients gone end then. */
  private long generation;

  /**
   * Why the file is refused ({@link SafeFiles}), as last logged; null while it is not. Guarded by
   * this.
   */
  private String refusal;

  private ClientTokens(Path file, String tokenPrefix, String door, RandomGenerator random) {
    this.file = file.toAbsolutePath();
    this.tokenPrefix = tokenPrefix;
    this.door = door;
    this.random = requireNonNull(random, "random");
  }

  /**
   * The MCP front door's clients ({@code McpHttpFrontDoor}) of the gateway whose home is {@code
   * home}, their tokens drawn from a {@link SecureRandom}.
   *
   * @param home the gateway's home directory
   * @return the tokens; nothing is read or written until they are used
   */
  public static ClientTokens mcpHttp(Path home) {
    return mcpHttp(home, new SecureRandom());
  }

  /**
   * As {@link #mcpHttp(Path)}, with tokens drawn from {@code random} (tests pin them).
   *
   * @param home the gateway's home directory
   * @param random where tokens come from
   * @return the tokens
   */
  public static ClientTokens mcpHttp(Path home, RandomGenerator random) {
    return new ClientTokens(home.resolve(MCP_HTTP_FILE), "mcp-", "MCP over HTTP", random);
  }

  /**
   * The HTTP hooks' clients ({@code HookRoute}) of the gateway whose home is {@code home}, their
   * tokens drawn from a {@link SecureRandom}.
   *
   * @param home the gateway's home directory
   * @return the tokens; nothing is read or written until they are used
   */
  public static ClientTokens hooks(Path home) {
    return hooks(home, new SecureRandom());
  }

  /**
   * As {@link #hooks(Path)}, with tokens drawn from {@code random} (tests pin them).
   *
   * @param home the gateway's home directory
   * @param random where tokens come from
   * @return the tokens
   */
  public static ClientTokens hooks(Path home, RandomGenerator random) {
    return new ClientTokens(home.resolve(HOOKS_FILE), "hook-", "HTTP hooks", random);
  }

  /** {@return the file the tokens' hashes are kept in} */
  public Path file() {
    return file;
  }

  /**
   * Issues a new token for {@code client}: 256 random bits, the door's prefix ({@code mcp-}, {@code
   * hook-}) and base64url. A token the client had before stops working at the gateway's next look
   * (and an MCP client's sessions end then).
   *
   * @param client the client's name, matching {@link #CLIENT_NAME}
   * @return the token; only its hash is kept, so this is the one time it can be read
   * @throws IllegalArgumentException for a name that does not match
   * @throws UncheckedIOException when the file cannot be written
   */
  public String issue(String client) {
    return issue(client, Kind.CLIENT);
  }

  /**
   * As {@link #issue(String)}, for a client of {@code kind}: {@link Kind#AGENT} only for a token
   * that goes into an agent's own owner-only settings ({@code gateway setup}).
   *
   * @param client the client's name, matching {@link #CLIENT_NAME}
   * @param kind whose sessions the token opens
   * @return the token; only its hash is kept, so this is the one time it can be read
   * @throws IllegalArgumentException for a name that does not match
   * @throws UncheckedIOException when the file cannot be written
   */
  public String issue(String client, Kind kind) {
    checkName(client);
    requireNonNull(kind, "kind");
    byte[] bits = new byte[32];
    random.nextBytes(bits);
    String token = tokenPrefix + Base64.getUrlEncoder().withoutPadding().encodeToString(bits);
    update(clients -> clients.put(client, new Entry(sha256(token), kind)));
    return token;
  }

  /**
   * Revokes {@code client}'s token.
   *
   * @param client the client's name
   * @return whether the file had it
   * @throws UncheckedIOException when the file cannot be written
   */
  public boolean revoke(String client) {
    requireNonNull(client, "client");
    boolean[] had = new boolean[1];
    update(clients -> had[0] = clients.remove(client) != null);
    return had[0];
  }

  /**
   * {@return the names of the clients that have a token now, in the order they were first issued}
   *
   * @throws UncheckedIOException when the file exists but cannot be read
   */
  public List<String> clients() {
    try {
      return new ArrayList<>(read(checkedText()).keySet());
    } catch (NoSuchFileException e) {
      return List.of();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  // ---- the gateway's side ----

  /**
   * The client whose token {@code presented} is, looked up by its SHA-256 among all of them with
   * {@link MessageDigest#isEqual}, each compared, so the time taken does not depend on which
   * matched or how much of it did.
   *
   * @param presented the token a request carries
   * @return its client, or empty for a token the file does not have
   */
  public Optional<Client> clientOf(String presented) {
    byte[] hash = HexFormat.of().parseHex(sha256(presented));
    Client found = null;
    for (Client client : current().values()) {
      if (MessageDigest.isEqual(hash, HexFormat.of().parseHex(client.sha256())) && found == null) {
        found = client;
      }
    }
    return Optional.ofNullable(found);
  }

  /**
   * Whether {@code client}'s token is still the one the file has.
   *
   * @param client a client {@link #clientOf} found
   * @return false once it was revoked or issued anew
   */
  public boolean isCurrent(Client client) {
    return client.equals(current().get(client.sha256()));
  }

  /** {@return a number that changes whenever the file's clients change (read at this look)} */
  public synchronized long generation() {
    current();
    return generation;
  }

  /**
   * The file's clients by hash, read again when its time, size or identity changed; none while the
   * file is one another user could have written or read ({@link SafeFiles#checkSecretFile}, looked
   * at every time: a {@code chmod} changes neither time nor size).
   */
  private synchronized Map<String, Client> current() {
    Path checked;
    BasicFileAttributes attributes;
    try {
      checked = SafeFiles.checkSecretFile(file);
      attributes =
          Files.readAttributes(checked, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (NoSuchFileException e) {
      refused(null);
      replace(Map.of(), null, Long.MIN_VALUE, -1);
      return byHash;
    } catch (UnsafeFileException e) {
      // Fail closed: a file another user could have planted would give them a client token; the
      // front door answers 401 to everyone until the file is the user's alone again.
      refused(e.getMessage());
      replace(Map.of(), null, Long.MIN_VALUE, -1);
      return byHash;
    } catch (IOException e) {
      LOG.log(
          System.Logger.Level.WARNING,
          door + ": cannot read " + file + ": " + e.getMessage() + "; no client is admitted");
      replace(Map.of(), null, Long.MIN_VALUE, -1);
      return byHash;
    }
    refused(null);
    long time = attributes.lastModifiedTime().toMillis();
    Object key = attributes.fileKey();
    if (time == seenTime
        && attributes.size() == seenSize
        && java.util.Objects.equals(key, seenKey)) {
      return byHash;
    }
    Map<String, Client> read = new LinkedHashMap<>();
    try {
      if (!attributes.isRegularFile()) {
        throw new IOException("not a regular file");
      }
      for (Map.Entry<String, Entry> entry : read(readText(checked)).entrySet()) {
        Entry one = entry.getValue();
        read.put(one.sha256(), new Client(entry.getKey(), one.sha256(), one.kind()));
      }
    } catch (IOException | RuntimeException e) {
      LOG.log(
          System.Logger.Level.WARNING,
          door
              + ": "
              + file
              + " does not read ("
              + e.getMessage()
              + "); no client is admitted until it does");
      read.clear();
    }
    replace(Map.copyOf(read), key, time, attributes.size());
    return byHash;
  }

  /**
   * Logs the file's refusal once when it starts ({@code why}) and once when it ends ({@code null}).
   */
  private void refused(String why) {
    if (java.util.Objects.equals(why, refusal)) {
      return;
    }
    if (why != null) {
      LOG.log(
          System.Logger.Level.WARNING,
          door
              + ": "
              + file
              + " is refused, so no client is admitted (every request gets 401): "
              + why);
    } else {
      LOG.log(
          System.Logger.Level.INFO,
          door + ": " + file + " is no longer refused; its clients are admitted again");
    }
    refusal = why;
  }

  /**
   * The text of {@code checked}, a path {@link SafeFiles} returned, without following a link at its
   * name.
   */
  private static String readText(Path checked) throws IOException {
    try (InputStream in = Files.newInputStream(checked, LinkOption.NOFOLLOW_LINKS)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /**
   * The file's text for a command that changes or lists it, refused ({@link UnsafeFileException})
   * when another user could have written it: keeping what they put there, or writing it back as
   * ours, would make their client one of ours.
   */
  private String checkedText() throws IOException {
    return readText(SafeFiles.checkSecretFile(file));
  }

  private void replace(Map<String, Client> clients, Object key, long time, long size) {
    if (!clients.equals(byHash)) {
      generation++;
    }
    byHash = clients;
    seenKey = key;
    seenTime = time;
    seenSize = size;
  }

  // ---- the file ----

  /** Name → SHA-256 (hex) and kind, in the file's order; throws for anything else. */
  private static Map<String, Entry> read(String text) throws IOException {
    JsonNode root = JSON.readTree(text);
    if (root == null || !root.path("clients").isArray()) {
      throw new IOException("expected {\"clients\": [...]}");
    }
    Map<String, Entry> clients = new LinkedHashMap<>();
    for (JsonNode entry : root.get("clients")) {
      String name = entry.path("name").asText("");
      String hash = entry.path("sha256").asText("");
      if (!CLIENT_NAME.matcher(name).matches() || !hash.matches("[0-9a-f]{64}")) {
        throw new IOException(
            "an entry needs a \"name\" and a \"sha256\" of 64 lower-case hex digits: " + entry);
      }
      clients.put(name, new Entry(hash, kind(entry.get("kind"))));
    }
    return clients;
  }

  /**
   * An entry's kind: absent is a client's (files from before kinds); anything but {@code "client"}
   * or {@code "agent"} is refused, so a later kind is never read as an agent's.
   */
  private static Kind kind(JsonNode kind) throws IOException {
    if (kind == null || kind.isNull()) {
      return Kind.CLIENT;
    }
    return switch (kind.asText()) {
      case "client" -> Kind.CLIENT;
      case "agent" -> Kind.AGENT;
      default -> throw new IOException("an entry's \"kind\" is \"client\" or \"agent\": " + kind);
    };
  }

  private interface Change {
    void apply(Map<String, Entry> clients);
  }

  /**
   * Reads, changes and writes the file under a lock, so two commands at once lose neither change;
   * in the home's real path, and only where no other user could have written the file or could
   * replace it ({@link SafeFiles}).
   */
  private void update(Change change) {
    try {
      Files.createDirectories(file.getParent());
      Path target = SafeFiles.checkDirectory(file.getParent()).resolve(file.getFileName());
      Path lock = target.resolveSibling(file.getFileName() + ".lock");
      try (FileChannel channel =
              OwnerOnlyFiles.open(
                  lock, Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE));
          FileLock held = channel.lock()) {
        Map<String, Entry> clients;
        try {
          clients = read(checkedText());
        } catch (NoSuchFileException e) {
          clients = new LinkedHashMap<>();
        }
        change.apply(clients);
        write(target, clients);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot update " + file + ": " + e.getMessage(), e);
    }
  }

  private static void write(Path target, Map<String, Entry> clients) throws IOException {
    ObjectNode root = JSON.createObjectNode();
    ArrayNode list = root.putArray("clients");
    clients.forEach(
        (name, entry) -> {
          ObjectNode one = list.addObject().put("name", name).put("sha256", entry.sha256());
          if (entry.kind() == Kind.AGENT) {
            // Only agents' entries say so: a client's stays as older versions wrote it.
            one.put("kind", "agent");
          }
        });
    // Owner-only from its creation, and moved over the old file in one step.
    OwnerOnlyFiles.replace(
        target,
        (JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n")
            .getBytes(StandardCharsets.UTF_8));
  }

  private static void checkName(String client) {
    requireNonNull(client, "client");
    if (!CLIENT_NAME.matcher(client).matches()) {
      throw new IllegalArgumentException(
          "a client name is 1 to 64 of A-Z a-z 0-9 _ . -, was '" + client + "'");
    }
  }

  /**
   * {@return the SHA-256 of {@code token}'s UTF-8, in lower-case hex: what the file keeps}
   *
   * @param token a token
   */
  public static String sha256(String token) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
