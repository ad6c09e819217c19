package io.github.providergateway.host.protocol;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.random.RandomGenerator;

/**
 * {@code host.challenge} (ours, WebSocket carrier): sent before {@code host.auth}, it asks whoever
 * answers where the host connected to prove that it is the gateway holding the token, there, before
 * the host shows it the token. The gateway answers with {@link #proof}: HMAC-SHA256 keyed with the
 * token, of {@value #PROOF_CONTEXT}, the address and port it accepted the connection on ({@link
 * #endpoint}, such as {@code 127.0.0.1:9400}), a newline and the nonce, in lower-case hex. A host
 * checks it ({@link #isProvedBy}) against the address and port it dialled, and sends {@code
 * host.auth} only when it matches.
 *
 * <p>So a proof is good for one connection to one listening socket. A process that took the port of
 * a dead gateway cannot compute it; nor can one that passes the challenge on to the live gateway on
 * another port and hands its answer back: that answer is for the gateway's port, not for the one
 * the host dialled. The reply's {@code endpoint} says which address the proof is for; it is not
 * trusted (the MAC is checked against what the host dialled), only used to say what happened.
 *
 * <pre>{@code
 * {"id":"auth-1","cmd":"host.challenge","nonce":"q3Jd…43 base64url characters"}
 * {"id":"auth-1","ok":true,"proof":"<64 hex digits>","endpoint":"127.0.0.1:9400"}
 * }</pre>
 *
 * <p>The gateway answers one challenge per connection, before {@code host.auth} only; a second one,
 * or any command but {@code host.auth} after it, closes the connection. It does not extend the
 * connection's 10 s to authenticate.
 *
 * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
 * @param nonce a fresh random string the host chose, {@value #MIN_NONCE_CHARS} to {@value
 *     #MAX_NONCE_CHARS} characters; {@link #fresh} makes one of 256 bits
 */
public record HostChallenge(JsonNode id, String nonce) implements HostCommand {

  /**
   * What the proof's MAC covers first: it is a proof for this protocol and nothing else. Version 2
   * binds the proof to the gateway's address and port (version 1, without them, could be relayed).
   */
  public static final String PROOF_CONTEXT = "provider-gateway host.challenge v2\n";

  /** The shortest nonce accepted: 128 bits in base64url. */
  public static final int MIN_NONCE_CHARS = 22;

  /** The longest nonce accepted. */
  public static final int MAX_NONCE_CHARS = 256;

  /** SHA-256's block size, which HMAC pads its key to. */
  private static final int HMAC_BLOCK_BYTES = 64;

  /**
   * Checks the nonce.
   *
   * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
   * @param nonce a fresh random string, {@value #MIN_NONCE_CHARS} to {@value #MAX_NONCE_CHARS}
   *     characters
   * @throws IllegalArgumentException when {@code nonce} is missing, shorter or longer
   */
  public HostChallenge {
    Checks.nonEmpty(nonce, "nonce");
    if (nonce.length() < MIN_NONCE_CHARS || nonce.length() > MAX_NONCE_CHARS) {
      throw new IllegalArgumentException(
          "field \"nonce\" must have "
              + MIN_NONCE_CHARS
              + " to "
              + MAX_NONCE_CHARS
              + " characters, had "
              + nonce.length());
    }
  }

  /**
   * A challenge with a new nonce of 256 bits from {@code random}, in base64url.
   *
   * @param id the command's {@code id}
   * @param random where the nonce's bits come from: a {@code SecureRandom} outside tests
   * @return the challenge
   */
  public static HostChallenge fresh(JsonNode id, RandomGenerator random) {
    byte[] bits = new byte[32];
    random.nextBytes(bits);
    return new HostChallenge(id, Base64.getUrlEncoder().withoutPadding().encodeToString(bits));
  }

  /**
   * The answer only a holder of {@code token} accepting a connection on {@code acceptedOn} can
   * give: HMAC-SHA256 keyed with the token's UTF-8 bytes, of the UTF-8 bytes of {@value
   * #PROOF_CONTEXT}, {@link #endpoint endpoint(acceptedOn)}, a newline ({@code \n}) and the nonce,
   * as 64 lower-case hex digits.
   *
   * @param token the gateway token
   * @param acceptedOn the gateway's own address and port that the connection reached (its listening
   *     socket's); for a host, the address and port it dialled
   * @return the proof
   * @throws IllegalArgumentException when {@code acceptedOn} is unresolved
   */
  public String proof(String token, InetSocketAddress acceptedOn) {
    byte[] key = Checks.nonEmpty(token, "token").getBytes(StandardCharsets.UTF_8);
    String covered = PROOF_CONTEXT + endpoint(acceptedOn) + "\n" + nonce;
    return HexFormat.of().formatHex(hmacSha256(key, covered.getBytes(StandardCharsets.UTF_8)));
  }

  /**
   * The text a proof covers for an address and port: {@code 127.0.0.1:9400} for IPv4, {@code
   * [::1]:9400} for IPv6 loopback, any other IPv6 address in brackets as {@link
   * InetAddress#getHostAddress()} writes it. No name is looked up.
   *
   * @param address an address and a port
   * @return the text
   * @throws IllegalArgumentException when {@code address} is unresolved (no IP address)
   */
  public static String endpoint(InetSocketAddress address) {
    InetAddress ip = requireNonNull(address, "address").getAddress();
    if (ip == null) {
      throw new IllegalArgumentException("an unresolved address has no endpoint: " + address);
    }
    String host =
        ip instanceof Inet6Address
            ? "[" + (ip.isLoopbackAddress() ? "::1" : ip.getHostAddress()) + "]"
            : ip.getHostAddress();
    return host + ":" + address.getPort();
  }

  /**
   * HMAC-SHA256 (RFC 2104) on {@link MessageDigest}: a hook adapter is a new JVM for every call,
   * and loading {@code javax.crypto}'s provider for {@code Mac} cost it 40-80 ms more than this
   * (the SHA-256 digest is there already). HostCodecTest checks it against {@code Mac}.
   */
  private static byte[] hmacSha256(byte[] key, byte[] message) {
    MessageDigest sha256 = sha256();
    byte[] block = new byte[HMAC_BLOCK_BYTES];
    byte[] shortKey = key.length > HMAC_BLOCK_BYTES ? sha256.digest(key) : key;
    System.arraycopy(shortKey, 0, block, 0, shortKey.length);
    byte[] inner = new byte[HMAC_BLOCK_BYTES];
    byte[] outer = new byte[HMAC_BLOCK_BYTES];
    for (int i = 0; i < HMAC_BLOCK_BYTES; i++) {
      inner[i] = (byte) (block[i] ^ 0x36);
      outer[i] = (byte) (block[i] ^ 0x5c);
    }
    sha256.update(inner);
    byte[] innerHash = sha256.digest(message);
    sha256.update(outer);
    return sha256.digest(innerHash);
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }

  /**
   * Whether {@code proof} is this challenge's proof for {@code token} at {@code dialled}, compared
   * in constant time.
   *
   * @param token the gateway token the host holds
   * @param dialled the address and port the host connected to
   * @param proof what the peer answered; null when it answered none
   * @return whether the peer holds {@code token} and accepted the connection where the host dialled
   */
  public boolean isProvedBy(String token, InetSocketAddress dialled, String proof) {
    return proof != null
        && MessageDigest.isEqual(
            proof(token, dialled).getBytes(StandardCharsets.UTF_8),
            proof.getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public HostCommandType type() {
    return HostCommandType.HOST_CHALLENGE;
  }
}
