package io.github.providergateway.app.guard;

import static java.nio.charset.StandardCharsets.US_ASCII;

import io.github.providergateway.loop.base.OwnerOnlyFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;

/**
 * The organisation policy's keys and signatures (issue 66, docs/team.md "The signed policy"):
 * Ed25519, as the JDK makes it, with no library of ours. The text forms are one line each: a
 * private key file is {@value #PRIVATE_PREFIX} and the base64 of its PKCS#8 encoding, a public key
 * is {@value #PUBLIC_PREFIX} and the base64 of its X.509 encoding, a signature is the base64 of the
 * 64 signature bytes over the policy's exact bytes. The prefixes say what a file is, so a private
 * key given where the public one belongs is named as such rather than failing obscurely.
 */
public final class PolicyKeys {

  /** What a private key's line starts with. */
  public static final String PRIVATE_PREFIX = "ed25519-private:";

  /** What a public key's line starts with. */
  public static final String PUBLIC_PREFIX = "ed25519-public:";

  /** The largest key or signature file read: a line of base64 is far smaller. */
  static final int MAX_KEY_BYTES = 4096;

  private static final String ALGORITHM = "Ed25519";

  private PolicyKeys() {}

  /** A key text, a key file or a signature that is not what it must be. */
  public static final class BadKeyException extends Exception {
    private static final long serialVersionUID = 1L;

    BadKeyException(String message) {
      super(message);
    }
  }

  /**
   * Makes a new key pair and writes {@code key} (the private key, created owner-only: never written
   * and narrowed after) and {@code key.pub} (the public key).
   *
   * @throws java.nio.file.FileAlreadyExistsException when either is there: a key is never replaced
   * @throws IOException when a file cannot be written
   */
  public static void generate(Path key) throws IOException {
    Path pub = publicFileOf(key);
    if (Files.exists(pub, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      throw new java.nio.file.FileAlreadyExistsException(pub.toString());
    }
    KeyPair pair;
    try {
      pair = KeyPairGenerator.getInstance(ALGORITHM).generateKeyPair();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("this JDK has no Ed25519 (Java 15 and later have it)", e);
    }
    OwnerOnlyFiles.createFile(key);
    Files.write(key, line(PRIVATE_PREFIX, pair.getPrivate().getEncoded()));
    Files.write(pub, line(PUBLIC_PREFIX, pair.getPublic().getEncoded()));
  }

  /** {@return where the public key of private key file {@code key} is written: {@code key.pub}} */
  public static Path publicFileOf(Path key) {
    return key.resolveSibling(key.getFileName() + ".pub");
  }

  /** {@return where the signature of {@code file} is: {@code file.sig}} */
  public static Path signatureFileOf(Path file) {
    return file.resolveSibling(file.getFileName() + ".sig");
  }

  /**
   * The signature of {@code bytes} by the private key in file {@code key}, as its text (base64).
   *
   * @throws BadKeyException when the file holds no private key of ours
   * @throws IOException when it cannot be read
   */
  public static String sign(byte[] bytes, Path key) throws IOException, BadKeyException {
    String text = readSmall(key);
    if (text.startsWith(PUBLIC_PREFIX)) {
      throw new BadKeyException(key + " is a public key; signing needs the private one");
    }
    byte[] encoded = decode(text, PRIVATE_PREFIX, key + " is not a private key of 'policy keygen'");
    try {
      PrivateKey privateKey =
          KeyFactory.getInstance(ALGORITHM).generatePrivate(new PKCS8EncodedKeySpec(encoded));
      Signature signature = Signature.getInstance(ALGORITHM);
      signature.initSign(privateKey);
      signature.update(bytes);
      return Base64.getEncoder().encodeToString(signature.sign());
    } catch (GeneralSecurityException e) {
      throw new BadKeyException(key + " is not an Ed25519 private key (" + e.getMessage() + ")");
    }
  }

  /**
   * The public key of {@code text}: a key's line ({@value #PUBLIC_PREFIX}…).
   *
   * @throws BadKeyException when it is none
   */
  public static PublicKey publicKey(String text) throws BadKeyException {
    String line = text.strip();
    if (line.startsWith(PRIVATE_PREFIX)) {
      throw new BadKeyException("a private key was given where the public key belongs");
    }
    byte[] encoded = decode(line, PUBLIC_PREFIX, "not a public key of 'policy keygen'");
    try {
      return KeyFactory.getInstance(ALGORITHM).generatePublic(new X509EncodedKeySpec(encoded));
    } catch (GeneralSecurityException e) {
      throw new BadKeyException("not an Ed25519 public key (" + e.getMessage() + ")");
    }
  }

  /** {@return the public key in file {@code file}} */
  public static PublicKey readPublicKey(Path file) throws IOException, BadKeyException {
    try {
      return publicKey(readSmall(file));
    } catch (BadKeyException e) {
      throw new BadKeyException(file + ": " + e.getMessage());
    }
  }

  /**
   * Whether {@code signatureText} (base64, surrounding white space ignored) is {@code key}'s
   * signature over exactly {@code bytes}.
   *
   * @throws BadKeyException when the signature text is not base64 of 64 bytes
   */
  public static boolean verify(byte[] bytes, String signatureText, PublicKey key)
      throws BadKeyException {
    byte[] signed;
    try {
      signed = Base64.getDecoder().decode(signatureText.strip());
    } catch (IllegalArgumentException e) {
      throw new BadKeyException("the signature is not base64");
    }
    if (signed.length != 64) {
      throw new BadKeyException(
          "the signature has " + signed.length + " bytes; an Ed25519 signature has 64");
    }
    try {
      Signature signature = Signature.getInstance(ALGORITHM);
      signature.initVerify(key);
      signature.update(bytes);
      return signature.verify(signed);
    } catch (GeneralSecurityException e) {
      return false;
    }
  }

  /** {@return a small text file's content}, refusing one past {@value #MAX_KEY_BYTES} bytes */
  static String readSmall(Path file) throws IOException {
    if (Files.size(file) > MAX_KEY_BYTES) {
      throw new IOException(file + " is larger than " + MAX_KEY_BYTES + " bytes");
    }
    return Files.readString(file, US_ASCII).strip();
  }

  private static byte[] decode(String text, String prefix, String notOurs) throws BadKeyException {
    if (!text.startsWith(prefix)) {
      throw new BadKeyException(notOurs + " (it must start with '" + prefix + "')");
    }
    try {
      return Base64.getDecoder().decode(text.substring(prefix.length()).strip());
    } catch (IllegalArgumentException e) {
      throw new BadKeyException(notOurs + " (its key is not base64)");
    }
  }

  private static byte[] line(String prefix, byte[] encoded) {
    return (prefix + Base64.getEncoder().encodeToString(encoded) + "\n").getBytes(US_ASCII);
  }
}
