package io.github.providergateway.host.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.random.RandomGenerator;

/**
 * {@code host.challenge} (ours, WebSocket carrier): sent before {@code host.auth}, it asks whoever
 * answers on the gateway's port to prove that it holds the gateway token, before the host shows it
 * the token. The gateway answers with {@link #proof(String)}: HMAC-SHA256 keyed with the token, of
 * {@value #PROOF_CONTEXT} followed by the nonce, in lower-case hex. A process that took the port of
 * a dead gateway cannot compute it; a host sends {@code host.auth} only after checking it ({@link
 * #isProvedBy}).
 *
 * <pre>{@code
 * {"id":"auth-1","cmd":"host.challenge","nonce":"q3Jd…43 base64url characters"}
 * {"id":"auth-1","ok":true,"proof":"<64 hex digits>"}
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

  /** What the proof's MAC covers before the nonce: it is a proof for this protocol and nothing else. */
  public static final String PROOF_CONTEXT = "provider-gateway host.challenge v1\n";
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
          "field \"nonce\" must have " + MIN_NONCE_CHARS + " to " + MAX_NONCE_CHARS + " characters, had " + nonce.length());
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
   * The answer only a holder of {@code token} can give: HMAC-SHA256 keyed with the token's UTF-8
   * bytes, of the UTF-8 bytes of {@value #PROOF_CONTEXT} and the nonce, as 64 lower-case hex digits.
   *
   * @param token the gateway token
   * @return the proof
   */
  public String proof(String token) {
    byte[] key = Checks.nonEmpty(token, "token").getBytes(StandardCharsets.UTF_8);
    return HexFormat.of().formatHex(hmacSha256(key, (PROOF_CONTEXT + nonce).getBytes(StandardCharsets.UTF_8)));
  }

  /**
   * HMAC-SHA256 (RFC 2104) on {@link MessageDigest}: a hook adapter is a new JVM for every call,
   * and loading {@code javax.crypto}'s provider for {@code Mac} cost it 40-80 ms more than this (the
   * SHA-256 digest is there already). HostCodecTest checks it against {@code Mac}.
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
   * Whether {@code proof} is this challenge's proof for {@code token}, compared in constant time.
   *
   * @param token the gateway token the host holds
   * @param proof what the peer answered; null when it answered none
   * @return whether the peer holds {@code token}
   */
  public boolean isProvedBy(String token, String proof) {
    return proof != null
        && MessageDigest.isEqual(
            proof(token).getBytes(StandardCharsets.UTF_8), proof.getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public HostCommandType type() {
    return HostCommandType.HOST_CHALLENGE;
  }
}
