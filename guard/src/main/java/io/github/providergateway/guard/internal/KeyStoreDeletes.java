package io.github.providergateway.guard.internal;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Key material deleted from the store that holds it (issue 80, round 77: a DNS operator's
 * key-signing key deleted from SoftHSM with {@code pkcs11-tool --delete-object --type privkey}): a
 * private or secret key has no other copy there, and what signs or decrypts with it stops until a
 * new one is made and published. Read by the store's own spelling of a delete, whatever the trade:
 * a PKCS#11 token's object ({@code pkcs11-tool --delete-object}/{@code -b}, {@code p11tool
 * --delete}), an NSS database's key or certificate ({@code certutil -F}, {@code -D}), a TPM's
 * persistent key evicted ({@code tpm2_evictcontrol -c 0x81…}).
 *
 * <p>SoftHSM is also the token of tests: there only a private or secret key is read so, and a
 * label, id or token that says test, development or example is none. Listing, importing and making
 * keys persistent are not deletes.
 */
final class KeyStoreDeletes {
  private KeyStoreDeletes() {}

  /** The PKCS#11 object types that are key material ({@code --type}, {@code -y}). */
  private static final Set<String> KEY_TYPES =
      Set.of("privkey", "secrkey", "private", "secret-key");

  /** A TPM's persistent handles start so (TCG: the owner's persistent range, 0x81000000). */
  private static final String PERSISTENT_HANDLE = "0x81";

  /**
   * Whether the step deletes key material from a store of keys.
   *
   * @param step the program
   * @return whether it deletes a key, or a token's or NSS database's object
   */
  static boolean deleted(Step step) {
    List<String> args = step.invocation().args();
    return switch (step.program()) {
      case "pkcs11-tool" ->
          (args.contains("--delete-object") || args.contains("-b")) && tokenObject(args);
      case "p11tool" -> args.contains("--delete") && tokenObject(args);
      case "certutil" -> (args.contains("-D") || args.contains("-F")) && !testStore(args);
      case "tpm2_evictcontrol" -> evictsPersistent(args);
      default -> false;
    };
  }

  /**
   * Whether a token's delete takes key material: any object of a hardware module, and on SoftHSM a
   * private or secret key that names no test.
   */
  private static boolean tokenObject(List<String> args) {
    boolean software = false;
    boolean key = false;
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i).toLowerCase(Locale.ROOT);
      software |= arg.contains("softhsm");
      key |= KEY_TYPES.contains(typeValue(args, i)) || arg.contains("type=private");
      key |= arg.contains("type=secret");
    }
    return !software || key && !testStore(args);
  }

  /**
   * The value of a {@code --type}, {@code --type=} or {@code -y} option at {@code i}, lower case.
   */
  private static String typeValue(List<String> args, int i) {
    String arg = args.get(i);
    if (arg.startsWith("--type=")) {
      return arg.substring("--type=".length()).toLowerCase(Locale.ROOT);
    }
    if ((arg.equals("--type") || arg.equals("-y")) && i + 1 < args.size()) {
      return args.get(i + 1).toLowerCase(Locale.ROOT);
    }
    return "";
  }

  /**
   * The options that name the object or the store: a token's label and id, an NSS database and its
   * nickname. The module's path is not read ({@code /usr/local/lib/…} says nothing of tests).
   */
  private static final Set<String> NAMING =
      Set.of("--label", "-a", "--id", "--token-label", "-d", "-n", "--slot-description");

  /** Whether the object or store named, or a token's URL, says test, development or example. */
  private static boolean testStore(List<String> args) {
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      int equals = arg.indexOf('=');
      String named =
          NAMING.contains(arg) && i + 1 < args.size()
              ? args.get(i + 1)
              : arg.startsWith("--") && equals > 0 && NAMING.contains(arg.substring(0, equals))
                  ? arg.substring(equals + 1)
                  : arg.startsWith("pkcs11:") ? arg : "";
      if (named.length() < 200 && (Environments.testName(named) || named.contains("example"))) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@code tpm2_evictcontrol -c 0x81…}: a persistent handle given is evicted; a context file given
   * is made persistent.
   */
  private static boolean evictsPersistent(List<String> args) {
    for (int i = 0; i + 1 < args.size(); i++) {
      String option = args.get(i);
      if ((option.equals("-c") || option.equals("--object-context"))
          && args.get(i + 1).toLowerCase(Locale.ROOT).startsWith(PERSISTENT_HANDLE)) {
        return true;
      }
    }
    return false;
  }
}
