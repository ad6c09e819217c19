package io.github.providergateway.gateway.internal;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.Map;
import java.util.function.BiPredicate;

/**
 * The tokens this gateway run accepts in {@code auth}: its own gateway token (written to the token
 * file once the gateway can be reached: {@link #publishTokenFile}), per-provider spawn tokens and
 * external tokens issued by pairing. Tokens live only in memory: a new run issues new ones and
 * refuses every old one (R-AUTH-01, R-AUTH-19).
 *
 * <p>Lookups never compare token text directly: a presented token is hashed and compared against
 * stored hashes with {@link TokenHash#same} (every byte read, whatever the first difference), so
 * timing reveals nothing about a token (R-AUTH-06). Loop only, except {@link #gatewayToken()},
 * {@link #tokenFile()} and {@link #publishTokenFile()}.
 *
 * <p>The token file is the one piece here not on the loop, and the lock guards only it: it is not
 * gateway state (nothing the gateway decides reads it) but a file published for other processes.
 * {@code Gateway.credentials().publishTokenFile()} is called from the server's start thread, or any
 * thread, and returns the path or throws when it cannot be written; hopping onto the loop would
 * make that caller wait for the loop, which blocks forever when the caller is a task on the loop
 * itself.
 */
public final class Credentials {

  private final Secrets secrets;
  private final String gatewayToken;
  private final byte[] gatewayTokenHash;
  private final Path home;

  /** Compares a presented token's digest with a stored one: {@link TokenHash#same}. */
  private final BiPredicate<byte[], byte[]> sameDigest;

  /** The written token file, or null before it is published or without a home. Guarded by this. */
  private TokenFile tokenFile;

  /** Set when the gateway stops: nothing is published after. Guarded by this. */
  private boolean stopped;

  /** Issued tokens other than the gateway token, by the hex SHA-256 of the token. */
  private final Map<String, Credential> issued = new HashMap<>();

  /** The groups of sessions shared providers serve, by the host's name for each (decision 72). */
  private final Map<String, SpawnGroup> groups = new HashMap<>();

  Credentials(Secrets secrets, Path home) {
    this(secrets, home, TokenHash::same);
  }

  /** Tests pass {@code sameDigest} to see what each check compares. */
  Credentials(Secrets secrets, Path home, BiPredicate<byte[], byte[]> sameDigest) {
    this.secrets = secrets;
    this.sameDigest = sameDigest;
    this.gatewayToken = secrets.token("ptk-");
    this.gatewayTokenHash = sha256(gatewayToken);
    this.home = home;
    if (home != null) {
      TokenFile.prepareHome(home);
    }
  }

  /** The gateway token, for providers started by hand. Any thread. */
  public String gatewayToken() {
    return gatewayToken;
  }

  /**
   * Whether {@code presented} is the gateway token, compared by digest in constant time. Any
   * thread: the token never changes.
   */
  public boolean isGatewayToken(String presented) {
    return sameDigest.test(sha256(presented), gatewayTokenHash);
  }

  /** Where the token file is (once published), or null when the gateway has no home. Any thread. */
  public Path tokenFile() {
    return home == null ? null : home.resolve(TokenFile.NAME).toAbsolutePath();
  }

  /**
   * Writes the token file, once; nothing without a home or after the gateway stopped. Any thread.
   *
   * @return the file's path, or null when nothing was written
   */
  public synchronized Path publishTokenFile() {
    if (home == null || stopped) {
      return null;
    }
    if (tokenFile == null) {
      tokenFile = TokenFile.write(home, gatewayToken);
    }
    return tokenFile.path();
  }

  /** What {@code presented} proves, or null when it is no token of this run. */
  Credential authenticate(String presented) {
    byte[] hash = sha256(presented);
    if (sameDigest.test(hash, gatewayTokenHash)) {
      return new Credential.GatewayToken();
    }
    return issued.get(HexFormat.of().formatHex(hash));
  }

  /**
   * Issues a project token scoped to {@code sessionId} for a provider the gateway spawns as {@code
   * spawnName} (null for none).
   */
  public String issueSpawnToken(String sessionId, String spawnName) {
    String token = secrets.token("ptk-");
    issued.put(hex(token), new Credential.SpawnToken(sessionId, spawnName));
    return token;
  }

  /**
   * The group {@code groupId}, created when it is new, with {@code sessionId} in it (decision 72).
   *
   * @return the group
   */
  SpawnGroup share(String groupId, String sessionId) {
    SpawnGroup group = groups.computeIfAbsent(groupId, SpawnGroup::new);
    group.add(sessionId);
    return group;
  }

  /** The group {@code groupId}, or null when it has no session (any more). */
  SpawnGroup group(String groupId) {
    return groups.get(groupId);
  }

  /**
   * Issues a shared spawn token for the provider the host spawns as {@code spawnName} for the
   * sessions of {@code group}: project trust over them (decision 72). It replaces the group's older
   * tokens: the host starts one process for a group at a time, so an older token was its previous
   * run's.
   */
  String issueSharedSpawnToken(SpawnGroup group, String spawnName) {
    issued
        .values()
        .removeIf(
            held -> held instanceof Credential.SharedSpawnToken shared && shared.group() == group);
    String token = secrets.token("ptk-");
    issued.put(hex(token), new Credential.SharedSpawnToken(group, spawnName));
    return token;
  }

  /** Issues an external token for a provider paired to {@code sessionId}. */
  String issueExternalToken(String sessionId) {
    String token = secrets.token("ext-tok-");
    issued.put(hex(token), new Credential.External(sessionId));
    return token;
  }

  /**
   * Revokes every token scoped to {@code sessionId}: they die with it (R-AUTH-08, R-AUTH-18). The
   * session leaves every group; a group left empty is over, and its shared tokens die with it.
   */
  void revokeSession(String sessionId) {
    for (Iterator<SpawnGroup> it = groups.values().iterator(); it.hasNext(); ) {
      SpawnGroup group = it.next();
      if (group.remove(sessionId) && group.isEmpty()) {
        it.remove();
      }
    }
    for (Iterator<Credential> it = issued.values().iterator(); it.hasNext(); ) {
      Credential credential = it.next();
      if (sessionId.equals(credential.defaultSession())
          || (credential instanceof Credential.SharedSpawnToken shared
              && shared.group().isEmpty())) {
        it.remove();
      }
    }
  }

  /** Forgets every token and deletes the token file. */
  void stop() {
    issued.clear();
    groups.clear();
    synchronized (this) {
      stopped = true;
      if (tokenFile != null) {
        tokenFile.delete();
      }
    }
  }

  private static String hex(String token) {
    return TokenHash.sha256Hex(token);
  }

  private static byte[] sha256(String text) {
    return TokenHash.sha256(text);
  }
}
