package io.github.providergateway.provider.internal;

import io.github.providergateway.protocol.Hello;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Fails fast, before anything connects, on the names the gateway would refuse (its {@code Names}):
 * a provider name, instance or tool name outside {@link Hello#NAME_GRAMMAR}, {@code .} or {@code
 * ..} as a provider name, a reserved provider name, two tools of one name. Refused by the gateway,
 * each would leave the provider unbound; refused here, the message says what is allowed.
 */
public final class NameCheck {

  /** What a refused name's message says is allowed. */
  static final String GRAMMAR =
      "names are 1 to 128 of A-Z a-z 0-9 _ . - (" + Hello.NAME_GRAMMAR + ")";

  /** How much of a refused name the message repeats. */
  private static final int SHOWN_CHARS = 40;

  private NameCheck() {}

  /** Checks a provider's name and instance (null: none). */
  public static void checkProvider(String name, String instance) {
    check("provider name", name);
    if (name.equals(".") || name.equals("..")) {
      throw new IllegalArgumentException("provider name '" + name + "' is no name; " + GRAMMAR);
    }
    if (Hello.isReservedName(name)) {
      throw new IllegalArgumentException(
          "provider name '"
              + name
              + "' is reserved for the gateway itself (reserved: "
              + String.join(", ", Hello.RESERVED_NAMES)
              + ", in any case)");
    }
    if (instance != null) {
      check("instance", instance);
    }
  }

  /** Checks the names of the tools a provider declares: in the grammar, and unique. */
  public static void checkToolNames(List<String> toolNames) {
    Set<String> names = new HashSet<>();
    for (String name : toolNames) {
      check("tool name", name);
      if (!names.add(name)) {
        throw new IllegalArgumentException("two tools are named '" + name + "'");
      }
    }
  }

  private static void check(String what, String name) {
    if (!Hello.fitsNameGrammar(name)) {
      throw new IllegalArgumentException(
          what + " '" + shown(name) + "' would be refused by the gateway: " + GRAMMAR);
    }
  }

  /** At most 40 characters of {@code name}, so a huge name makes no huge message. */
  private static String shown(String name) {
    return name.length() > SHOWN_CHARS ? name.substring(0, SHOWN_CHARS) + "..." : name;
  }
}
